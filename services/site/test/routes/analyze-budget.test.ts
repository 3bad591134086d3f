// What the analysis time budget did not fetch is not measured: the checks that read it say so, set their points aside
// as a check that cannot apply does, raise no gap, and the answer and both reports say the analysis is incomplete. The
// same resources answering 404 are the site's own findings, and still raise their gaps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checksOf, harness, KEY, type Harness } from '../fixtures/analyze.js'
import { html, words } from '../fixtures/html.js'

// a homepage that answers at once and links to one page to sample
const HOME = html(`<html lang="en"><head><title>Budget fixture home page</title></head><body><main><h1>Home</h1><p>${words(160)}</p>` +
  '<a href="/p1">Page one</a></main></body></html>')
const NEVER = { hang: true }
const BUDGET_SECONDS = 3

// the reviewer's repro: the homepage answers, /sitemap.xml, /llms.txt and the sampled page never do
const SPENT = 'spent.test'
// the same site whose sitemap, llms.txt and page answer 404: what is missing is the site's
const ABSENT = 'absent.test'
// robots.txt never answers, so nothing is known of what it allows
const ROBOTS_HANG = 'robots-hang.test'
// two pages sampled, one answers and one never does
const HALF = 'half.test'

const SKIPPED_CHECKS = {
  'fetchability.sampled_pages': 'the sampled pages',
  'crawl_policy.sitemap': 'the sitemap',
  'freshness.lastmod_coverage': 'the sitemap',
  'freshness.recent_lastmod': 'the sitemap',
  'freshness.varied_lastmods': 'the sitemap',
  'llm_readiness.llms_txt': '/llms.txt',
  'llm_readiness.llms_txt_shape': '/llms.txt',
  'llm_readiness.llms_txt_links': '/llms.txt',
  'structured_data.breadcrumb': 'the sampled pages'
}
// the gaps a missing sitemap, llms.txt and failing sample raise: findings about the site, which the budget is not
const RESOURCE_GAPS = ['missing_sitemap_signal', 'invalid_sitemap', 'missing_llms_txt', 'invalid_llms_txt', 'missing_lastmod', 'stale_sitemap', 'sitemap_sample_errors']
const ROBOTS_GAPS = ['robots_txt_unreachable', 'homepage_blocked_by_robots', 'ai_search_bots_blocked']
const CATEGORY_MAX: Record<string, number> = { fetchability: 20, metadata: 25, crawl_policy: 20, structured_data: 10, llm_readiness: 15, freshness: 10 }

let h: Harness
const post = async (host: string, extra: Record<string, unknown>, accept = 'application/json'): Promise<string> =>
  (await h.app.inject({ method: 'POST', url: '/v1/site-intel/analyze', headers: { ...KEY, accept }, payload: { url: h.server.origin(host), ...extra } })).body
const budget = { time_budget_seconds: BUDGET_SECONDS }
const reports: Record<string, { json: any, markdown?: string, html?: string }> = {}

beforeAll(async () => {
  h = await harness([SPENT, ABSENT, ROBOTS_HANG, HALF], () => ({
    [SPENT]: { '/': HOME, '/sitemap.xml': NEVER, '/sitemap_index.xml': NEVER, '/llms.txt': NEVER, '/p1': NEVER },
    [ABSENT]: { '/': HOME },
    [ROBOTS_HANG]: { '/': HOME, '/robots.txt': NEVER },
    [HALF]: {
      '/': html(`<html><head><title>Half fixture home page</title></head><body><main><p>${words(160)}</p><a href="/p1">One</a>` +
        '<a href="/p2">Two</a></main></body></html>'),
      '/p1': html(`<html><head><title>Page one of half</title></head><body><main><p>${words(160)}</p></main></body></html>`),
      '/p2': NEVER
    }
  }))
  // each spends its budget waiting: analysed side by side
  const [spent, markdown, page, absent, robotsHang, half] = await Promise.all([
    post(SPENT, budget), post(SPENT, { ...budget, format: 'markdown' }), post(SPENT, { ...budget, format: 'html' }),
    post(ABSENT, budget), post(ROBOTS_HANG, budget), post(HALF, budget)
  ])
  reports[SPENT] = { json: JSON.parse(spent), markdown, html: page }
  reports[ABSENT] = { json: JSON.parse(absent) }
  reports[ROBOTS_HANG] = { json: JSON.parse(robotsHang) }
  reports[HALF] = { json: JSON.parse(half) }
}, 30_000)
afterAll(async () => { await h.close() })

const gapCodes = (report: any): string[] => report.gaps.map((g: any) => g.code)

/** Every category keeps its maximum, the score its 100, and the breakdown still adds up. */
function expectWholeMaxima (report: any): void {
  expect(report.max_score).toBe(100)
  for (const [category, max] of Object.entries(CATEGORY_MAX)) {
    const own = report.score_breakdown.filter((c: any) => c.category === category)
    expect([category, report.category_scores[category]]).toEqual([category, {
      score: own.reduce((n: number, c: any) => n + c.points, 0),
      max
    }])
    expect([category, own.reduce((n: number, c: any) => n + c.max, 0)]).toEqual([category, max])
  }
}

describe('an analysis whose time budget ran out before the sitemap, llms.txt and the sampled page answered', () => {
  it('lists what the budget skipped or stopped', () => {
    const { budget: spent } = reports[SPENT].json.observations
    expect(spent.exhausted).toBe(true)
    expect(spent.skipped).toEqual(expect.arrayContaining(['llms.txt', `sitemap ${h.server.origin(SPENT)}/sitemap.xml`, `page ${h.server.origin(SPENT)}/p1`]))
  })

  it('says each check that read them is not measured, worth nothing, its points shared within its category', () => {
    const report = reports[SPENT].json
    const checks = Object.fromEntries(report.score_breakdown.map((c: any) => [c.id, c]))
    for (const [id, what] of Object.entries(SKIPPED_CHECKS)) {
      expect([id, checks[id].points, checks[id].max, checks[id].detail])
        .toEqual([id, 0, 0, `not measured: the analysis time budget was spent before ${what} was fetched`])
    }
    expectWholeMaxima(report)
  })

  it('raises no gap about what it did not fetch', () => {
    const codes = gapCodes(reports[SPENT].json)
    expect(codes.filter((code) => RESOURCE_GAPS.includes(code))).toEqual([])
  })

  it('answers that it is incomplete, naming the checks not measured', () => {
    const report = reports[SPENT].json
    expect(report.complete).toBe(false)
    expect([...report.not_measured].sort()).toEqual(Object.keys(SKIPPED_CHECKS).concat('llm_readiness.markdown_version').sort())
  })

  it('says so at the top of the Markdown report, before the scores', () => {
    const markdown = reports[SPENT].markdown ?? ''
    const banner = markdown.split('\n').findIndex((line) => line.startsWith('> **Incomplete analysis: the time budget of 3 s was spent'))
    expect(banner).toBeGreaterThan(0)
    expect(banner).toBeLessThan(markdown.split('\n').findIndex((line) => line.startsWith('- **Technical crawl score**')))
    // as a renderer shows it, its backslash escapes gone
    const shown = markdown.split('\n')[banner].replace(/\\(.)/g, '$1')
    expect(shown).toContain('Not measured, so worth no points and raising no gap: fetchability.sampled_pages, crawl_policy.sitemap,')
  })

  it('says so at the top of the HTML report, before the scores', () => {
    const page = reports[SPENT].html ?? ''
    const notice = /<p class="notice" id="incomplete" role="note">([^<]*)<\/p>/.exec(page)
    expect(notice?.[1]).toMatch(/^Incomplete analysis: the time budget of 3 s was spent, \d+ fetches not made \(/)
    expect(notice?.[1]).toContain('fetchability.sampled_pages')
    expect(page.indexOf('id="incomplete"')).toBeLessThan(page.indexOf('class="scores"'))
  })

  it('judges the launch checklist\'s sitemap item not measured rather than failed', () => {
    const item = reports[SPENT].json.launch_readiness.find((i: any) => i.id === 'sitemap_present')
    expect(item).toEqual({ id: 'sitemap_present', status: 'not_measured', evidence: 'not measured: the analysis time budget was spent before the sitemap was fetched' })
  })
})

describe('the same site whose sitemap, llms.txt and sampled page answer 404', () => {
  it('raises the gaps of what is missing, measured, and is complete', () => {
    const report = reports[ABSENT].json
    expect(report.complete).toBe(true)
    expect(report.not_measured).toEqual([])
    expect(gapCodes(report)).toEqual(expect.arrayContaining(['missing_sitemap_signal', 'missing_llms_txt']))
    const checks = checksOf(report)
    expect(checks['fetchability.sampled_pages']).toEqual({ points: 0, detail: '0 of 1 sampled pages answered 2xx' })
    expect(checks['freshness.lastmod_coverage']).toEqual({ points: 0, detail: 'no sitemap entries' })
    expect(checks['llm_readiness.llms_txt']).toEqual({ points: 0, detail: `${h.server.origin(ABSENT)}/llms.txt answers 404` })
    expectWholeMaxima(report)
  })

  it('carries no notice in either report', async () => {
    const [markdown, page] = await Promise.all([post(ABSENT, { format: 'markdown' }), post(ABSENT, { format: 'html' })])
    expect(markdown).not.toContain('Incomplete analysis')
    expect(page).not.toContain('id="incomplete"')
  })
})

describe('an analysis whose time budget ran out before robots.txt answered', () => {
  it('does not read robots.txt as disallowing everything: no gap, no AEO cap, the crawl policy checks not measured', () => {
    const report = reports[ROBOTS_HANG].json
    expect(report.observations.robots.fetch.error.code).toBe('budget')
    expect(gapCodes(report).filter((code) => ROBOTS_GAPS.includes(code))).toEqual([])
    expect(report.aeo_authority_score.caps_applied.map((c: any) => c.code)).not.toContain('ai_retrieval_blocked_cap')
    const checks = checksOf(report)
    for (const id of ['crawl_policy.robots_txt', 'crawl_policy.search_engines_allowed', 'crawl_policy.ai_search_bots_allowed']) {
      expect([id, checks[id].detail]).toEqual([id, 'not measured: the analysis time budget was spent before robots.txt was fetched'])
    }
    expect(report.not_measured).toEqual(expect.arrayContaining(['crawl_policy.robots_txt', 'crawl_policy.search_engines_allowed']))
    expectWholeMaxima(report)
  })
})

describe('an analysis whose time budget ran out before one of two sampled pages answered', () => {
  it('measures the sampled pages on the one that answered, and says how many were not fetched', () => {
    const report = reports[HALF].json
    expect(checksOf(report)['fetchability.sampled_pages'])
      .toEqual({ points: 2, detail: '1 of 1 sampled pages answered 2xx (1 more not fetched: the analysis time budget was spent)' })
    expect(report.not_measured).not.toContain('fetchability.sampled_pages')
    expect(report.complete).toBe(false)
  })
})
