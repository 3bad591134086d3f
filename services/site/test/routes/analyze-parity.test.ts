// Issue 16, parity and defects 1-7: each on a fixture site that reproduces it (test/fixtures/sites/parity.ts);
// defect 4 (category sums) is checked on every golden report by analyze-golden.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checksOf, harness, type Harness } from '../fixtures/analyze.js'
import { ENCODED, GONE, HREFLANG, LINKS, PARITY_HOSTS, paritySites, PIXELS } from '../fixtures/sites/parity.js'

let h: Harness
beforeAll(async () => { h = await harness(PARITY_HOSTS, paritySites) })
afterAll(async () => { await h.close() })

const gap = (report: any, code: string): any => report.gaps.find((g: any) => g.code === code)

describe('1. hreflang is validated', () => {
  it('reports invalid codes, relative hrefs, duplicates, a missing self reference, return links and x-default', async () => {
    const report = (await h.analyze(h.server.origin(HREFLANG))).body
    const o = h.server.origin(HREFLANG)
    const m12 = checksOf(report).M12
    expect(m12.points).toBe(0)
    for (const problem of [
      '"english" is not a language code', '"en_GB" separates with "_" where hreflang needs "-"',
      `the href of "de" is relative (${o}/de/)`, '"fr" names 2 different URLs', `${o}/de/ ("de") does not link back`,
      `${o}/: no x-default alternate`, `${o}/de/: no x-default alternate`
    ]) expect(m12.detail).toContain(problem)
    // the homepage lists itself ("en"), /de/ too: no missing self reference on either
    expect(m12.detail).not.toContain('does not list itself')
    expect(gap(report, 'invalid_hreflang')).toMatchObject({ severity: 'medium', points_lost: 1, checks: ['M12'] })
  })
})

describe('2. non-crawlable anchors and generic link text', () => {
  it('are gaps with evidence, as Lighthouse\'s crawlable-anchors and link-text', async () => {
    const report = (await h.analyze(h.server.origin(LINKS))).body
    expect(gap(report, 'non_crawlable_links')).toMatchObject({
      severity: 'low', points_lost: 0.5, evidence: '2 links crawlers cannot follow: "Menu" (javascript:void(0)), "Open" (no href)'
    })
    expect(gap(report, 'generic_link_text')).toMatchObject({ severity: 'low', points_lost: 0.5, evidence: 'links that say nothing about where they go: "click here", "read more"' })
    expect(checksOf(report).M13.points).toBe(0)
  })
})

describe('3. image alt coverage', () => {
  it('does not count hidden images and tracking pixels', async () => {
    const report = (await h.analyze(h.server.origin(PIXELS))).body
    expect(checksOf(report).M10).toEqual({ points: 2, detail: '5 of 5 images have alt (100%); 14 hidden images or pixels not counted' })
    expect(gap(report, 'images_missing_alt')).toBeUndefined()
  })
})

describe('5. a check that cannot apply', () => {
  it('does not count either way: an IP-literal host has no www twin', async () => {
    const report = (await h.analyze(`http://127.0.0.1:${h.server.port}/`)).body
    const f3 = report.score_breakdown.find((c: any) => c.id === 'F3')
    expect(f3).toMatchObject({ points: 1, max: 1, detail: 'an IP address has no www or apex twin; 0 redirect hops to the homepage' })
    expect(report.category_scores.fetchability.max).toBe(19)
    expect(report.max_score).toBe(99)
    const sum = report.score_breakdown.reduce((n: number, c: any) => n + c.points, 0)
    expect(report.technical_crawl_score).toBe(sum)
    expect(report.launch_readiness.find((i: any) => i.id === 'host_consistency')).toEqual({ id: 'host_consistency', status: 'skip', evidence: 'an IP address has no www or apex twin' })
  })
})

describe('6. evidence for a homepage that answered', () => {
  it('says a 404 with a full body answered 404, not that it was not fetched', async () => {
    const report = (await h.analyze(h.server.origin(GONE))).body
    const checks = checksOf(report)
    for (const id of ['M1', 'M2', 'M13', 'L4']) expect([id, checks[id].detail]).toEqual([id, 'not measured: the homepage answered HTTP 404'])
    expect(checks.C4.detail).toBe('not measured: the homepage answered HTTP 404')
    expect(report.launch_readiness.find((i: any) => i.id === 'title_length')).toMatchObject({ status: 'skip', evidence: 'not measured: the homepage answered HTTP 404' })
  })
})

describe('7. robots.txt', () => {
  it('matches %2A and %24 in a rule to the characters themselves, and lints a line as the matcher reads it', async () => {
    const report = (await h.analyze(h.server.origin(ENCODED))).body
    const verdicts = Object.fromEntries(report.sitemap_qa.sampled.map((s: any) => [new URL(s.url).pathname, s.allowed.googlebot]))
    expect(verdicts).toEqual({ '/shop/*': false, '/price-$': false, '/shop/other': true })
    expect(report.observations.robots.lint_errors).toEqual([
      { line: 1, content: 'User-agent *', message: 'Syntax not understood: no colon; Google reads it as "user-agent: *", other crawlers may ignore it' }
    ])
  })
})
