// A sitemap index with more children than an analysis reads (3): the newest children are read, and every count
// says it covers only them. An archive of ten yearly sitemaps read from its first (oldest) child answered a current
// site as stale, with 300 entries presented as the site's total.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderMarkdownReport } from '../../src/domain/reports/markdown-report.js'
import { checksOf, harness, type Harness } from '../fixtures/analyze.js'
import { html, text, urlset, words } from '../fixtures/html.js'

const YEARS = Array.from({ length: 10 }, (_, i) => 2017 + i)
// where the index lists them when it dates them: the newest in the middle, so the last listed are not the newest
const SHUFFLED = [2019, 2026, 2017, 2023, 2018, 2025, 2020, 2024, 2021, 2022]
const home = html(`<!doctype html><html lang="en"><head><title>Acme widgets for every workshop</title></head><body><main><p>${words(200)}</p></main></body></html>`)

function index (children: Array<{ loc: string, lastmod?: string }>): string {
  const items = children.map((c) => `<sitemap><loc>${c.loc}</loc>${c.lastmod === undefined ? '' : `<lastmod>${c.lastmod}</lastmod>`}</sitemap>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items.join('')}</sitemapindex>`
}

/** A site whose sitemap index lists a yearly sitemap of 100 posts for 2017 to 2026; 2026's are dated February. */
function archive (o: string, children: Array<{ loc: string, lastmod?: string }>): Record<string, ReturnType<typeof text>> {
  const site: Record<string, ReturnType<typeof text>> = {
    '/': home,
    '*': home,
    '/robots.txt': text(`User-agent: *\nAllow: /\nSitemap: ${o}/sitemap_index.xml\n`),
    '/sitemap_index.xml': text(index(children), 'application/xml')
  }
  for (const y of YEARS) {
    const lastmod = (i: number): string => y === 2026 ? `2026-02-${String(1 + (i % 27)).padStart(2, '0')}` : `${y}-0${1 + (i % 9)}-15`
    site[`/sitemap-${y}.xml`] = text(urlset(Array.from({ length: 100 }, (_, i) => ({ loc: `${o}/${y}/post-${i}`, lastmod: lastmod(i) }))), 'application/xml')
  }
  return site
}

let h: Harness
beforeAll(async () => {
  h = await harness(['news.test', 'dated.test'], (origin) => {
    const news = origin('news.test')
    const dated = origin('dated.test')
    return {
      // in date order, oldest first, without lastmods: the reviewer's case
      'news.test': archive(news, YEARS.map((y) => ({ loc: `${news}/sitemap-${y}.xml` }))),
      // dated by the index, in no order; a child dated 2099 is no modification and is not read first
      'dated.test': archive(dated, [
        ...SHUFFLED.map((y) => ({ loc: `${dated}/sitemap-${y}.xml`, lastmod: y === 2026 ? '2026-02-27' : `${y}-12-31` })),
        { loc: `${dated}/sitemap-future.xml`, lastmod: '2099-01-01' }
      ])
    }
  })
})
afterAll(async () => { await h.close() })

const readChildren = (body: any): string[] =>
  body.observations.sitemaps.files.filter((f: any) => f.source === 'index').map((f: any) => new URL(f.url).pathname)

describe('a sitemap index with more children than are read', () => {
  it('reads the last listed children when the index has no lastmods, and the site is current', async () => {
    const { status, body } = await h.analyze(h.server.origin('news.test'))
    expect(status).toBe(200)
    expect(body.complete).toBe(true)
    expect(readChildren(body)).toEqual(['/sitemap-2024.xml', '/sitemap-2025.xml', '/sitemap-2026.xml'])
    const checks = checksOf(body)
    expect(checks['freshness.recent_lastmod']).toEqual({
      points: 2, detail: 'newest lastmod 2026-02-27T00:00:00.000Z (2 days old) in the 3 of 10 child sitemaps read'
    })
    expect(body.gaps.map((g: any) => g.code)).not.toContain('stale_sitemap')
    // the counts say they are the read children's, never the site's total
    expect(body.observations.sitemaps).toMatchObject({ entries: 300, children: { listed: 10, read: 3 } })
    expect(body.sitemap_qa).toMatchObject({ entries_total: 300, children: { listed: 10, read: 3 } })
    expect(checks['freshness.lastmod_coverage'].detail).toBe('300 of 300 entries in the 3 of 10 child sitemaps read have a valid lastmod (100%)')
    expect(body.launch_readiness.find((i: any) => i.id === 'sitemap_present')).toMatchObject({
      status: 'pass', evidence: '300 URLs in the 3 of 10 child sitemaps read'
    })
    expect(renderMarkdownReport(body)).toContain('xml: 300 URLs in the 3 of 10 child sitemaps read, 5 sampled.')
  })

  it('reads the children the index dates newest, wherever they are listed', async () => {
    const { status, body } = await h.analyze(h.server.origin('dated.test'))
    expect(status).toBe(200)
    // in the index's order
    expect(readChildren(body)).toEqual(['/sitemap-2026.xml', '/sitemap-2025.xml', '/sitemap-2024.xml'])
    expect(checksOf(body)['freshness.recent_lastmod'].points).toBe(2)
    expect(body.gaps.map((g: any) => g.code)).not.toContain('stale_sitemap')
    expect(body.observations.sitemaps.children).toEqual({ listed: 11, read: 3 })
  })
})
