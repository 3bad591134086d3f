import { describe, expect, it } from 'vitest'
import { BOT_PROTECTION, detectBotChallenge } from '../src/bot-challenge.js'

const page = (title: string, body = '<p>Hello</p>') => `<html><head><title>${title}</title></head><body>${body}</body></html>`

describe('detectBotChallenge', () => {
  it.each([
    ['Just a moment...', 'cloudflare'],
    ['Attention Required! | Cloudflare', 'cloudflare'],
    ['Pardon Our Interruption', 'imperva'],
    ['Access denied', 'unknown'],
    ['DDoS-Guard', 'ddos-guard'],
    ['Verifying you are human. This may take a few seconds.', 'unknown']
  ])('recognises the title %j', (title, provider) => {
    expect(detectBotChallenge({ status: 200, headers: {}, title, html: page(title) })).toEqual({ challenge: true, provider })
  })

  it('trusts the cf-mitigated header', () => {
    expect(detectBotChallenge({ status: 403, headers: { 'cf-mitigated': 'challenge' }, title: 'Acme', html: page('Acme') }))
      .toEqual({ challenge: true, provider: 'cloudflare' })
  })

  it('recognises a 403 or 503 from Cloudflare with a cf-ray header', () => {
    expect(detectBotChallenge({ status: 503, headers: { 'cf-ray': '8a1b2c3d4e5f-AMS', server: 'cloudflare' }, title: null, html: '' }))
      .toEqual({ challenge: true, provider: 'cloudflare' })
  })

  it('recognises vendor markers on an untitled or blocking page', () => {
    expect(detectBotChallenge({ status: 403, headers: {}, title: 'Acme', html: page('Acme', '<script src="https://ct.captcha-delivery.com/c.js"></script>') }))
      .toEqual({ challenge: true, provider: 'datadome' })
    expect(detectBotChallenge({ status: 200, headers: {}, title: '', html: '<script>window._cf_chl_opt={}</script>' }))
      .toEqual({ challenge: true, provider: 'cloudflare' })
  })

  it('does not flag an ordinary page that loads a vendor script', () => {
    const html = page('Acme Anvils', '<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script>')
    expect(detectBotChallenge({ status: 200, headers: { 'cf-ray': 'abc', server: 'cloudflare' }, title: 'Acme Anvils', html }))
      .toEqual({ challenge: false, provider: null })
  })

  it('does not flag an ordinary 404 page', () => {
    expect(detectBotChallenge({ status: 404, headers: { server: 'nginx' }, title: 'Page not found', html: page('Page not found') }))
      .toEqual({ challenge: false, provider: null })
  })

  // the cases of the site service's former detector, whose names are now BOT_PROTECTION's
  it('names the service behind a challenge or block page from its markers', () => {
    const verdict = (html: string, status: number, words: number): string | null =>
      detectBotChallenge({ status, headers: {}, title: /<title>([^<]*)/.exec(html)?.[1] ?? null, html, words }).provider
    expect(verdict('<title>Just a moment...</title><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/jsch/v1"></script>', 403, 0)).toBe('cloudflare')
    expect(verdict('<iframe src="https://geo.captcha-delivery.com/captcha/"></iframe>', 403, 0)).toBe('datadome')
    expect(verdict('<script src="/_Incapsula_Resource?x"></script>', 200, 3)).toBe('imperva')
    expect([BOT_PROTECTION.cloudflare, BOT_PROTECTION.datadome, BOT_PROTECTION.imperva]).toEqual(['Cloudflare', 'DataDome', 'Imperva Incapsula'])
  })

  it('ignores protection scripts on a page with text of its own, and a bare 403', () => {
    const html = '<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script><p>…</p>'
    expect(detectBotChallenge({ status: 200, headers: {}, title: null, html, words: 400 })).toEqual({ challenge: false, provider: null })
    expect(detectBotChallenge({ status: 403, headers: {}, title: null, html: '<h1>Forbidden</h1>', words: 1 })).toEqual({ challenge: false, provider: null })
  })
})
