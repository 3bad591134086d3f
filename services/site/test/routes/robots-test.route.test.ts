import { testConfig } from '@utility-apis/service-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { OBSERVED_TOKENS } from '../../src/domain/ai-crawlers.js'
import { harness, KEY, NOW, type Harness } from '../fixtures/analyze.js'
import { text } from '../fixtures/html.js'

const ROBOTS = ['User-agent: *', 'Disallow: /private/', 'Allow: /private/open', '', 'User-agent: GPTBot', 'Disallow: /', 'Sitemap: https://a.example/sitemap.xml'].join('\n')

let h: Harness
beforeAll(async () => {
  h = await harness(['ok.test', 'none.test', 'down.test'], () => ({
    'ok.test': { '/robots.txt': text(ROBOTS) },
    'none.test': {},
    'down.test': { '/robots.txt': text('busy', 'text/plain', 429) }
  }))
})
afterAll(async () => { await h.close() })

const test = async (payload: object): Promise<{ status: number, body: any }> => {
  const res = await h.app.inject({ method: 'POST', url: '/v1/site-intel/robots/test', headers: KEY, payload })
  return { status: res.statusCode, body: res.json() }
}

describe('POST /v1/site-intel/robots/test', () => {
  it('answers per user agent with the deciding rule', async () => {
    const { status, body } = await test({ robots_txt: ROBOTS, url: 'https://a.example/private/x?y=1', user_agents: ['Googlebot', 'GPTBot', '*'] })
    expect(status).toBe(200)
    expect(body.path).toBe('/private/x?y=1')
    expect(body.robots_txt).toEqual({ source: 'provided', url: null, status: null, outcome: 'parsed', error: null, truncated: false })
    expect(body.results).toEqual([
      { user_agent: 'Googlebot', allowed: false, group: 'global', matched_rule: { line: 2, directive: 'disallow', pattern: '/private/', text: 'Disallow: /private/' }, reason: 'line 2 "Disallow: /private/" is the most specific match in the * group' },
      { user_agent: 'GPTBot', allowed: false, group: 'specific', matched_rule: { line: 6, directive: 'disallow', pattern: '/', text: 'Disallow: /' }, reason: 'line 6 "Disallow: /" is the most specific match in its own group' },
      { user_agent: '*', allowed: false, group: 'global', matched_rule: { line: 2, directive: 'disallow', pattern: '/private/', text: 'Disallow: /private/' }, reason: expect.any(String) }
    ])
    expect(body.lint).toEqual({ valid: true, errors: [], warnings: [] })
    expect(body.sitemaps).toEqual(['https://a.example/sitemap.xml'])
  })

  it('tests the default crawler tokens when none are given', async () => {
    const { body } = await test({ robots_txt: ROBOTS, url: 'https://a.example/private/open/page' })
    expect(body.results.map((r: any) => r.user_agent)).toEqual(OBSERVED_TOKENS)
    const byAgent = Object.fromEntries(body.results.map((r: any) => [r.user_agent, r.allowed]))
    expect(byAgent).toMatchObject({ Googlebot: true, GPTBot: false, ClaudeBot: true })
  })

  it('fetches the URL\'s robots.txt and applies the RFC 9309 status rules', async () => {
    const ok = await test({ url: `${h.server.origin('ok.test')}/private/x`, user_agents: ['Googlebot'] })
    expect(ok.body.robots_txt).toMatchObject({ source: 'fetched', status: 200, outcome: 'parsed' })
    expect(ok.body.results[0].allowed).toBe(false)
    const missing = await test({ url: `${h.server.origin('none.test')}/anything`, user_agents: ['Googlebot'] })
    expect(missing.body.robots_txt).toMatchObject({ status: 404, outcome: 'unavailable' })
    expect(missing.body.results[0]).toMatchObject({ allowed: true, matched_rule: null })
    const busy = await test({ url: `${h.server.origin('down.test')}/anything`, user_agents: ['Googlebot'] })
    expect(busy.body.robots_txt).toMatchObject({ status: 429, outcome: 'unreachable' })
    expect(busy.body.results[0]).toMatchObject({ allowed: false, reason: expect.stringMatching(/unreachable/) })
  })

  it('always allows /robots.txt itself', async () => {
    const { body } = await test({ robots_txt: 'User-agent: *\nDisallow: /', url: 'https://a.example/robots.txt', user_agents: ['Googlebot'] })
    expect(body.results[0]).toMatchObject({ allowed: true, reason: '/robots.txt itself is always allowed' })
  })

  it('lints the provided file', async () => {
    const { body } = await test({ robots_txt: 'Disallow: /x\nUser-agent: *\nAllow: x', url: 'https://a.example/', user_agents: ['Googlebot'] })
    expect(body.lint.errors.map((e: any) => [e.line, e.message])).toEqual([[1, 'No user-agent specified'], [3, 'Pattern should either be empty, start with "/" or "*"']])
  })

  it('validates its input', async () => {
    expect((await test({ robots_txt: '', url: 'ftp://a.example/' })).body.detail[0]).toMatchObject({ type: 'url_scheme', loc: ['body', 'url'] })
    expect((await test({ url: 'not a url' })).body.detail[0]).toMatchObject({ type: 'url_parsing', loc: ['body', 'url'] })
    expect((await test({ robots_txt: '', url: 'https://a.example/', user_agents: ['Mozilla/5.0'] })).body.detail[0])
      .toMatchObject({ type: 'string_pattern_mismatch', loc: ['body', 'user_agents', 0] })
  })

  it('rejects credentials in the URL with the 422 of analyze, without echoing them', async () => {
    const fetchedBefore = h.server.seen.length
    const credentials = {
      detail: [{ type: 'value_error', loc: ['body', 'url'], msg: 'Value error, url must not contain credentials', ctx: { error: 'url must not contain credentials' } }],
      code: 'validation_failed',
      request_id: expect.any(String)
    }
    for (const payload of [{ url: 'https://user:secret@a.example/x', robots_txt: ROBOTS }, { url: `http://user:secret@${h.server.origin('ok.test').slice(7)}/x` }]) {
      const res = await h.app.inject({ method: 'POST', url: '/v1/site-intel/robots/test', headers: KEY, payload })
      expect([res.statusCode, res.json()]).toEqual([422, credentials])
      expect(res.body).not.toContain('secret')
    }
    const analyze = await h.app.inject({ method: 'POST', url: '/v1/site-intel/analyze', headers: KEY, payload: { url: 'https://user:secret@a.example/' } })
    expect([analyze.statusCode, analyze.json()]).toEqual([422, credentials])
    // nothing was fetched for them
    expect(h.server.seen.length).toBe(fetchedBefore)
  })

  // what it costs is measured by `pnpm bench site` (bench/robots-match.ts)
  it('answers for a hostile robots.txt of the maximum size', async () => {
    const rule = `Disallow: /${'a*'.repeat(40)}b\n`
    const robots = 'User-agent: *\n' + rule.repeat(Math.floor((500 * 1024 - 14) / rule.length))
    const { status, body } = await test({ robots_txt: robots, url: `https://a.example/${'a'.repeat(2000)}`, user_agents: ['Googlebot'] })
    expect([status, body.robots_txt.truncated, body.results[0].allowed]).toEqual([200, false, true])
  })

  it('refuses to fetch from a non-public address', async () => {
    const app = await buildApp({ config: testConfig(), clock: () => NOW })
    try {
      const res = await app.inject({ method: 'POST', url: '/v1/site-intel/robots/test', headers: KEY, payload: { url: 'http://192.168.1.1/x' } })
      expect([res.statusCode, res.json()]).toEqual([400, { detail: 'Target address is not allowed', code: 'target_not_allowed', request_id: expect.any(String) }])
    } finally {
      await app.close()
    }
  })
})
