// What AI crawlers really get (issue 16): the homepage and robots.txt fetched with each crawler's user agent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FETCHED_CRAWLERS } from '../../src/domain/ai-crawlers.js'
import { harness, type Harness } from '../fixtures/analyze.js'
import { CDN, crawlerSites } from '../fixtures/sites/crawlers.js'
import { STRONG, STRONG_HOSTS, strongSite } from '../fixtures/sites/strong.js'

let h: Harness
let report: any
beforeAll(async () => {
  h = await harness([CDN, ...STRONG_HOSTS], (o) => ({ ...crawlerSites(), ...strongSite(o) }))
  report = (await h.analyze(h.server.origin(CDN))).body
})
afterAll(async () => { await h.close() })

const row = (token: string): any => report.ai_crawler_access.fetched.find((r: any) => r.token === token)

describe('the AI crawler table', () => {
  it('fetches as each crawler with the user agent its operator publishes, GPTBot to Meta-ExternalAgent', () => {
    expect(report.ai_crawler_access.fetched.map((r: any) => r.token)).toEqual([
      'GPTBot', 'OAI-SearchBot', 'ChatGPT-User', 'ClaudeBot', 'Claude-SearchBot', 'Claude-User', 'PerplexityBot', 'Perplexity-User',
      'Googlebot', 'Applebot', 'Bytespider', 'CCBot', 'Amazonbot', 'Meta-ExternalAgent'
    ])
    const seen = new Set(h.server.requests.filter((r) => r.host === CDN).map((r) => r.userAgent))
    for (const crawler of FETCHED_CRAWLERS) expect(seen.has(crawler.userAgent), crawler.token).toBe(true)
  })

  it('reports a server that blocks crawlers robots.txt allows', () => {
    expect(row('OAI-SearchBot')).toMatchObject({ robots: { allowed: true }, http: { status: 403, outcome: 'blocked' }, mismatch: 'blocked_by_server' })
    expect(row('PerplexityBot')).toMatchObject({ http: { status: 403, outcome: 'challenge', challenge: 'Cloudflare' }, mismatch: 'blocked_by_server' })
    expect(row('GPTBot')).toMatchObject({
      http: { status: 200, outcome: 'different_page', detail: 'title "Hello bot" where ours is "CDN home"' }, mismatch: null
    })
    // a block page answered with 200 is recognised by what it says, not by its status
    expect(row('Bytespider')).toMatchObject({
      http: { status: 200, outcome: 'challenge', challenge: 'an unrecognised bot protection' }, mismatch: 'blocked_by_server'
    })
    expect(row('ChatGPT-User')).toMatchObject({ http: { status: 200, outcome: 'served', detail: null }, mismatch: null })
  })

  it('and the reverse: robots.txt blocks a crawler the server serves', () => {
    expect(row('CCBot')).toMatchObject({ robots: { allowed: false, rule: { line: 5, text: 'Disallow: /' } }, http: { outcome: 'served' }, mismatch: 'served_despite_robots' })
  })

  it('judges each crawler by the robots.txt it was served', () => {
    // ClaudeBot's robots.txt answers 403: unavailable, so everything is allowed to it (RFC 9309)
    expect(row('ClaudeBot')).toMatchObject({ robots: { allowed: true, rule: null, file_differs: true }, http: { outcome: 'served' } })
    expect(row('Googlebot').robots.file_differs).toBe(false)
  })

  it('makes the AI search crawlers the server turns away a gap', () => {
    expect(report.gaps.find((g: any) => g.code === 'ai_crawlers_blocked_by_server')).toMatchObject({
      severity: 'medium',
      points_lost: 0,
      evidence: 'robots.txt allows them, the server turns them away: OAI-SearchBot: HTTP 403; PerplexityBot: Cloudflare challenge'
    })
  })

  it('sends a bounded number of requests, counted: two per crawler, and the analysis counts every one it sent', () => {
    const ours = h.server.requests.filter((r) => r.host === CDN)
    const perCrawler = FETCHED_CRAWLERS.map((c) => ours.filter((r) => r.userAgent === c.userAgent).map((r) => r.path).sort())
    expect(perCrawler).toEqual(FETCHED_CRAWLERS.map(() => ['/', '/robots.txt']))
    // every request the site saw, and one more: www.cdn.test, which does not resolve
    expect(report.observations.budget.requests).toBe(ours.length + 1)
    expect(report.observations.variants.host_alternate.outcome).toBe('absent')
    // 7 crawlers at a time, both of a crawler's requests together (issue 25): at most 14 in flight, in 2 rounds
    expect(report.observations.crawlers.concurrency).toBeLessThanOrEqual(7)
  })

  it('finds no mismatch where every crawler is served alike', async () => {
    const strong = (await h.analyze(h.server.origin(STRONG))).body
    expect(strong.ai_crawler_access.fetched.filter((r: any) => r.mismatch !== null).map((r: any) => [r.token, r.mismatch])).toEqual([['GPTBot', 'served_despite_robots']])
    expect(strong.gaps.map((g: any) => g.code)).not.toContain('ai_crawlers_blocked_by_server')
  })
})
