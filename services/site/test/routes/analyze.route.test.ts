import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createSafeFetcher } from '@utility-apis/safe-fetch'
import { testConfig } from '@utility-apis/service-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { observeSite } from '../../src/domain/collect/observe-site.js'
import { parseTarget } from '../../src/domain/collect/target.js'
import { buildReport } from '../../src/domain/report.js'
import { fixturePolicy } from '../fixtures/fixture-server.js'
import { harness, KEY, NOW, withoutTimings, type Harness } from '../fixtures/analyze.js'
import { html, words } from '../fixtures/html.js'
import { STRONG, STRONG_HOSTS, strongSite } from '../fixtures/sites/strong.js'

const SLOW = 'slow.test'
const DOWN = 'down.test'
const TAGGED = 'tagged.test'
const GUARDED = 'guarded.test'
const TO_PRIVATE = 'to-private.test'

let h: Harness
let closedPort: number
beforeAll(async () => {
  h = await harness([...STRONG_HOSTS, SLOW, DOWN, TAGGED, GUARDED, TO_PRIVATE], (o) => ({
    ...strongSite(o),
    [TAGGED]: {
      '/': html(`<html><head><title>Tagged site home</title><meta name="bingbot" content="none"></head><body><main><p>${words(80)}</p></main></body></html>`,
        { 'x-robots-tag': 'googlebot: noindex, nofollow' })
    },
    [GUARDED]: {
      '*': { status: 403, headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><head><title>Just a moment...</title></head><body><script src="/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1"></script></body></html>' }
    },
    [TO_PRIVATE]: { '/': { status: 302, headers: { location: 'http://10.0.0.1/' }, body: '' } },
    [SLOW]: {
      '/': html(`<html><body><main><h1>Slow</h1><p>${words(60)}</p><a href="/a">A</a><a href="/b">B</a></main></body></html>`),
      '/a': { hang: true },
      '/b': { hang: true }
    }
  }))
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  closedPort = (probe.address() as AddressInfo).port
  await new Promise<void>((resolve) => probe.close(() => resolve()))
})
afterAll(async () => { await h.close() })

describe('POST /v1/site-intel/analyze', () => {
  it('answers an unreachable site with a 200 report that says so', async () => {
    const res = await h.analyze(`http://${DOWN}:${closedPort}/`)
    expect(res.status).toBe(200)
    const r = res.body
    expect(r.fetchability).toEqual({ ok: false, status: 0, final_url: null, error: 'Could not connect to the server' })
    expect(r.top_gaps[0]).toMatchObject({ code: 'homepage_unreachable', severity: 'high', points_lost: 8, evidence: 'homepage no response (Could not connect to the server)' })
    // page-based gaps are not listed: the homepage gap explains them
    expect(r.gaps.map((g: any) => g.code)).not.toContain('missing_title')
    expect(r.aeo_authority_score).toMatchObject({ status: 'unavailable', score: 0, breakdown: [] })
    expect(r.aeo_authority_score.caps_applied.map((c: any) => [c.code, c.cap])).toEqual([['homepage_unfetchable_cap', 20], ['ai_retrieval_blocked_cap', 40]])
    // nothing is earned: a www twin that does not resolve no longer earns its point without a homepage to converge on
    // (issue 25: else an IP-literal host, which has no twin, would score below its host-name twin), and no pages were sampled
    expect(r.score_breakdown.find((c: any) => c.id === 'fetchability.one_host')).toMatchObject({ points: 0, detail: expect.stringMatching(/^not measured: no response/) })
    expect(r.category_scores.fetchability).toEqual({ score: 0, max: 20 })
    expect(r.technical_crawl_score).toBe(0)
  })

  it('reads noindex addressed to one crawler in the header or a named meta tag', async () => {
    const r = (await h.analyze(h.server.origin(TAGGED))).body
    const checks = Object.fromEntries(r.score_breakdown.map((c: any) => [c.id, c]))
    expect(checks['crawl_policy.search_engines_allowed']).toMatchObject({ points: 0, detail: 'Googlebot: X-Robots-Tag googlebot: noindex; Bingbot: meta bingbot: none' })
    // nothing addresses every robot, so the homepage is not "noindex" as such
    expect(checks['crawl_policy.homepage_indexable']).toMatchObject({ points: 4, detail: 'no noindex' })
    // robots.txt answers 404: no rules (RFC 9309), half the points for not publishing one
    expect(checks['crawl_policy.robots_txt']).toMatchObject({ points: 2, detail: 'robots.txt answers 404: crawlers may fetch anything' })
    expect(r.gaps.map((g: any) => g.code)).toEqual(expect.arrayContaining(['homepage_blocked_by_robots', 'missing_robots_txt']))
    expect(r.gaps.map((g: any) => g.code)).not.toContain('homepage_noindex')
  })

  it('recognises a bot challenge served instead of the homepage', async () => {
    const r = (await h.analyze(h.server.origin(GUARDED))).body
    expect(r.fetchability).toMatchObject({ ok: false, status: 403 })
    expect(r.top_gaps.slice(0, 2).map((g: any) => [g.code, g.evidence])).toEqual([
      ['homepage_unreachable', 'homepage HTTP 403 text/html'],
      ['bot_challenge_served', 'challenge page (Cloudflare) served with HTTP 403']
    ])
    expect(r.aeo_authority_score.caps_applied.map((c: any) => [c.code, c.cap])).toEqual([['homepage_unfetchable_cap', 20], ['ai_retrieval_blocked_cap', 40]])
  })

  it('stops at the time budget and lists what it skipped', async () => {
    const res = await h.analyze(h.server.origin(SLOW), { time_budget_seconds: 1 })
    expect(res.status).toBe(200)
    const obs = res.body.observations
    expect(obs.budget).toMatchObject({ ms: 1000, exhausted: true })
    expect(obs.sample.pages.map((p: any) => p.fetch.error?.code)).toEqual(['budget', 'budget'])
    expect(res.body.fetchability.ok).toBe(true)
  })

  it('honours max_pages', async () => {
    const res = await h.analyze(h.server.origin(STRONG), { max_pages: 2 })
    expect(res.body.observations.sample.pages).toHaveLength(2)
    const none = await h.analyze(h.server.origin(STRONG), { max_pages: 0 })
    expect(none.body.observations.sample.pages).toEqual([])
  })

  it('returns the domain report unchanged: the response schema drops nothing', async () => {
    const fetcher = createSafeFetcher(fixturePolicy(STRONG_HOSTS))
    const direct = buildReport(await observeSite(parseTarget(h.server.origin(STRONG)), { fetcher, fetchAs: () => fetcher, now: NOW, budgetMs: 25_000, maxPages: 5 }), NOW)
    await fetcher.close()
    const res = await h.analyze(h.server.origin(STRONG))
    expect(withoutTimings(res.body)).toEqual(withoutTimings(direct))
  })

  it('refuses targets that are not public with 400 and does not reveal the address', async () => {
    const app = await buildApp({ config: testConfig(), clock: () => NOW })
    try {
      for (const url of ['http://127.0.0.1/', 'http://10.0.0.1:8080/', '[::1]', 'http://0x7f000001/']) {
        const res = await app.inject({ method: 'POST', url: '/v1/site-intel/analyze', headers: KEY, payload: { url } })
        expect([url, res.statusCode, res.json()]).toEqual([url, 400, { detail: 'Target address is not allowed', code: 'target_not_allowed', request_id: expect.any(String) }])
      }
    } finally {
      await app.close()
    }
  })

  it('refuses a homepage that redirects to a non-public address with the same 400, as brand does', async () => {
    const res = await h.analyze(h.server.origin(TO_PRIVATE))
    expect([res.status, res.body]).toEqual([400, { detail: 'Target address is not allowed', code: 'target_not_allowed', request_id: expect.any(String) }])
  })

  it('rejects malformed input with FastAPI 422 bodies', async () => {
    const post = async (payload: unknown): Promise<any> =>
      (await h.app.inject({ method: 'POST', url: '/v1/site-intel/analyze', headers: KEY, payload: payload as object })).json()
    expect(await post({ url: 'ftp://example.com/' })).toEqual({ detail: [{ type: 'value_error', loc: ['body', 'url'], msg: 'Value error, url must use http or https', input: 'ftp://example.com/', ctx: { error: 'url must use http or https' } }], code: 'validation_failed', request_id: expect.any(String) })
    expect((await post({ url: 'not a domain' })).detail[0]).toMatchObject({ type: 'value_error', loc: ['body', 'url'] })
    expect((await post({})).detail[0]).toMatchObject({ type: 'missing', loc: ['body', 'url'] })
    expect((await post({ url: 'example.com', max_pages: 21 })).detail[0]).toMatchObject({ type: 'less_than_equal', loc: ['body', 'max_pages'] })
    expect((await post({ url: 'example.com', time_budget_seconds: '5' })).detail[0]).toMatchObject({ type: 'int_type', loc: ['body', 'time_budget_seconds'] })
  })

  it('answers the report as HTML or Markdown by format, else by the Accept header', async () => {
    const post = async (headers: Record<string, string>, extra: object = {}): Promise<{ type: string, csp: unknown, body: string }> => {
      const res = await h.app.inject({ method: 'POST', url: '/v1/site-intel/analyze', headers: { ...KEY, ...headers }, payload: { url: h.server.origin(STRONG), ...extra } })
      return { type: String(res.headers['content-type']), csp: res.headers['content-security-policy'], body: res.body }
    }
    const html = await post({ accept: 'text/html' })
    expect(html.type).toBe('text/html; charset=utf-8')
    expect(html.csp).toMatch(/^default-src 'none'; img-src data: 'self'; style-src 'unsafe-inline'/)
    expect(html.body).toMatch(/^<!doctype html>/)
    const markdown = await post({ accept: 'text/markdown' })
    expect([markdown.type, markdown.body.split('\n')[0]]).toEqual(['text/markdown; charset=utf-8', '# Website report: strong.test'])
    expect((await post({ accept: 'application/json, text/html;q=0.5' })).type).toMatch(/^application\/json/)
    expect((await post({}, { format: 'html' })).type).toBe('text/html; charset=utf-8')
    expect((await post({ accept: 'text/html' }, { format: 'markdown' })).type).toBe('text/markdown; charset=utf-8')
    expect((await post({ accept: 'text/html' }, { format: 'json' })).type).toMatch(/^application\/json/)
  })

  it('needs an API key', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/v1/site-intel/analyze', payload: { url: 'example.com' } })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ detail: 'Missing API key: send it in the X-API-Key header, or as Authorization: Bearer <key>', code: 'missing_api_key', request_id: expect.any(String) })
  })
})
