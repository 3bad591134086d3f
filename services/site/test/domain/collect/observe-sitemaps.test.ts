// Sitemap discovery and reading against a real fixture server: an index listed in robots.txt with a
// plain child, a gzip child and a child over the 50,000-entry limit; a file cut at the 5 MiB cap; which children of
// an index with more than 3 are read.
import { gzipSync } from 'node:zlib'
import { createSafeFetcher, type SafeFetcher } from '@utility-apis/safe-fetch'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Budget, LIMITS } from '../../../src/domain/collect/fetch-step.js'
import { observeSitemaps, type SampleValue } from '../../../src/domain/collect/observe-sitemaps.js'
import { SeededSample } from '../../../src/domain/sampler.js'
import { fixturePolicy, startFixtureServer, type FixtureServer } from '../../fixtures/fixture-server.js'
import { sitemapIndex, text, urlset } from '../../fixtures/html.js'

function datedIndex (children: Array<[string, string | null]>): string {
  const items = children.map(([loc, lastmod]) => `<sitemap><loc>${loc}</loc>${lastmod === null ? '' : `<lastmod>${lastmod}</lastmod>`}</sitemap>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items.join('')}</sitemapindex>`
}

const HOST = 'maps.test'
const NOW = new Date('2026-03-01T00:00:00Z')
let server: FixtureServer
let fetcher: SafeFetcher

beforeAll(async () => {
  server = await startFixtureServer((origin) => {
    const o = origin(HOST)
    const big = Array.from({ length: 50_001 }, (_, i) => ({ loc: `${o}/item/${i}` }))
    // well over the 5 MiB fetch cap: ~75,000 entries of ~80 bytes
    const huge = Array.from({ length: 75_000 }, (_, i) => ({ loc: `${o}/archive/${String(i).padStart(40, '0')}`, lastmod: '2026-01-01' }))
    return {
      [HOST]: {
        // undated, so the last 3 listed are read (indexes are usually appended to): never extra.xml
        '/sitemap_index.xml': text(sitemapIndex([`${o}/extra.xml`, `${o}/pages.xml`, `${o}/posts.xml.gz`, `${o}/items.xml`, `${o}/items.xml`]), 'application/xml'),
        // dated: the newest 3 by the index's lastmod; a child dated after tomorrow is undated, an undated one is last
        '/dated_index.xml': text(datedIndex([
          [`${o}/pages.xml`, '2026-01-01'], [`${o}/future.xml`, '2099-01-01'], [`${o}/good.xml`, '2026-02-01T10:00:00Z'],
          [`${o}/long.xml`, null], [`${o}/posts.xml.gz`, '2025-01-01']
        ]), 'application/xml'),
        '/pages.xml': text(urlset([
          { loc: `${o}/`, lastmod: '2026-02-01' },
          { loc: `${o}/about`, lastmod: '2026-02-01' },
          { loc: `${o}/report.pdf`, lastmod: '2026-02-28T12:00:00Z' },
          { loc: 'http://other.test/page', lastmod: 'soon' }
        ]), 'application/xml'),
        '/posts.xml.gz': text(gzipSync(urlset([{ loc: `${o}/blog/a`, lastmod: '2025-06-01' }, { loc: `${o}/blog/b` }])), 'application/octet-stream'),
        '/items.xml': text(urlset(big), 'application/xml'),
        '/huge.xml': text(urlset(huge), 'application/xml'),
        '/long.xml': text(urlset([{ loc: `${o}/short` }, { loc: `${o}/${'l'.repeat(2100)}` }]), 'application/xml'),
        // complete entries, then a close tag that does not match: not a sitemap, however much of it read well
        '/broken.xml': text(urlset([{ loc: `${o}/broken-1` }, { loc: `${o}/broken-2`, lastmod: '2026-02-01' }]).replace('</urlset>', '</urlsett>'), 'application/xml'),
        '/good.xml': text(urlset([{ loc: `${o}/good`, lastmod: '2026-01-01' }]), 'application/xml'),
        // dated 2099, and 2 March where the site is (1 March in UTC, the analysis' day)
        '/future.xml': text(urlset([
          { loc: `${o}/a`, lastmod: '2099-12-31' }, { loc: `${o}/b`, lastmod: '2026-03-02T09:00:00+10:00' }, { loc: `${o}/c`, lastmod: '2025-12-01' }
        ]), 'application/xml')
      }
    }
  })
  fetcher = createSafeFetcher(fixturePolicy([HOST]))
})
afterAll(async () => {
  await fetcher.close()
  await server.close()
})

function context (limit = 3): { ctx: Parameters<typeof observeSitemaps>[0], sample: SeededSample<SampleValue> } {
  const origin = server.origin(HOST)
  const sample = new SeededSample<SampleValue>(HOST, limit)
  return { sample, ctx: { fetcher, budget: new Budget(20_000), origin, host: new URL(origin).host, exclude: new Set([`${origin}/`]), sample, now: NOW } }
}

describe('observeSitemaps', () => {
  it('follows a robots.txt index to at most 3 children, the last listed: plain, gzip and one over the entry limit', async () => {
    const { ctx, sample } = context()
    const facts = await observeSitemaps(ctx, [`${ctx.origin}/sitemap_index.xml`])
    expect(facts.discovery).toBe('robots')
    expect(facts.files.map((f) => [new URL(f.url).pathname, f.source, f.kind, f.gzip, f.entry_count, f.off_host_entries, f.errors])).toEqual([
      ['/sitemap_index.xml', 'robots', 'sitemapindex', false, 5, 0, []],
      ['/pages.xml', 'index', 'urlset', false, 4, 1, []],
      ['/posts.xml.gz', 'index', 'urlset', true, 2, 0, []],
      ['/items.xml', 'index', 'urlset', false, 50_001, 0, ['over 50000 entries (50001)']]
    ])
    // items.xml listed twice is one child: 4 listed, 3 read
    expect(facts.children).toEqual({ listed: 4, read: 3 })
    // 4 + 2 + the first 50,000 items; lastmods: 3 valid in pages.xml ("soon" is not a date), 1 in posts
    expect(facts.entries).toBe(50_006)
    expect(facts.lastmod).toEqual({ valid: 4, invalid: 1, newest: '2026-02-28T12:00:00.000Z', distinct: 3, today: 0 })
    // only same-host HTML pages are sampled, never the homepage or the PDF
    const urls = sample.result().map((r) => new URL(r.url))
    expect(urls).toHaveLength(3)
    expect(urls.every((u) => u.host === new URL(ctx.origin).host && u.pathname !== '/' && !u.pathname.endsWith('.pdf'))).toBe(true)
  })

  it('reads the children the index dates newest first, never one dated after tomorrow before them', async () => {
    const { ctx } = context()
    const facts = await observeSitemaps(ctx, [`${ctx.origin}/dated_index.xml`])
    expect(facts.files.map((f) => [new URL(f.url).pathname, f.source])).toEqual([
      ['/dated_index.xml', 'robots'], ['/pages.xml', 'index'], ['/good.xml', 'index'], ['/posts.xml.gz', 'index']
    ])
    expect(facts.children).toEqual({ listed: 5, read: 3 })
    expect(facts.entries).toBe(1 + 4 + 2)
  })

  it('falls back to /sitemap.xml, then /sitemap_index.xml, when robots.txt lists none', async () => {
    const { ctx } = context()
    const facts = await observeSitemaps(ctx, [])
    expect(facts.discovery).toBe('convention')
    expect(facts.files.slice(0, 2).map((f) => [new URL(f.url).pathname, f.source, f.fetch.status, f.kind])).toEqual([
      ['/sitemap.xml', 'convention', 404, null],
      ['/sitemap_index.xml', 'convention', 200, 'sitemapindex']
    ])
  })

  it('does not sample a URL longer than the sitemap protocol allows (2,048 characters)', async () => {
    const { ctx, sample } = context(5)
    const facts = await observeSitemaps(ctx, [`${ctx.origin}/long.xml`])
    expect(facts.entries).toBe(2)
    expect(sample.result().map((r) => new URL(r.url).pathname)).toEqual(['/short'])
  })

  it('reads the complete entries of a sitemap cut at the 5 MiB cap', async () => {
    const { ctx } = context()
    const facts = await observeSitemaps(ctx, [`${ctx.origin}/huge.xml`])
    const [file] = facts.files
    expect(file.fetch.truncated).toBe(true)
    expect(file.fetch.bytes).toBe(LIMITS.sitemap)
    expect(file.kind).toBe('urlset')
    expect(file.warnings).toContain('cut short (at the size limit, or the file ended early): only the complete entries before the cut were read')
    expect(facts.entries).toBeGreaterThan(40_000)
    expect(facts.entries).toBeLessThan(75_000)
    expect(facts.lastmod.valid).toBe(facts.entries)
  })

  it('takes no lastmod after tomorrow for a modification: it is counted invalid, and never the newest', async () => {
    const { ctx } = context()
    const facts = await observeSitemaps(ctx, [`${ctx.origin}/future.xml`])
    expect(facts.lastmod).toEqual({ valid: 2, invalid: 1, newest: '2026-03-01T23:00:00.000Z', distinct: 2, today: 1 })
  })

  it('counts nothing of a file that turns out broken, though its first entries were read as it streamed', async () => {
    const { ctx, sample } = context(5)
    const facts = await observeSitemaps(ctx, [`${ctx.origin}/broken.xml`, `${ctx.origin}/good.xml`])
    expect(facts.files.map((f) => [new URL(f.url).pathname, f.kind, f.entry_count])).toEqual([['/broken.xml', null, 0], ['/good.xml', 'urlset', 1]])
    expect(facts.files[0].errors[0]).toMatch(/^not well-formed XML: .+ \(line \d+\)$/)
    expect(facts.entries).toBe(1)
    expect(facts.lastmod).toMatchObject({ valid: 1, newest: '2026-01-01T00:00:00.000Z' })
    expect(sample.result().map((r) => new URL(r.url).pathname)).toEqual(['/good'])
    expect(sample.offered).toBe(1)
  })
})
