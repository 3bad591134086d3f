// Issue 16, parity and defects 1-7: each on a fixture site that reproduces it (test/fixtures/sites/parity.ts);
// defect 4 (category sums) is checked on every golden report by analyze-golden.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checksOf, harness, type Harness } from '../fixtures/analyze.js'
import { ENCODED, GONE, HALVES, HREFLANG, LINKS, PARITY_HOSTS, paritySites, PIXELS, TWIN } from '../fixtures/sites/parity.js'

let h: Harness
beforeAll(async () => { h = await harness(PARITY_HOSTS, paritySites) })
afterAll(async () => { await h.close() })

const gap = (report: any, code: string): any => report.gaps.find((g: any) => g.code === code)

describe('1. hreflang is validated', () => {
  it('reports invalid codes, relative hrefs, duplicates, a missing self reference, return links and x-default', async () => {
    const report = (await h.analyze(h.server.origin(HREFLANG))).body
    const o = h.server.origin(HREFLANG)
    const m12 = checksOf(report)['metadata.hreflang']
    expect(m12.points).toBe(0)
    for (const problem of [
      '"english" is not a language code', '"en_GB" separates with "_" where hreflang needs "-"',
      'the href of "de" is relative (/de/)', '"fr" names 2 different URLs', `${o}/de/ ("de") does not link back`,
      `${o}/: no x-default alternate`, `${o}/de/: no x-default alternate`
    ]) expect(m12.detail).toContain(problem)
    // the homepage lists itself ("en"), /de/ too: no missing self reference on either
    expect(m12.detail).not.toContain('does not list itself')
    expect(gap(report, 'invalid_hreflang')).toMatchObject({ severity: 'medium', points_lost: 1, checks: ['metadata.hreflang'] })
  })
})

describe('2. non-crawlable anchors and generic link text', () => {
  it('are gaps with evidence, as Lighthouse\'s crawlable-anchors and link-text', async () => {
    const report = (await h.analyze(h.server.origin(LINKS))).body
    // a check and a whole point each since issue 25 (they were half points of one check)
    expect(gap(report, 'non_crawlable_links')).toMatchObject({
      severity: 'low', points_lost: 1, checks: ['metadata.crawlable_links'], evidence: '2 links crawlers cannot follow: "Menu" (javascript:void(0)), "Open" (no href)'
    })
    expect(gap(report, 'generic_link_text')).toMatchObject({
      severity: 'low', points_lost: 1, checks: ['metadata.link_text'], evidence: 'links that say nothing about where they go: "click here", "read more"'
    })
    expect(checksOf(report)['metadata.crawlable_links'].points).toBe(0)
    expect(checksOf(report)['metadata.link_text'].points).toBe(0)
  })
})

describe('3. image alt coverage', () => {
  it('does not count hidden images and tracking pixels', async () => {
    const report = (await h.analyze(h.server.origin(PIXELS))).body
    expect(checksOf(report)['metadata.image_alt']).toEqual({ points: 2, detail: '5 of 5 images have alt (100%); 14 hidden images or pixels not counted' })
    expect(gap(report, 'images_missing_alt')).toBeUndefined()
  })
})

describe('5. a check that cannot apply', () => {
  // issue 25: it was left out of the maxima (fetchability out of 19, max_score 99); now its point goes to the
  // category's other checks, in proportion to their points, and every maximum stays the contract's
  it('gives its point to the other checks of its category: an IP-literal host has no www twin', async () => {
    const report = (await h.analyze(`http://127.0.0.1:${h.server.port}/`)).body
    const checks = Object.fromEntries(report.score_breakdown.map((c: any) => [c.id, c]))
    expect(checks['fetchability.one_host']).toMatchObject({ points: 0, max: 0, detail: 'does not apply: an IP address has no www or apex twin' })
    // 20 shared over 8, 3, 1, 2, 3, 2: 8.42, 3.16, 1.05, 2.11, 3.16, 2.11; the point left goes to the largest remainder
    expect(report.score_breakdown.filter((c: any) => c.category === 'fetchability').map((c: any) => [c.id, c.max])).toEqual([
      ['fetchability.homepage_html', 9], ['fetchability.https', 3], ['fetchability.one_host', 0], ['fetchability.redirect_hops', 1],
      ['fetchability.time_to_first_byte', 2], ['fetchability.no_bot_challenge', 3], ['fetchability.sampled_pages', 2]
    ])
    expect(checks['fetchability.homepage_html'].points).toBe(9)
    expect(report.category_scores.fetchability.max).toBe(20)
    expect(report.max_score).toBe(100)
    const sum = report.score_breakdown.reduce((n: number, c: any) => n + c.points, 0)
    expect(report.technical_crawl_score).toBe(sum)
    expect(report.launch_readiness.find((i: any) => i.id === 'host_consistency')).toEqual({ id: 'host_consistency', status: 'skip', evidence: 'an IP address has no www or apex twin' })
  })

  it('leaves an IP-literal host no lower than a host-name twin whose www and apex agree', async () => {
    const byAddress = (await h.analyze(`http://127.0.0.1:${h.server.port}/`)).body
    const byName = (await h.analyze(h.server.origin(TWIN))).body
    // the same page: the named twin's www host does not resolve, so its one-host point is earned
    expect(byName.score_breakdown.find((c: any) => c.id === 'fetchability.one_host')).toMatchObject({ points: 1, max: 1 })
    expect(byAddress.category_scores.fetchability.score).toBeGreaterThanOrEqual(byName.category_scores.fetchability.score)
    expect(byAddress.category_scores.fetchability.max).toBe(byName.category_scores.fetchability.max)
  })
})

describe('4. whole points', () => {
  it('scores a site that earned a half point in integers that add up', async () => {
    // one generic link was half of a one-point check: this site scored 43.5 before issue 25 (metadata 11.5)
    const report = (await h.analyze(h.server.origin(HALVES))).body
    const numbers = [report.score, report.technical_crawl_score, report.max_score, ...Object.values(report.category_scores).flatMap((c: any) => [c.score, c.max]),
      ...report.score_breakdown.flatMap((c: any) => [c.points, c.max]), ...report.gaps.map((g: any) => g.points_lost)]
    expect(numbers.filter((n) => !Number.isInteger(n))).toEqual([])
    expect(report.score).toBe(report.score_breakdown.reduce((n: number, c: any) => n + c.points, 0))
    expect(Object.fromEntries(Object.entries(report.category_scores).map(([id, c]: [string, any]) => [id, c.max]))).toEqual({
      fetchability: 20, metadata: 25, crawl_policy: 20, structured_data: 10, llm_readiness: 15, freshness: 10
    })
  })
})

describe('6. evidence for a homepage that answered', () => {
  it('says a 404 with a full body answered 404, not that it was not fetched', async () => {
    const report = (await h.analyze(h.server.origin(GONE))).body
    const checks = checksOf(report)
    for (const id of ['metadata.title_length', 'metadata.description_length', 'metadata.crawlable_links', 'llm_readiness.text_without_javascript']) expect([id, checks[id].detail]).toEqual([id, 'not measured: the homepage answered HTTP 404'])
    expect(checks['crawl_policy.homepage_indexable'].detail).toBe('not measured: the homepage answered HTTP 404')
    expect(report.launch_readiness.find((i: any) => i.id === 'title_length')).toMatchObject({ status: 'skip', evidence: 'not measured: the homepage answered HTTP 404' })
  })
})

describe('7. robots.txt', () => {
  it('matches %2A and %24 in a rule to the characters themselves, and lints a line as the matcher reads it', async () => {
    const report = (await h.analyze(h.server.origin(ENCODED))).body
    const verdicts = Object.fromEntries(report.sitemap_qa.sampled.map((s: any) => [new URL(s.url).pathname, s.allowed.googlebot]))
    expect(verdicts).toEqual({ '/shop/*': false, '/price-$': false, '/shop/other': true })
    // issue 25: the line without its colon is applied (above), so it is no error: a warning that says how it is read
    expect(report.observations.robots.lint_errors).toEqual([])
    expect(report.observations.robots.lint_warnings).toEqual([
      { line: 1, content: 'User-agent *', message: 'No colon: read as "user-agent: *", as Google reads it; other crawlers may ignore the line' }
    ])
    expect(checksOf(report)['crawl_policy.robots_txt']).toEqual({ points: 4, detail: 'robots.txt valid' })
    expect(gap(report, 'robots_txt_invalid')).toBeUndefined()
  })
})
