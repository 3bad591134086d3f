// Golden reports of the fixture sites. Every expected number is derived here from what the fixture
// serves (see test/fixtures/sites/*.ts), check by check, then summed: nothing is copied from output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checksOf, harness, withoutTimings, type ExpectedChecks, type Harness } from '../fixtures/analyze.js'
import { BROKEN, brokenSite } from '../fixtures/sites/broken.js'
import { STRONG, STRONG_HOSTS, strongSite } from '../fixtures/sites/strong.js'
import { WEAK, WEAK_HOSTS, weakSite } from '../fixtures/sites/weak.js'

const CATEGORY_OF: Record<string, string> = { F: 'fetchability', M: 'metadata', C: 'crawl_policy', S: 'structured_data', L: 'llm_readiness', R: 'freshness' }

function expectExplained (report: any, expected: ExpectedChecks): void {
  const got = checksOf(report)
  for (const [id, [points, detail]] of Object.entries(expected)) {
    expect({ id, points: got[id]?.points }).toEqual({ id, points })
    expect(got[id].detail, id).toMatch(detail)
  }
  expect(Object.keys(got).sort()).toEqual(Object.keys(expected).sort())
  // a category is the exact sum of its checks, the score the sum of the categories (issue 16, defect 4: halves
  // were rounded up per category, so the breakdown did not add up to the score)
  const sums: Record<string, number> = {}
  for (const [id, [points]] of Object.entries(expected)) sums[CATEGORY_OF[id[0]]] = (sums[CATEGORY_OF[id[0]]] ?? 0) + points
  for (const [category, sum] of Object.entries(sums)) expect([category, report.category_scores[category].score]).toEqual([category, sum])
  const total = Object.values(sums).reduce((n, s) => n + s, 0)
  expect(report.technical_crawl_score).toBe(total)
  expect(report.score).toBe(total)
  expect(report.max_score).toBe(100)
}

const gapsOf = (report: any): Array<[string, string, number]> => report.gaps.map((g: any) => [g.code, g.severity, g.points_lost])

let h: Harness
beforeAll(async () => {
  h = await harness([...STRONG_HOSTS, ...WEAK_HOSTS, BROKEN], (o) => ({ ...strongSite(o), ...weakSite(o), ...brokenSite() }))
})
afterAll(async () => { await h.close() })

describe('strong.test', () => {
  let report: any
  beforeAll(async () => {
    const res = await h.analyze(h.server.origin(STRONG))
    expect(res.status).toBe(200)
    report = res.body
  })

  it('scores every check but https (fixtures are plain http)', () => {
    expectExplained(report, {
      F1: [8, /HTTP 200 text\/html/],
      F2: [0, /not https/],
      F3: [2, /www\.strong\.test.* redirects to the primary host; 0 redirect hops/],
      F4: [2, /under 1\.5 s/],
      F5: [3, /served normally/],
      F6: [2, /5 of 5 sampled pages answered 2xx/],
      M1: [4, /43 characters/],
      M2: [3, /123 characters/],
      M3: [3, /strong\.test:\d+\/ answers 200/],
      M4: [1, /lang="en"/],
      M5: [2, /width=device-width/],
      // issue 16 rebalanced metadata to make room for M12 and M13: headings are worth 2, OpenGraph 3
      M6: [2, /^1 h1, no skipped level/],
      M7: [3, /og:image answers 2xx image/],
      M8: [1, /summary_large_image/],
      M9: [1, /favicon\.png/],
      M10: [2, /1 of 1 images/],
      M11: [1, /utf-8/],
      M12: [1, /no hreflang annotations/],
      // the nav and footer links are plain hrefs with descriptive text
      M13: [1, /every link can be followed; no generic link text/],
      // GPTBot (training) is blocked: reported, but it costs nothing
      C1: [4, /valid/],
      C2: [4, /may crawl/],
      C3: [5, /6 of 6 allowed/],
      C4: [4, /no noindex/],
      C5: [3, /sitemap_index\.xml \(listed in robots\.txt\)/],
      S1: [2, /JSON-LD blocks? parsed/],
      S2: [3, /Organization: name and url, logo, 2 sameAs/],
      S3: [1, /Acme Widgets/],
      S4: [2, /Article complete/],
      S5: [1, /BreadcrumbList found/],
      S6: [1, /identifiers on this host/],
      L1: [3, /llms\.txt found/],
      L2: [3, /"Acme Widgets", 3 links/],
      L3: [1, /3 of 3 links answered 2xx/],
      L4: [4, /words of text/],
      L5: [2, /<main>, 7 h2/],
      L6: [1, /text\/markdown/],
      L7: [1, /answers 200/],
      // 8 sitemap entries over the index's two children (one gzip), all dated, newest 2026-02-15 (14 days before the clock)
      R1: [3, /8 of 8 entries/],
      R2: [2, /2026-02-15.*14 days old/],
      R3: [1, /several distinct values, 0 dated today/],
      R4: [2, /dates on/],
      R5: [1, /Last-Modified/],
      R6: [1, /feed\.xml/]
    })
    expect(report.technical_crawl_score).toBe(97)
  })

  it('has https as its only gap', () => {
    expect(gapsOf(report)).toEqual([['https_not_enforced', 'medium', 3]])
    expect(report.top_gaps[0]).toMatchObject({ code: 'https_not_enforced', evidence: expect.stringMatching(/not https/), recommendation: expect.stringMatching(/301 or 308/) })
  })

  it('earns the full AEO score with no cap', () => {
    const aeo = report.aeo_authority_score
    const points = Object.fromEntries(aeo.breakdown.map((p: any) => [p.id, p.points]))
    // entity 10+8+7, five 44-word answers 5x5, E-E-A-T 10+5+5+5+5, citability 4x5
    expect(points).toEqual({ A1: 10, A2: 8, A3: 7, A4: 25, A5: 10, A6: 5, A7: 5, A8: 5, A9: 5, A10: 5, A11: 5, A12: 5, A13: 5 })
    expect(aeo.breakdown.find((p: any) => p.id === 'A5').detail).toBe('author Jane Doe')
    expect(aeo).toMatchObject({ score: 100, uncapped_score: 100, status: 'ready', caps_applied: [] })
  })

  it('reads the sitemap index, its gzip child and samples 5 of the 7 non-home URLs', () => {
    const files = report.observations.sitemaps.files.map((f: any) => [new URL(f.url).pathname, f.source, f.kind, f.gzip, f.entry_count])
    expect(files).toEqual([
      ['/sitemap_index.xml', 'robots', 'sitemapindex', false, 2],
      ['/sitemap-pages.xml', 'index', 'urlset', false, 5],
      ['/sitemap-posts.xml.gz', 'index', 'urlset', true, 3]
    ])
    const qa = report.sitemap_qa
    expect(qa.sampled).toHaveLength(5)
    expect(qa.sampled.every((s: any) => s.pass && s.self_canonical === true && s.allowed.googlebot)).toBe(true)
    expect(qa.pass_share).toBe(1)
    // the homepage itself is never sampled
    expect(qa.sampled.map((s: any) => new URL(s.url).pathname)).not.toContain('/')
  })

  it('reports AI crawler access per token, with the deciding rule and content signals', () => {
    const tokens = Object.fromEntries(report.ai_crawler_access.tokens.map((t: any) => [t.token, t]))
    expect(tokens.GPTBot).toMatchObject({ purpose: 'training', allowed: false, rule: { line: 7, text: 'Disallow: /' }, counts_toward_score: false })
    expect(tokens['OAI-SearchBot']).toMatchObject({ purpose: 'search', allowed: true, counts_toward_score: true })
    expect(report.ai_crawler_access.content_signals).toEqual([{ line: 4, user_agents: ['*'], signals: { search: 'yes', 'ai-train': 'no', 'ai-input': 'yes' }, invalid: [] }])
  })

  it('passes launch readiness except https and the http redirect', () => {
    const status = Object.fromEntries(report.launch_readiness.map((i: any) => [i.id, i.status]))
    expect(status).toEqual({
      https: 'fail',
      http_redirect: 'fail',
      host_consistency: 'pass',
      canonical: 'pass',
      favicon: 'pass',
      og_image: 'pass',
      custom_404: 'pass',
      noindex_absent: 'pass',
      robots_not_blocking_all: 'pass',
      title_length: 'pass',
      description_length: 'pass',
      lang: 'pass',
      mixed_content: 'skip',
      sitemap_present: 'pass'
    })
    expect(report.mobile_compatibility.map((i: any) => [i.id, i.status])).toEqual([
      ['viewport', 'pass'], ['user_scalable', 'pass'], ['legacy_plugins', 'pass'], ['font_size', 'not_measured'], ['tap_targets', 'not_measured']
    ])
  })

  it('names every key in snake_case, but the top-level requestedUrl', () => {
    const camel: string[] = []
    const walk = (value: unknown, path: string): void => {
      if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`))
      else if (value !== null && typeof value === 'object') {
        for (const [key, v] of Object.entries(value)) {
          if (/[A-Z]/.test(key) && `${path}.${key}` !== '.requestedUrl') camel.push(`${path}.${key}`)
          walk(v, `${path}.${key}`)
        }
      }
    }
    walk(report, '')
    expect(camel).toEqual([])
  })

  it('gives the same report twice, apart from timings', async () => {
    const again = await h.analyze(h.server.origin(STRONG))
    expect(withoutTimings(again.body)).toEqual(withoutTimings(report))
  })
})

describe('weak.test', () => {
  let report: any
  beforeAll(async () => { report = (await h.analyze(h.server.origin(WEAK))).body })

  it('loses points exactly where the site is careless', () => {
    expectExplained(report, {
      F1: [8, /HTTP 200/],
      F2: [0, /not https/],
      // www.weak.test serves the same page itself, and / -> /start -> /start/ -> /welcome is 3 hops
      F3: [0, /serves the site separately.*3 redirect hops/],
      F4: [2, /under/],
      F5: [3, /served normally/],
      // sample = the 5 HTML same-host sitemap URLs; /gone is 404, /old-page redirects to a 200: 4 of 5 answer 2xx -> 2 x 0.8 = 1.6 -> 1.5
      F6: [1.5, /4 of 5 sampled pages answered 2xx/],
      M1: [2, /"Home" \(4 characters\)/],
      M2: [0, /no meta description/],
      M3: [0, /no rel=canonical/],
      M4: [0, /no lang/],
      M5: [0, /no meta viewport/],
      M6: [0, /2 h1; skipped: h2 -> h4/],
      M7: [0, /no og:title/],
      M8: [0, /no twitter:card/],
      // the soft-404 HTML page at /favicon.ico is not a favicon
      M9: [0, /favicon\.ico answers 200 text\/html/],
      M10: [0.5, /1 of 4 images have alt/],
      M11: [0, /no charset declared/],
      M12: [1, /no hreflang annotations/],
      // issue 16, defect 2: the javascript: menu link and "click here" now cost their half points each
      M13: [0, /1 link cannot be followed: "menu" \(javascript:void\(0\)\); generic link text: "click here"/],
      C1: [2, /2 errors \(first: line 3/],
      C2: [4, /may crawl/],
      // PerplexityBot, Perplexity-User and Claude-SearchBot disallowed: 3 of 6 -> 5 x 0.5 = 2.5
      C3: [2.5, /3 of 6 allowed; blocked: Claude-SearchBot, PerplexityBot, Perplexity-User/],
      C4: [4, /no noindex/],
      C5: [2, /sitemap\.xml \(found at the conventional path only\)/],
      // one of two JSON-LD blocks parses; the Organization has name, url and 1 sameAs, no logo
      S1: [2, /1 JSON-LD block parsed/],
      S2: [2, /name and url, no logo, 1 sameAs/],
      S3: [0, /no WebSite/],
      S4: [0, /no Article/],
      S5: [0, /no BreadcrumbList/],
      S6: [0, /1 JSON-LD error/],
      L1: [0, /answers an HTML page/],
      L2: [0, /no llms\.txt/],
      L3: [0, /no links checked/],
      L4: [4, /words of text/],
      L5: [0, /no <main> or <article>/],
      L6: [0, /no markdown/],
      L7: [0, /answers 200 \(HTML\)/],
      // 10 entries, 3 with a valid lastmod (one "yesterday" is invalid), all 2024-01-15: 776 days before the clock
      R1: [1.5, /3 of 10 entries have a valid lastmod \(30%\)/],
      R2: [0, /776 days old/],
      R3: [0, /one distinct value/],
      R4: [0, /no published or modified date/],
      R5: [0, /neither header/],
      R6: [0, /no feed/]
    })
    // exact halves (issue 16, defect 4): 14.5 + 3.5 + 14.5 + 4 + 4 + 1.5; it was 43 when each category was rounded up
    // (15 + 3 + 15 + 4 + 4 + 2); metadata gained M12 (1, no hreflang) and M13 (0), and lost nothing else here
    expect(report.technical_crawl_score).toBe(42)
  })

  it('orders its gaps by severity, then points lost', () => {
    expect(gapsOf(report)).toEqual([
      ['invalid_llms_txt', 'medium', 6],
      ['https_not_enforced', 'medium', 3],
      ['missing_meta_description', 'medium', 3],
      ['canonical_invalid', 'medium', 3],
      // half the AI search bots blocked: medium (high below half)
      ['ai_search_bots_blocked', 'medium', 2.5],
      ['missing_viewport', 'medium', 2],
      // og:image is 1 of OpenGraph's 3 points since issue 16 (it was 2 of 4)
      ['missing_og_image', 'medium', 1],
      ['invalid_json_ld', 'medium', 1],
      ['sitemap_sample_errors', 'medium', 0.5],
      ['robots_txt_invalid', 'low', 2],
      ['missing_article_schema', 'low', 2],
      ['title_length', 'low', 2],
      ['missing_og_tags', 'low', 2],
      ['stale_sitemap', 'low', 2],
      ['missing_content_dates', 'low', 2],
      ['images_missing_alt', 'low', 1.5],
      ['missing_lastmod', 'low', 1.5],
      ['missing_breadcrumb_schema', 'low', 1],
      // one h1 is 1 of the outline's 2 points since issue 16 (it was 2 of 3)
      ['multiple_h1', 'low', 1],
      ['heading_skip', 'low', 1],
      ['missing_twitter_card', 'low', 1],
      ['missing_favicon', 'low', 1],
      ['missing_lang', 'low', 1],
      ['long_redirect_chain', 'low', 1],
      // issue 16, defect 2: Lighthouse's crawlable-anchors and link-text
      ['non_crawlable_links', 'low', 0.5],
      ['generic_link_text', 'low', 0.5]
    ])
    expect(report.top_gaps.map((g: any) => g.code)).toEqual(['invalid_llms_txt', 'https_not_enforced', 'missing_meta_description', 'canonical_invalid', 'ai_search_bots_blocked'])
  })

  it('explains every failing sitemap sample', () => {
    const qa = Object.fromEntries(report.sitemap_qa.sampled.map((s: any) => [new URL(s.url).pathname, s.problems]))
    expect(qa).toEqual({
      '/services': [],
      '/team': [expect.stringMatching(/^canonical is .*\/about-team$/)],
      '/old-page': [expect.stringMatching(/^redirects to .*\/services$/)],
      '/gone': ['HTTP 404'],
      '/draft': ['noindex']
    })
    expect(report.sitemap_qa.pass_share).toBe(0.2)
    expect(report.observations.sitemaps.files[0]).toMatchObject({ off_host_entries: 1, entry_count: 10 })
  })

  it('caps a content-rich AEO score at 60 for thin E-E-A-T proof', () => {
    const aeo = report.aeo_authority_score
    const points = Object.fromEntries(aeo.breakdown.map((p: any) => [p.id, p.points]))
    // contact 7 (email link); five answers 25; one external sameAs 5; two citations 5; reviews 5; citability 4 x 5
    expect(points).toEqual({ A1: 0, A2: 0, A3: 7, A4: 25, A5: 0, A6: 5, A7: 5, A8: 0, A9: 5, A10: 5, A11: 5, A12: 5, A13: 5 })
    expect(aeo).toMatchObject({ uncapped_score: 67, score: 60, status: 'needs_review' })
    expect(aeo.caps_applied).toEqual([{ code: 'thin_eeat_proof_cap', cap: 60, recommendation: expect.any(String), evidence: '1 of 5 proof signals (contact details)' }])
  })

  it('flags the soft 404 and the separate www host', () => {
    const status = Object.fromEntries(report.launch_readiness.map((i: any) => [i.id, [i.status, i.evidence]]))
    expect(status.custom_404).toEqual(['fail', expect.stringMatching(/answers 200 \(soft 404\)$/)])
    expect(status.host_consistency[0]).toBe('fail')
  })
})

describe('broken.test', () => {
  let report: any
  beforeAll(async () => { report = (await h.analyze(h.server.origin(BROKEN))).body })

  it('scores what a JavaScript-only, noindexed site with a failing robots.txt earns', () => {
    expectExplained(report, {
      // no www twin in the host map: it does not resolve, which is fine
      F1: [8, /HTTP 200/],
      F2: [0, /not https/],
      F3: [2, /does not resolve; 0 redirect hops/],
      F4: [2, /under/],
      F5: [3, /served normally/],
      F6: [2, /no pages sampled; the homepage answered 2xx/],
      M1: [4, /20 characters/],
      M2: [0, /no meta/],
      M3: [0, /no rel=canonical/],
      M4: [1, /lang="en"/],
      M5: [2, /device-width/],
      M6: [1, /^0 h1, no skipped level/],
      M7: [0, /no og:title/],
      M8: [0, /no twitter/],
      M9: [0, /favicon\.ico answers 404/],
      M10: [2, /no images/],
      M11: [1, /utf-8/],
      // a page with no hreflang and no links has nothing wrong with either: the two new metadata points (issue 16)
      M12: [1, /no hreflang annotations/],
      M13: [1, /every link can be followed; no generic link text/],
      // robots.txt 503: crawlers must assume everything is disallowed (RFC 9309 2.3.1.4)
      C1: [0, /unreachable \(HTTP 503\)/],
      C2: [0, /Googlebot: robots\.txt unreachable/],
      C3: [0, /0 of 6 allowed/],
      C4: [0, /meta robots: noindex/],
      C5: [0, /no Sitemap: line in robots\.txt; \/sitemap\.xml answers 200 \(not a sitemap\); \/sitemap_index\.xml answers 404/],
      S1: [0, /no JSON-LD/],
      S2: [0, /no Organization/],
      S3: [0, /no WebSite/],
      S4: [0, /no Article/],
      S5: [0, /no sampled pages/],
      S6: [0, /no url or @id/],
      L1: [0, /answers 404/],
      L2: [0, /no llms/],
      L3: [0, /no links/],
      L4: [0, /^0 words/],
      L5: [0, /no <main>/],
      L6: [0, /no markdown/],
      L7: [0, /answers 404/],
      R1: [0, /no sitemap entries/],
      R2: [0, /no valid lastmod/],
      R3: [0, /fewer than 2/],
      R4: [0, /no published/],
      R5: [0, /neither/],
      R6: [0, /no feed/]
    })
    // 28 before issue 16, plus M12 and M13
    expect(report.technical_crawl_score).toBe(30)
  })

  it('puts the five blocking problems on top', () => {
    expect(report.top_gaps.map((g: any) => [g.code, g.severity, g.points_lost])).toEqual([
      ['ai_search_bots_blocked', 'high', 5],
      ['homepage_noindex', 'high', 4],
      ['homepage_blocked_by_robots', 'high', 4],
      ['robots_txt_unreachable', 'high', 4],
      ['content_requires_javascript', 'high', 4]
    ])
    const invalid = report.gaps.find((g: any) => g.code === 'invalid_sitemap')
    expect(invalid).toMatchObject({ severity: 'medium', evidence: expect.stringMatching(/sitemap\.xml: not a sitemap: an HTML page$/) })
    expect(report.gaps.map((g: any) => g.code)).toContain('missing_sitemap_signal')
  })

  it('applies every cap its observations trigger, lowest first', () => {
    const aeo = report.aeo_authority_score
    expect(aeo.caps_applied.map((c: any) => [c.code, c.cap])).toEqual([
      ['ai_retrieval_blocked_cap', 40], ['noindex_cap', 40], ['js_only_content_cap', 50],
      ['thin_eeat_proof_cap', 60], ['missing_faq_answer_depth_cap', 70], ['missing_entity_schema_cap', 80]
    ])
    expect(aeo).toMatchObject({ uncapped_score: 0, score: 0, status: 'needs_review' })
  })
})
