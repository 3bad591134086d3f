// POST /v1/site-intel/robots/simulate on fixture sites: a proposal that opens, closes and leaves URLs as
// they are, for several user agents; a current robots.txt that is unreachable; the input rules.
import { testConfig } from '@utility-apis/service-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { harness, KEY, NOW, type Harness } from '../fixtures/analyze.js'
import { html, text, urlset } from '../fixtures/html.js'

const SIM = 'sim.test'
const DOWN = 'down-robots.test'
const FAILING = 'failing-sources.test'
const NO_SITEMAP = 'no-sitemap.test'
const CURRENT = 'User-agent: *\nDisallow: /private/\nDisallow: /drafts/\n\nUser-agent: GPTBot\nDisallow: /\n'
const PROPOSED = 'User-agent: *\nDisallow: /private/\nAllow: /private/y\nDisallow: /shop/cart\nDisalow: /tmp\n\nUser-agent: GPTBot\nDisallow: /blog/\n'
const SITEMAP_PATHS = ['/', '/blog/a', '/blog/b', '/private/x', '/private/y', '/drafts/d1', '/shop/cart', '/shop/item', '/docs/file.pdf']

let h: Harness
beforeAll(async () => {
  h = await harness([SIM, DOWN, FAILING, NO_SITEMAP], (o) => ({
    [SIM]: {
      '/': html('<html><head><title>Sim</title></head><body><a href="/about">About</a> <a href="/contact">Contact</a> <a href="/blog/a">Blog</a></body></html>'),
      '/robots.txt': text(`${CURRENT}\nSitemap: ${o(SIM)}/sitemap.xml\n`),
      '/sitemap.xml': text(urlset(SITEMAP_PATHS.map((p) => ({ loc: `${o(SIM)}${p}` }))), 'application/xml')
    },
    [DOWN]: {
      '/': html('<html><head><title>Down</title></head><body><a href="/a">A</a></body></html>'),
      '/robots.txt': text('Service Unavailable', 'text/plain', 503)
    },
    // its homepage and its only sitemap fail for a moment: the URLs they hold were never seen
    [FAILING]: {
      '/': text('Internal Server Error', 'text/plain', 500),
      '/robots.txt': text(`User-agent: *\nDisallow: /private/\nSitemap: ${o(FAILING)}/sm.xml\n`),
      '/sm.xml': text('Service Unavailable', 'text/plain', 503)
    },
    // no sitemap at all (404s): the site's own answer, nothing missed
    [NO_SITEMAP]: {
      '/': html('<html><head><title>Plain</title></head><body><a href="/a">A</a></body></html>'),
      '/robots.txt': text('User-agent: *\nDisallow: /private/\n')
    }
  }))
})
afterAll(async () => { await h.close() })

const simulate = async (payload: object): Promise<{ status: number, body: any }> => {
  const res = await h.app.inject({ method: 'POST', url: '/v1/site-intel/robots/simulate', headers: KEY, payload })
  return { status: res.statusCode, body: res.json() }
}
const paths = (list: any): string[] => list.urls.map((c: any) => c.path).sort()

describe('POST /v1/site-intel/robots/simulate', () => {
  it('says the sample is incomplete when the homepage or a sitemap failed, naming each and why', async () => {
    const failing = await simulate({ url: h.server.origin(FAILING), proposed_robots_txt: 'User-agent: *\nDisallow: /\n', user_agents: ['Googlebot'] })
    expect(failing.status).toBe(200)
    expect(failing.body.sample).toMatchObject({
      urls: 1,
      complete: false,
      unread: [{ url: `${h.server.origin(FAILING)}/`, reason: 'HTTP 500' }, { url: `${h.server.origin(FAILING)}/sm.xml`, reason: 'HTTP 503' }]
    })
    const plain = await simulate({ url: h.server.origin(NO_SITEMAP), proposed_robots_txt: 'User-agent: *\nDisallow: /\n', user_agents: ['Googlebot'] })
    expect(plain.body.sample).toMatchObject({ urls: 2, complete: true, unread: [] })
  })

  let body: any
  beforeAll(async () => {
    const res = await simulate({ url: h.server.origin(SIM), proposed_robots_txt: PROPOSED, user_agents: ['Googlebot', 'OAI-SearchBot', 'GPTBot'] })
    expect(res.status).toBe(200)
    body = res.body
  })

  it('judges the homepage, every sitemap URL and the homepage\'s other links, without fetching them', () => {
    // '/' is the homepage itself; /blog/a is in the sitemap too
    expect(body.sample).toEqual({ urls: 11, from_sitemap: 8, from_homepage_links: 2, sitemap_entries: 9, complete: true, unread: [] })
    expect(h.server.seen.filter((s) => s.startsWith(SIM)).map((s) => s.split(' ')[1]).sort()).toEqual(['/', '/robots.txt', '/sitemap.xml'])
    expect(body.current_robots_txt).toMatchObject({ status: 200, outcome: 'parsed', truncated: false })
  })

  it('opens, closes and leaves URLs for the crawlers of the * group', () => {
    for (const agent of ['Googlebot', 'OAI-SearchBot']) {
      const result = body.results.find((r: any) => r.user_agent === agent)
      expect([agent, paths(result.opened), paths(result.closed), result.unchanged]).toEqual([agent, ['/drafts/d1', '/private/y'], ['/shop/cart'], 8])
      expect([result.opened.total, result.closed.total]).toEqual([2, 1])
    }
    const googlebot = body.results[0]
    expect(googlebot.opened.urls.find((c: any) => c.path === '/private/y')).toMatchObject({
      before: { allowed: false, rule: { line: 2, text: 'Disallow: /private/' } },
      after: { allowed: true, rule: { line: 3, text: 'Allow: /private/y' } }
    })
    expect(googlebot.closed.urls[0]).toMatchObject({ before: { allowed: true, rule: null }, after: { allowed: false, rule: { line: 4, text: 'Disallow: /shop/cart' } } })
  })

  it('and for a crawler with a group of its own', () => {
    const gptbot = body.results.find((r: any) => r.user_agent === 'GPTBot')
    expect(paths(gptbot.opened)).toEqual(['/', '/about', '/contact', '/docs/file.pdf', '/drafts/d1', '/private/x', '/private/y', '/shop/cart', '/shop/item'])
    expect([gptbot.closed.total, gptbot.unchanged]).toEqual([0, 2])
    expect(gptbot.opened.urls[0].before.rule).toEqual({ line: 6, text: 'Disallow: /' })
  })

  it('lints the proposed file as the matcher reads it', () => {
    // the matcher applies the misspelt line as Google does (issue 25: a warning, no longer an error it also applies)
    expect(body.proposed.lint).toEqual({
      valid: true,
      errors: [],
      warnings: [{ line: 5, content: 'Disalow: /tmp', message: 'Misspelt directive "Disalow": read as "disallow: /tmp", as Google reads it; other crawlers ignore the line' }]
    })
    expect(body.results.find((r: any) => r.user_agent === 'Googlebot').closed.urls.map((u: any) => u.after.rule?.text)).not.toContain('Disalow: /tmp')
  })

  it('applies an unreachable current robots.txt as RFC 9309 says: everything is disallowed now', async () => {
    const { body: down } = await simulate({ url: h.server.origin(DOWN), proposed_robots_txt: 'User-agent: *\nDisallow: /a\n', user_agents: ['Googlebot'] })
    expect(down.current_robots_txt).toMatchObject({ status: 503, outcome: 'unreachable' })
    expect([paths(down.results[0].opened), down.results[0].closed.total, down.results[0].unchanged]).toEqual([['/'], 0, 1])
  })

  it('validates its input and refuses a target that is not public', async () => {
    expect((await simulate({ url: 'https://user:pw@a.example/', proposed_robots_txt: '' })).status).toBe(422)
    expect((await simulate({ url: 'a.example' })).body.detail[0]).toMatchObject({ type: 'missing', loc: ['body', 'proposed_robots_txt'] })
    expect((await simulate({ url: 'a.example', proposed_robots_txt: '', max_urls: 501 })).body.detail[0]).toMatchObject({ type: 'less_than_equal' })
    const app = await buildApp({ config: testConfig(), clock: () => NOW })
    try {
      const res = await app.inject({ method: 'POST', url: '/v1/site-intel/robots/simulate', headers: KEY, payload: { url: 'http://10.0.0.1/', proposed_robots_txt: '' } })
      expect([res.statusCode, res.json()]).toEqual([400, { detail: 'Target address is not allowed', code: 'target_not_allowed', request_id: expect.any(String) }])
    } finally {
      await app.close()
    }
  })
})
