// Sitemaps: the robots.txt Sitemap: lines first (at most 3), else /sitemap.xml and
// /sitemap_index.xml; an index is followed one level (at most 3 children). Each file is parsed and
// dropped before the next, so only counts, lastmod statistics and the page sample stay in memory.
import type { SitemapFacts, SitemapFileFacts } from '../observations.js'
import type { SeededSample } from '../sampler.js'
import { decodeSitemapBody, type DecodedBody } from '../sitemap/decode-body.js'
import { parseSitemap } from '../sitemap/parse-sitemap.js'
import { isPageCandidate } from '../page/page-facts.js'
import { fetchStep, LIMITS, type Budget, type Fetcher } from './fetch-step.js'

const MAX_LISTED = 3
const MAX_CHILDREN = 3
const DISTINCT_CAP = 1000

export interface SampleValue { source: 'sitemap' | 'homepage-links', lastmod: string | null }

export interface SitemapContext {
  fetcher: Fetcher
  budget: Budget
  origin: string
  /** only URLs on this host are sampled */
  host: string
  /** URLs never sampled (the homepage) */
  exclude: Set<string>
  sample: SeededSample<SampleValue>
  now: Date
  /** which same-host URLs may be sampled; default: HTML pages (isPageCandidate) */
  candidate?: (url: URL) => boolean
}

class LastmodStats {
  entries = 0
  valid = 0
  invalid = 0
  newest: number | null = null
  today = 0
  private readonly distinct = new Set<string>()

  add (lastmod: string | null, ms: number | null, today: [number, number]): void {
    if (lastmod === null) return
    if (ms === null) {
      this.invalid++
      return
    }
    this.valid++
    if (this.newest === null || ms > this.newest) this.newest = ms
    if (ms >= today[0] && ms < today[1]) this.today++
    if (this.distinct.size < DISTINCT_CAP) this.distinct.add(lastmod)
  }

  facts (): SitemapFacts['lastmod'] {
    const newest = this.newest === null ? null : new Date(this.newest).toISOString()
    return { valid: this.valid, invalid: this.invalid, newest, distinct: this.distinct.size, today: this.today }
  }
}

async function readFile (
  ctx: SitemapContext, url: string, source: SitemapFileFacts['source'], stats: LastmodStats, children: string[]
): Promise<SitemapFileFacts> {
  const step = await fetchStep(ctx.fetcher, ctx.budget, `sitemap ${url}`, url, { maxBytes: LIMITS.sitemap, accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5' })
  const file: SitemapFileFacts = { url, source, fetch: step.facts, gzip: false, kind: null, entry_count: 0, off_host_entries: 0, errors: [], warnings: [] }
  const status = step.facts.status
  if (step.result === null || status === null || status < 200 || status >= 300) return file
  const truncated = step.result.truncated
  const declared = Number(step.result.headers['content-length'] ?? NaN)
  let decoded: DecodedBody | null = await decodeSitemapBody(step.result.body, LIMITS.sitemap)
  step.result = null
  file.gzip = decoded.gzip
  if (decoded.gzipError !== null) file.warnings.push(`gzip stream damaged: ${decoded.gzipError}`)
  const body = decoded.data.toString('utf8')
  const cut = truncated || decoded.truncated
  const declaredBytes = !decoded.gzip && Number.isFinite(declared) ? declared : null
  // the raw bytes are not needed once decoded: let them go before the parse allocates
  decoded = null
  const midnight = Date.parse(ctx.now.toISOString().slice(0, 10))
  const today: [number, number] = [midnight, midnight + 86_400_000]
  // entries are handled as they are read and never held: a 5 MB urlset stays a stream of small objects
  const parsed = parseSitemap(body, {
    truncated: cut,
    declaredBytes,
    onEntry: (entry, kind) => {
      if (kind === 'sitemapindex') {
        children.push(entry.loc)
        return
      }
      stats.entries++
      stats.add(entry.lastmod, entry.lastmodMs, today)
      let url: URL
      try {
        url = new URL(entry.loc)
      } catch {
        return
      }
      url.hash = ''
      if (url.host !== ctx.host) file.off_host_entries++
      else if ((ctx.candidate ?? isPageCandidate)(url) && !ctx.exclude.has(url.href)) ctx.sample.offer(url.href, { source: 'sitemap', lastmod: entry.lastmod })
    }
  })
  return { ...file, kind: parsed.kind, entry_count: parsed.entryCount, errors: parsed.errors, warnings: [...file.warnings, ...parsed.warnings] }
}

export async function observeSitemaps (ctx: SitemapContext, listed: string[]): Promise<SitemapFacts> {
  const stats = new LastmodStats()
  const files: SitemapFileFacts[] = []
  const children: string[] = []
  const readAll = async (urls: string[], source: SitemapFileFacts['source']): Promise<void> => {
    // fetched together, parsed one at a time (parsing is synchronous), results kept in list order
    const results = await Promise.all(urls.map(async (u) => await readFile(ctx, u, source, stats, children)))
    files.push(...results)
  }
  const fromRobots = [...new Set(listed)].slice(0, MAX_LISTED)
  let discovery: SitemapFacts['discovery'] = 'none'
  if (fromRobots.length > 0) {
    await readAll(fromRobots, 'robots')
    if (files.some((f) => f.kind !== null)) discovery = 'robots'
  }
  if (discovery === 'none') {
    for (const path of ['/sitemap.xml', '/sitemap_index.xml']) {
      const url = new URL(path, ctx.origin).href
      if (fromRobots.includes(url)) continue
      await readAll([url], 'convention')
      if (files.at(-1)?.kind != null) {
        discovery = 'convention'
        break
      }
    }
  }
  const childUrls = [...new Set(children)].filter((c) => !files.some((f) => f.url === c)).slice(0, MAX_CHILDREN)
  if (childUrls.length > 0) await readAll(childUrls, 'index')
  return { discovery, files, entries: stats.entries, lastmod: stats.facts() }
}
