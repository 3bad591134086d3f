// Sitemap parsing per sitemaps.org: <urlset> and <sitemapindex> XML, RSS 2.0 and Atom feeds, and
// plain-text lists, with the protocol limits (50,000 entries, 50 MB uncompressed) checked.
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { parseFeedDate, parseW3cDatetime } from './w3c-datetime.js'

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
}

const ARRAYS = new Set(['url', 'sitemap', 'item', 'entry', 'link'])
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  // DOCTYPE entities are never expanded (no entity-expansion bombs); the XML escapes are decoded below
  processEntities: false,
  trimValues: true,
  isArray: (name) => ARRAYS.has(name)
})

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

function isHttpUrl (value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

interface RawEntry { loc: string | null, lastmod: string | null }

function collect (raw: RawEntry[], feed: boolean, out: ParsedSitemap): void {
  out.entryCount = raw.length
  for (const r of raw) {
    if (out.entries.length >= SITEMAP_MAX_ENTRIES) break
    if (r.loc === null || !isHttpUrl(r.loc)) {
      out.invalidLocs++
      continue
    }
    const lastmodMs = r.lastmod === null ? null : (feed ? parseFeedDate(r.lastmod) : parseW3cDatetime(r.lastmod))
    out.entries.push({ loc: r.loc, lastmod: r.lastmod, lastmodMs })
  }
  if (raw.length > SITEMAP_MAX_ENTRIES) out.errors.push(`over ${SITEMAP_MAX_ENTRIES} entries (${raw.length})`)
  if (out.invalidLocs > 0) out.warnings.push(`${out.invalidLocs} entries without an absolute http(s) loc`)
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

function rootName (doc: Record<string, unknown>): string | null {
  return Object.keys(doc).find((k) => !k.startsWith('?') && !k.startsWith('#')) ?? null
}

/** Closes a urlset or index that the byte cap cut, after its last complete entry. */
function repairCut (xml: string): string | null {
  for (const [root, item] of [['urlset', 'url'], ['sitemapindex', 'sitemap']]) {
    const open = new RegExp(`<([A-Za-z_][\\w.-]*:)?${root}[\\s>]`).exec(xml)
    if (open === null) continue
    const prefix = open[1] ?? ''
    const close = `</${prefix}${item}>`
    const last = xml.lastIndexOf(close)
    const openEnd = xml.indexOf('>', open.index)
    return last === -1 ? xml.slice(0, openEnd + 1) + `</${prefix}${root}>` : xml.slice(0, last + close.length) + `</${prefix}${root}>`
  }
  return null
}

function parseText (body: string, out: ParsedSitemap): ParsedSitemap {
  const lines = body.split(/\r\n|\r|\n/).map((l) => l.trim()).filter((l) => l !== '')
  out.kind = 'text'
  collect(lines.map((loc) => ({ loc, lastmod: null })), false, out)
  if (out.entries.length === 0) {
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
  if (!xml.startsWith('<')) return parseText(xml, out)
  if (/^<(!doctype\s+html|html[\s>])/i.test(xml)) {
    out.errors.push('not a sitemap: an HTML page')
    return out
  }
  if (options.truncated === true) {
    const repaired = repairCut(xml)
    if (repaired === null) {
      out.errors.push('cut at the size limit before the file could be read')
      return out
    }
    xml = repaired
    out.warnings.push('cut at the size limit: only the complete entries before the cut were read')
  }
  const valid = XMLValidator.validate(xml)
  if (valid !== true) {
    out.errors.push(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`)
    return out
  }
  const doc = parser.parse(xml) as Record<string, unknown>
  const root = rootName(doc)
  const node = (root === null ? {} : doc[root] ?? {}) as Record<string, unknown>
  if (root === 'urlset' || root === 'sitemapindex') {
    out.kind = root
    const items = asArray(node[root === 'urlset' ? 'url' : 'sitemap']) as Array<Record<string, unknown>>
    collect(items.map((i) => ({ loc: text(i.loc), lastmod: text(i.lastmod) })), false, out)
    const openTag = new RegExp(`<([\\w.-]+:)?${root}\\b[^>]*>`).exec(xml)?.[0] ?? ''
    if (!openTag.includes(SITEMAP_NAMESPACE)) out.warnings.push(`missing the sitemap namespace ${SITEMAP_NAMESPACE}`)
    return out
  }
  if (root === 'rss') {
    out.kind = 'rss'
    const channel = (asArray(node.channel)[0] ?? {}) as Record<string, unknown>
    const items = asArray(channel.item) as Array<Record<string, unknown>>
    collect(items.map((i) => ({ loc: text(asArray(i.link)[0]), lastmod: text(i.pubDate) ?? text(i.updated) })), true, out)
    return out
  }
  if (root === 'feed') {
    out.kind = 'atom'
    const entries = asArray(node.entry) as Array<Record<string, unknown>>
    collect(entries.map((e) => ({ loc: atomLink(e), lastmod: text(e.updated) ?? text(e.published) })), true, out)
    return out
  }
  out.errors.push(`not a sitemap: unexpected root element <${root ?? '?'}>`)
  return out
}
