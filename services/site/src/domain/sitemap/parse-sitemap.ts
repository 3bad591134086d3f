// Sitemap parsing per sitemaps.org: <urlset> and <sitemapindex> XML, RSS 2.0 and Atom feeds, and
// plain-text lists, with the protocol limits (50,000 entries, 50 MB uncompressed) checked.
import { XMLValidator } from 'fast-xml-parser'
import { parseFeedDate, parseW3cDatetime } from './w3c-datetime.js'
import { forEachItem, repairCut, rootTag, xmlParser } from './xml-chunks.js'

export const SITEMAP_MAX_ENTRIES = 50_000
export const SITEMAP_MAX_BYTES = 52_428_800
export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9'

export type SitemapKind = 'urlset' | 'sitemapindex' | 'rss' | 'atom' | 'text'

export interface SitemapEntry {
  loc: string
  /** the lastmod as written, or null */
  lastmod: string | null
  /** epoch ms of a valid lastmod, or null */
  lastmodMs: number | null
}

export interface ParsedSitemap {
  /** null when the file is not a sitemap at all */
  kind: SitemapKind | null
  /** URLs (or child sitemaps of an index), at most SITEMAP_MAX_ENTRIES */
  entries: SitemapEntry[]
  /** entries in the file, including any beyond the limit */
  entryCount: number
  /** entries whose loc is not an absolute http(s) URL (left out of `entries`) */
  invalidLocs: number
  /** protocol violations that make the file invalid */
  errors: string[]
  /** deviations that crawlers tolerate */
  warnings: string[]
}

export interface ParseOptions {
  /** uncompressed size, when known beyond what was read (Content-Length) */
  declaredBytes?: number | null
  /** the body was cut at the fetch cap: complete entries are kept and the cut is reported */
  truncated?: boolean
  /** receives each entry as it is read; `entries` then stays empty (large files need not be held) */
  onEntry?: (entry: SitemapEntry, kind: SitemapKind) => void
}

function decodeXmlEscapes (s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, ref: string) => {
    const r = ref.toLowerCase()
    if (r === 'amp') return '&'
    if (r === 'lt') return '<'
    if (r === 'gt') return '>'
    if (r === 'quot') return '"'
    if (r === 'apos') return "'"
    const code = r.startsWith('#x') ? parseInt(r.slice(2), 16) : parseInt(r.slice(1), 10)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
  })
}

function text (node: unknown): string | null {
  if (typeof node === 'string') return decodeXmlEscapes(node.trim())
  if (typeof node === 'number') return String(node)
  if (node !== null && typeof node === 'object' && '#text' in node) return text((node as Record<string, unknown>)['#text'])
  return null
}

function asArray (node: unknown): unknown[] {
  if (Array.isArray(node)) return node
  return node === undefined || node === null ? [] : [node]
}

// a cheap shape check (no URL object per entry); callers parse the URLs they keep
const HTTP_URL = /^https?:\/\/[^\s/?#@]+(:\d+)?([/?#]\S*)?$/i

function isHttpUrl (value: string): boolean {
  return HTTP_URL.test(value)
}

interface RawEntry { loc: string | null, lastmod: string | null }

/** Counts, validates and keeps (or hands on) entries, up to the protocol limit. */
class Collector {
  private kept = 0
  private readonly feed: boolean
  // sitemaps repeat a handful of lastmod values; each is parsed once
  private readonly dates = new Map<string, number | null>()
  constructor (private readonly out: ParsedSitemap, private readonly kind: SitemapKind, private readonly onEntry?: ParseOptions['onEntry']) {
    this.feed = kind === 'rss' || kind === 'atom'
  }

  add (r: RawEntry): void {
    this.out.entryCount++
    if (this.kept >= SITEMAP_MAX_ENTRIES) return
    if (r.loc === null || !isHttpUrl(r.loc)) {
      this.out.invalidLocs++
      return
    }
    const lastmodMs = r.lastmod === null ? null : this.dateOf(r.lastmod)
    const entry = { loc: r.loc, lastmod: r.lastmod, lastmodMs }
    this.kept++
    if (this.onEntry === undefined) this.out.entries.push(entry)
    else this.onEntry(entry, this.kind)
  }

  private dateOf (lastmod: string): number | null {
    let ms = this.dates.get(lastmod)
    if (ms === undefined) {
      ms = this.feed ? parseFeedDate(lastmod) : parseW3cDatetime(lastmod)
      if (this.dates.size < 1000) this.dates.set(lastmod, ms)
    }
    return ms
  }

  finish (): number {
    if (this.out.entryCount > SITEMAP_MAX_ENTRIES) this.out.errors.push(`over ${SITEMAP_MAX_ENTRIES} entries (${this.out.entryCount})`)
    if (this.out.invalidLocs > 0) this.out.warnings.push(`${this.out.invalidLocs} entries without an absolute http(s) loc`)
    return this.kept
  }
}

function atomLink (entry: Record<string, unknown>): string | null {
  const links = asArray(entry.link) as Array<Record<string, unknown> | string>
  for (const link of links) {
    if (typeof link === 'string') return link.trim()
    const rel = link['@_rel']
    if ((rel === undefined || rel === 'alternate') && typeof link['@_href'] === 'string') return link['@_href'].trim()
  }
  return null
}

function parseText (body: string, out: ParsedSitemap, onEntry?: ParseOptions['onEntry']): ParsedSitemap {
  const collector = new Collector(out, 'text', onEntry)
  out.kind = 'text'
  for (const line of body.split(/\r\n|\r|\n/)) {
    const loc = line.trim()
    if (loc !== '') collector.add({ loc, lastmod: null })
  }
  if (collector.finish() === 0) {
    out.kind = null
    out.errors.push('not a sitemap: no XML root and no URL lines')
  }
  return out
}

export function parseSitemap (body: string, options: ParseOptions = {}): ParsedSitemap {
  const out: ParsedSitemap = { kind: null, entries: [], entryCount: 0, invalidLocs: 0, errors: [], warnings: [] }
  const bytes = Math.max(Buffer.byteLength(body), options.declaredBytes ?? 0)
  if (bytes > SITEMAP_MAX_BYTES) out.errors.push(`over ${SITEMAP_MAX_BYTES} bytes uncompressed (${bytes})`)
  let xml = body.replace(/^\uFEFF/, '').trimStart()
  if (!xml.startsWith('<')) return parseText(xml, out, options.onEntry)
  if (/^<(!doctype\s+html|html[\s>])/i.test(xml)) {
    out.errors.push('not a sitemap: an HTML page')
    return out
  }
  let root = rootTag(xml)
  if (options.truncated === true) {
    const repaired = root === null ? null : repairCut(xml, root)
    if (repaired === null) {
      out.errors.push('cut at the size limit before the file could be read')
      return out
    }
    xml = repaired
    out.warnings.push('cut at the size limit: only the complete entries before the cut were read')
    root = rootTag(xml)
  }
  const valid = XMLValidator.validate(xml)
  if (valid !== true || root === null) {
    out.errors.push(valid === true ? 'not well-formed XML: no root element' : `not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`)
    return out
  }
  if (root.name === 'urlset' || root.name === 'sitemapindex') {
    out.kind = root.name
    const collector = new Collector(out, root.name, options.onEntry)
    forEachItem(xml, root, (i) => collector.add({ loc: text(i.loc), lastmod: text(i.lastmod) }))
    collector.finish()
    if (!root.openTag.includes(SITEMAP_NAMESPACE)) out.warnings.push(`missing the sitemap namespace ${SITEMAP_NAMESPACE}`)
    return out
  }
  if (root.name !== 'rss' && root.name !== 'feed') {
    out.errors.push(`not a sitemap: unexpected root element <${root.name}>`)
    return out
  }
  // feeds are read whole: they are small, and their items nest below a channel
  const doc = xmlParser.parse(xml) as Record<string, Record<string, unknown>>
  const node = doc[root.name] ?? {}
  const collector = new Collector(out, root.name === 'rss' ? 'rss' : 'atom', options.onEntry)
  if (root.name === 'rss') {
    out.kind = 'rss'
    const channel = (asArray(node.channel)[0] ?? {}) as Record<string, unknown>
    for (const i of asArray(channel.item) as Array<Record<string, unknown>>) {
      collector.add({ loc: text(asArray(i.link)[0]), lastmod: text(i.pubDate) ?? text(i.updated) })
    }
  } else {
    out.kind = 'atom'
    for (const e of asArray(node.entry) as Array<Record<string, unknown>>) collector.add({ loc: atomLink(e), lastmod: text(e.updated) ?? text(e.published) })
  }
  collector.finish()
  return out
}
