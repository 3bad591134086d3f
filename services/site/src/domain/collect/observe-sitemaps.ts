// Sitemaps: the robots.txt Sitemap: lines first (at most 3), else /sitemap.xml and
// /sitemap_index.xml; an index is followed one level (at most 3 children, the newest: see chooseChildren). Each
// file is parsed as its bytes arrive and none is held: only counts, lastmod statistics and the page sample stay in
// memory.
import type { SitemapFacts, SitemapFileFacts } from '../observations.js'
import type { SeededSample } from '../sampler.js'
import { SitemapBodyDecoder } from '../sitemap/decode-body.js'
import { SitemapParser, type SitemapEntry, type SitemapKind } from '../sitemap/parse-sitemap.js'
import { isPageCandidate } from '../page/page-facts.js'
import { fetchStep, LIMITS, type Budget, type Fetcher } from './fetch-step.js'

const MAX_LISTED = 3
// children are fetched together after their index, on the analysis' critical path, each up to 5 MiB parsed as it
// streams: 3 keeps that round trip's CPU and memory bounded within the 25 s budget
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

const DAY_MS = 86_400_000

class LastmodStats {
  entries = 0
  valid = 0
  invalid = 0
  newest: number | null = null
  today = 0
  private readonly distinct = new Set<string>()

  add (lastmod: string | null, ms: number | null, today: [number, number]): void {
    if (lastmod === null) return
    // a modification cannot come after tomorrow (UTC): such a date would stand for the newest and hide a stale sitemap
    if (ms === null || ms >= today[1] + DAY_MS) {
      this.invalid++
      return
    }
    this.valid++
    if (this.newest === null || ms > this.newest) this.newest = ms
    if (ms >= today[0] && ms < today[1]) this.today++
    if (this.distinct.size < DISTINCT_CAP) this.distinct.add(lastmod)
  }

  merge (other: LastmodStats): void {
    this.entries += other.entries
    this.valid += other.valid
    this.invalid += other.invalid
    this.today += other.today
    if (other.newest !== null && (this.newest === null || other.newest > this.newest)) this.newest = other.newest
    for (const lastmod of other.distinct) {
      if (this.distinct.size >= DISTINCT_CAP) break
      this.distinct.add(lastmod)
    }
  }

  facts (): SitemapFacts['lastmod'] {
    const newest = this.newest === null ? null : new Date(this.newest).toISOString()
    return { valid: this.valid, invalid: this.invalid, newest, distinct: this.distinct.size, today: this.today }
  }
}

/** A child sitemap as its index lists it: `lastmodMs` is the index's valid lastmod for it, or null. */
interface ChildRef { loc: string, lastmodMs: number | null }

/**
 * The children worth reading when not all can be: by the index's own lastmod, newest first; without one, the last
 * listed first, since indexes are usually appended to in date order. Reading the first few instead answered an
 * archive's oldest years, and a current site as a stale one. Those chosen are read in the index's order, as all are
 * when they fit.
 */
function chooseChildren (children: ChildRef[], max: number): string[] {
  const position = new Map<string, number>()
  children.forEach((c, i) => { if (!position.has(c.loc)) position.set(c.loc, i) })
  const first = [...position.values()].map((i) => ({ ...children[i], i }))
  const dated = (c: ChildRef): number => c.lastmodMs ?? Number.NEGATIVE_INFINITY
  first.sort((a, b) => dated(a) === dated(b) ? b.i - a.i : dated(b) - dated(a))
  return first.slice(0, max).sort((a, b) => a.i - b.i).map((c) => c.loc)
}

/** One file's findings, kept apart until the file turns out to be a sitemap (a broken one counts for nothing). */
class FileReading {
  readonly stats = new LastmodStats()
  readonly sample: SeededSample<SampleValue>
  readonly children: ChildRef[] = []
  offHost = 0
  readonly parser = new SitemapParser((entry, kind) => { this.take(entry, kind) })
  readonly body = new SitemapBodyDecoder((text) => { this.parser.write(text) }, LIMITS.sitemap)

  constructor (private readonly ctx: SitemapContext, private readonly today: [number, number]) {
    this.sample = ctx.sample.sibling()
  }

  private take (entry: SitemapEntry, kind: SitemapKind): void {
    if (kind === 'sitemapindex') {
      // a lastmod after tomorrow is no modification (as for page entries): it would put that child first
      const ms = entry.lastmodMs
      this.children.push({ loc: entry.loc, lastmodMs: ms !== null && ms < this.today[1] + DAY_MS ? ms : null })
      return
    }
    this.stats.entries++
    this.stats.add(entry.lastmod, entry.lastmodMs, this.today)
    let url: URL
    try {
      url = new URL(entry.loc)
    } catch {
      return
    }
    url.hash = ''
    if (url.host !== this.ctx.host) this.offHost++
    else if ((this.ctx.candidate ?? isPageCandidate)(url) && !this.ctx.exclude.has(url.href)) {
      this.sample.offer(url.href, { source: 'sitemap', lastmod: entry.lastmod })
    }
  }
}

async function readFile (
  ctx: SitemapContext, url: string, source: SitemapFileFacts['source']
): Promise<{ file: SitemapFileFacts, reading: FileReading | null }> {
  const midnight = Date.parse(ctx.now.toISOString().slice(0, 10))
  const today: [number, number] = [midnight, midnight + DAY_MS]
  const started: { reading?: FileReading } = {}
  const step = await fetchStep(ctx.fetcher, ctx.budget, `sitemap ${url}`, url, {
    maxBytes: LIMITS.sitemap,
    accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5',
    consumeBody: ({ status }) => {
      if (status < 200 || status >= 300) return undefined
      const reading = started.reading = new FileReading(ctx, today)
      return async (chunk) => { reading.body.write(chunk) }
    }
  })
  const file: SitemapFileFacts = { url, source, fetch: step.facts, gzip: false, kind: null, entry_count: 0, off_host_entries: 0, errors: [], warnings: [] }
  const reading = started.reading
  if (step.result === null || reading === undefined) return { file, reading: null }
  await reading.body.end()
  file.gzip = reading.body.gzip
  if (reading.body.gzipError !== null) file.warnings.push(`gzip stream damaged: ${reading.body.gzipError}`)
  const declared = Number(step.result.headers['content-length'] ?? NaN)
  const parsed = reading.parser.end({
    truncated: step.result.truncated || reading.body.truncated,
    declaredBytes: !reading.body.gzip && Number.isFinite(declared) ? declared : null
  })
  const sitemap = parsed.kind !== null
  const facts = { kind: parsed.kind, entry_count: parsed.entryCount, off_host_entries: sitemap ? reading.offHost : 0 }
  return {
    file: { ...file, ...facts, errors: parsed.errors, warnings: [...file.warnings, ...parsed.warnings] },
    reading: sitemap ? reading : null
  }
}

export async function observeSitemaps (ctx: SitemapContext, listed: string[]): Promise<SitemapFacts> {
  const stats = new LastmodStats()
  const files: SitemapFileFacts[] = []
  const children: ChildRef[] = []
  const readAll = async (urls: string[], source: SitemapFileFacts['source']): Promise<void> => {
    // fetched and parsed together; what each file found is taken in list order
    const results = await Promise.all(urls.map(async (u) => await readFile(ctx, u, source)))
    for (const { file, reading } of results) {
      files.push(file)
      if (reading === null) continue
      stats.merge(reading.stats)
      ctx.sample.merge(reading.sample)
      children.push(...reading.children)
    }
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
  const unread = children.filter((c) => !files.some((f) => f.url === c.loc))
  const childUrls = chooseChildren(unread, MAX_CHILDREN)
  if (childUrls.length > 0) await readAll(childUrls, 'index')
  const listedChildren = new Set(unread.map((c) => c.loc)).size
  return { discovery, files, entries: stats.entries, children: { listed: listedChildren, read: childUrls.length }, lastmod: stats.facts() }
}
