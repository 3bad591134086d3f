// What a byte cap cut is not read: a homepage cut at its HTML limit or a sitemap cut at its limit proves what the part
// read holds, never that something is absent from the rest. The checks that read the whole file and fall short say
// they were not measured, set their points aside as the budget's do, raise no gap, and the answer is incomplete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIMITS } from '../../src/domain/collect/fetch-step.js'
import { checksOf, harness, KEY, type Harness } from '../fixtures/analyze.js'
import { html, jsonLd, text, words } from '../fixtures/html.js'

// the homepage: a WebSite in its head, then an inline script past the HTML limit, then the Organization
const CUT_HOME = 'cut-home.test'
// a sitemap past its limit: its first 9,000 entries without lastmod, the rest with one, so the part read has 74%
const CUT_SITEMAP = 'cut-sitemap.test'
const SITEMAP_ENTRIES = 45_000
// a site whose one sampled page is past the HTML limit, its BreadcrumbList after the cut
const CUT_PAGE = 'cut-page.test'
const CATEGORY_MAX: Record<string, number> = { fetchability: 20, metadata: 25, crawl_policy: 20, structured_data: 10, llm_readiness: 15, freshness: 10 }
const HOME_CHECKS = ['structured_data.organization', 'structured_data.content_item', 'structured_data.identifiers', 'freshness.stated_dates']
const SITEMAP_CHECKS = ['freshness.lastmod_coverage', 'freshness.varied_lastmods']

let h: Harness
const reports: Record<string, any> = {}
let markdown = ''
let pageMarkdown = ''

function homepage (origin: string): string {
  const website = jsonLd({ '@context': 'https://schema.org', '@type': 'WebSite', name: 'Acme' })
  const org = jsonLd({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Acme', url: `${origin}/`, logo: `${origin}/logo.png`, sameAs: ['https://github.com/acme'] })
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme widgets for every workshop</title>${website}</head>` +
    `<body><main><h1>Acme</h1><p>${words(200)}</p><a href="/p1">Page one</a></main>` +
    `<script>var x = "${'a'.repeat(LIMITS.html + 100_000)}"</script>${org}</body></html>`
}

function bigSitemap (origin: string): string {
  const items = Array.from({ length: SITEMAP_ENTRIES }, (_, i) =>
    `<url><loc>${origin}/product/${i}-${'x'.repeat(70)}</loc>${i >= 9000 ? '<lastmod>2026-02-20</lastmod>' : ''}</url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items.join('')}</urlset>`
}

function bigPage (): string {
  const breadcrumb = jsonLd({ '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: [] })
  return `<!doctype html><html lang="en"><head><title>A long page</title></head><body><main><p>${words(200)}</p></main>` +
    `<script>var x = "${'a'.repeat(LIMITS.html + 100_000)}"</script>${breadcrumb}</body></html>`
}

beforeAll(async () => {
  const page = html(`<!doctype html><html lang="en"><head><title>A page below the home page</title></head><body><main><p>${words(200)}</p></main></body></html>`)
  h = await harness([CUT_HOME, CUT_SITEMAP, CUT_PAGE], (origin) => ({
    [CUT_HOME]: { '/': html(homepage(origin(CUT_HOME))), '/p1': page },
    [CUT_SITEMAP]: {
      '/': page,
      '/robots.txt': text(`User-agent: *\nAllow: /\nSitemap: ${origin(CUT_SITEMAP)}/sitemap.xml\n`),
      '/sitemap.xml': text(bigSitemap(origin(CUT_SITEMAP)), 'application/xml'),
      '*': page
    },
    [CUT_PAGE]: {
      '/': page,
      '/robots.txt': text(`User-agent: *\nAllow: /\nSitemap: ${origin(CUT_PAGE)}/sitemap.xml\n`),
      '/sitemap.xml': text(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin(CUT_PAGE)}/big</loc></url></urlset>`, 'application/xml'),
      '/big': html(bigPage())
    }
  }))
  const [home, sitemap, cutPage, md, pageMd] = await Promise.all([
    h.analyze(h.server.origin(CUT_HOME)), h.analyze(h.server.origin(CUT_SITEMAP)), h.analyze(h.server.origin(CUT_PAGE)),
    h.app.inject({ method: 'POST', url: '/v1/site-intel/analyze', headers: { ...KEY, accept: 'text/markdown' }, payload: { url: h.server.origin(CUT_HOME) } }),
    h.app.inject({ method: 'POST', url: '/v1/site-intel/analyze', headers: { ...KEY, accept: 'text/markdown' }, payload: { url: h.server.origin(CUT_PAGE) } })
  ])
  reports[CUT_HOME] = home.body
  reports[CUT_SITEMAP] = sitemap.body
  reports[CUT_PAGE] = cutPage.body
  markdown = md.body
  pageMarkdown = pageMd.body
}, 60_000)
afterAll(async () => { await h.close() })

/** Every category keeps its maximum, the score its 100. */
function expectWholeMaxima (report: any): void {
  expect(report.max_score).toBe(100)
  for (const [category, max] of Object.entries(CATEGORY_MAX)) expect([category, report.category_scores[category].max]).toEqual([category, max])
}

describe('a homepage cut at the HTML size limit', () => {
  it('answers that it is incomplete, naming the checks of what may stand in the unread part', () => {
    const report = reports[CUT_HOME]
    expect(report.observations.homepage.fetch.truncated).toBe(true)
    expect(report.complete).toBe(false)
    expect(report.not_measured).toEqual(expect.arrayContaining(HOME_CHECKS))
    const checks = checksOf(report)
    for (const id of HOME_CHECKS) {
      expect([id, checks[id]]).toEqual([id, { points: 0, detail: 'not measured: the homepage\'s HTML was cut at its 2 MiB limit and the rest was not read' }])
    }
    expectWholeMaxima(report)
  })

  it('raises no gap about what it did not read', () => {
    const codes = reports[CUT_HOME].gaps.map((g: any) => g.code)
    expect(codes.filter((code: string) => ['missing_organization_schema', 'missing_structured_data', 'missing_article_schema', 'missing_content_dates'].includes(code))).toEqual([])
  })

  it('still counts what the part read holds', () => {
    const report = reports[CUT_HOME]
    const checks = checksOf(report)
    expect(checks['structured_data.json_ld']).toEqual({ points: expect.any(Number), detail: '1 JSON-LD block parsed' })
    expect(checks['structured_data.website']).toEqual({ points: expect.any(Number), detail: 'WebSite "Acme"' })
    expect(checks['structured_data.json_ld'].points).toBeGreaterThan(0)
    expect(report.not_measured).not.toContain('structured_data.json_ld')
    expect(report.not_measured).not.toContain('llm_readiness.text_without_javascript')
    expect(checks['metadata.title_length'].points).toBe(3)
  })

  it('says so at the top of the Markdown report', () => {
    const line = markdown.split('\n').find((l) => l.startsWith('> **Incomplete analysis')) ?? ''
    expect(line.replace(/\\(.)/g, '$1')).toContain('Incomplete analysis: the homepage\'s HTML was cut at the size limit and not read to the end.')
  })
})

describe('a sitemap cut at its size limit', () => {
  it('answers that it is incomplete, its coverage and variety of lastmods not measured, and no missing_lastmod gap', () => {
    const report = reports[CUT_SITEMAP]
    const file = report.observations.sitemaps.files[0]
    expect(file.fetch.truncated).toBe(true)
    expect(report.observations.sitemaps.entries).toBeLessThan(SITEMAP_ENTRIES)
    expect(report.complete).toBe(false)
    expect(report.not_measured).toEqual(SITEMAP_CHECKS)
    const checks = checksOf(report)
    for (const id of SITEMAP_CHECKS) {
      expect([id, checks[id]]).toEqual([id, {
        points: 0,
        detail: `not measured: the sitemap ${file.url as string} was cut at the 5 MiB limit and the entries after the cut were not read`
      }])
    }
    expect(report.gaps.map((g: any) => g.code)).not.toContain('missing_lastmod')
    expectWholeMaxima(report)
  })

  it('keeps what the part read already earns in full: a recent lastmod, the sitemap found', () => {
    const checks = checksOf(reports[CUT_SITEMAP])
    expect(checks['freshness.recent_lastmod'].detail).toMatch(/^newest lastmod 2026-02-20/)
    expect(checks['freshness.recent_lastmod'].points).toBeGreaterThan(0)
    expect(checks['crawl_policy.sitemap'].points).toBe(3)
  })
})

describe('a sampled page cut at the HTML size limit', () => {
  it('leaves what its unread rest may hold not measured, raises no gap for it, and answers that it is incomplete', () => {
    const report = reports[CUT_PAGE]
    const sampled = report.observations.sample.pages.find((p: any) => p.url.endsWith('/big'))
    expect(sampled.fetch.truncated).toBe(true)
    expect(report.complete).toBe(false)
    expect(report.not_measured).toContain('structured_data.breadcrumb')
    expect(checksOf(report)['structured_data.breadcrumb']).toEqual({
      points: 0,
      detail: `not measured: the sampled page ${sampled.url as string} was cut at the 2 MiB limit and the rest was not read`
    })
    expect(report.gaps.map((g: any) => g.code)).not.toContain('missing_breadcrumb_schema')
    expectWholeMaxima(report)
  })

  it('names the page in the Markdown report\'s notice', () => {
    const line = pageMarkdown.split('\n').find((l) => l.startsWith('> **Incomplete analysis')) ?? ''
    expect(line.replace(/\\(.)/g, '$1')).toMatch(/the sampled page http:\/\/cut-page\.test[^ ]*\/big was cut at the size limit and not read to the end/)
  })
})
