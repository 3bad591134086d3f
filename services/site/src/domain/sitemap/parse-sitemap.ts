// Sitemap parsing per sitemaps.org: <urlset> and <sitemapindex> XML, RSS 2.0 and Atom feeds, and
// plain-text lists, with the protocol limits (50,000 entries, 50 MB uncompressed) checked.
// A file is read as a stream of text: a urlset, index or feed goes through a streaming XML parser (saxes, which
// checks well-formedness as it goes) and each entry is handed on as its </url>, </item> or </entry> closes, so a
// 5 MB sitemap is never held whole, as bytes, as a string or as a tree.
import { SaxesParser, type SaxesTagPlain } from 'saxes'
import { parseFeedDate, parseW3cDatetime } from './w3c-datetime.js'
import { FeedItems, type FeedEntry } from './feed-entries.js'

export const SITEMAP_MAX_ENTRIES = 50_000
const SITEMAP_MAX_BYTES = 52_428_800
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

export interface EndOptions {
  /** uncompressed size, when known beyond what was read (Content-Length) */
  declaredBytes?: number | null
  /** the body was cut at the fetch cap: complete entries are kept and the cut is reported */
  truncated?: boolean
}

export interface ParseOptions extends EndOptions {
  /**
   * receives each entry as it is read; `entries` then stays empty (large files need not be held). Entries of a file
   * that turns out not to be a sitemap (kind null) have been handed on too: a caller keeps them apart until the end.
   */
  onEntry?: (entry: SitemapEntry, kind: SitemapKind) => void
}

type OnEntry = ParseOptions['onEntry']

// a cheap shape check (no URL object per entry); callers parse the URLs they keep
const HTTP_URL = /^https?:\/\/[^\s/?#@]+(:\d+)?([/?#]\S*)?$/i
const NEWLINE = /\r\n|\r|\n/
// enough of a file's start to tell an HTML page from XML
const HEAD_CHARS = 16
const HTML_START = /^<(!doctype\s+html|html[\s>])/i

type RawEntry = FeedEntry

/** Counts, validates and keeps (or hands on) entries, up to the protocol limit. */
class Collector {
  private kept = 0
  private readonly feed: boolean
  // sitemaps repeat a handful of lastmod values; each is parsed once
  private readonly dates = new Map<string, number | null>()
  constructor (private readonly out: ParsedSitemap, private readonly kind: SitemapKind, private readonly onEntry?: OnEntry) {
    this.feed = kind === 'rss' || kind === 'atom'
  }

  add (r: RawEntry): void {
    this.out.entryCount++
    if (this.kept >= SITEMAP_MAX_ENTRIES) return
    if (r.loc === null || !HTTP_URL.test(r.loc)) {
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

const localName = (name: string): string => name.slice(name.indexOf(':') + 1)

/**
 * The deepest nesting read: a sitemap's fields are 3 deep, a feed's 4 to 6. The XML parser keeps an object for each
 * element left open (5 MiB of `<a>`, 5 KB gzipped, took 500 MB and 10 s), so a file past this is not read further.
 */
const MAX_XML_DEPTH = 16

/** A urlset, sitemap index or feed read as it streams: entries go to the collector as each item closes. */
class XmlReader {
  root: string | null = null
  namespaced = false
  /** the first well-formedness error, as "message (line n)" */
  error: string | null = null
  collector: Collector | null = null
  /** the entries of an RSS or Atom feed, read from the same stream */
  private feed: FeedItems | null = null
  private readonly parser = new SaxesParser<{ xmlns: false, position: true }>({ xmlns: false, position: true })
  private depth = 0
  private item = ''
  private field: 'loc' | 'lastmod' | null = null
  private entry: RawEntry = { loc: null, lastmod: null }
  private ignoreErrors = false
  /** Nested past MAX_XML_DEPTH: nothing more is parsed, and the file is not read as a sitemap. */
  private tooDeep = false

  constructor (private readonly out: ParsedSitemap, private readonly onEntry: OnEntry) {
    this.parser.on('error', (err) => {
      // undefined entities (&nbsp;, or a DOCTYPE's, which are never expanded) are left as written, as crawlers do
      if (this.ignoreErrors || this.error !== null || err.message.endsWith('undefined entity.')) return
      this.error = `${err.message.replace(/^\d+:\d+: /, '')} (line ${this.parser.line})`
    })
    this.parser.on('opentag', (tag) => { this.open(tag) })
    this.parser.on('text', (value) => { this.text(value) })
    this.parser.on('cdata', (value) => { this.text(value) })
    this.parser.on('closetag', (tag) => { this.close(tag) })
  }

  write (chunk: string): void {
    if (this.tooDeep) return
    this.parser.write(chunk)
  }

  /**
   * Ends the document. Entries stop at the first error, so a cut file (whose tail is broken by the cut, the
   * unclosed elements at its end included) keeps the complete entries before it.
   */
  end (truncated: boolean): void {
    if (this.tooDeep) return
    this.ignoreErrors = truncated
    this.parser.close()
    if (truncated) this.error = null
  }

  private open (tag: SaxesTagPlain): void {
    this.depth++
    if (this.depth > MAX_XML_DEPTH && !this.tooDeep) {
      this.tooDeep = true
      this.error = `elements nested deeper than ${MAX_XML_DEPTH} (line ${this.parser.line})`
    }
    if (this.tooDeep) return
    const name = localName(tag.name)
    if (this.depth === 1) {
      this.openRoot(name, tag)
    } else if (this.feed !== null) {
      this.feed.open(this.depth, name, tag.attributes)
    } else if (this.depth === 2 && name === this.item) {
      this.entry = { loc: null, lastmod: null }
    } else if (this.depth === 3 && (name === 'loc' || name === 'lastmod')) {
      this.field = name
      this.entry[name] ??= ''
    }
  }

  private openRoot (name: string, tag: SaxesTagPlain): void {
    this.root = name
    this.namespaced = Object.values(tag.attributes).some((value) => value.includes(SITEMAP_NAMESPACE))
    if (name === 'urlset' || name === 'sitemapindex') {
      this.item = name === 'urlset' ? 'url' : 'sitemap'
      this.collector = new Collector(this.out, name, this.onEntry)
    } else if (name === 'rss' || name === 'feed') {
      this.feed = new FeedItems(name)
      this.collector = new Collector(this.out, name === 'rss' ? 'rss' : 'atom', this.onEntry)
    }
  }

  private text (value: string): void {
    if (this.feed !== null) this.feed.text(this.depth, value)
    else if (this.field !== null && this.depth === 3) this.entry[this.field] += value
  }

  private close (tag: SaxesTagPlain): void {
    const name = localName(tag.name)
    if (this.feed !== null) {
      const entry = this.feed.close(this.depth, name)
      if (entry !== null && this.error === null) this.collector?.add(entry)
    } else {
      if (this.depth === 3) this.field = null
      if (this.depth === 2 && this.collector !== null && this.error === null && name === this.item) {
        this.collector.add({ loc: this.entry.loc?.trim() ?? null, lastmod: this.entry.lastmod?.trim() ?? null })
      }
    }
    this.depth--
  }
}

/** Reads one sitemap file as text arrives (`write`), whatever its kind, and reports it at `end`. */
export class SitemapParser {
  private readonly out: ParsedSitemap = { kind: null, entries: [], entryCount: 0, invalidLocs: 0, errors: [], warnings: [] }
  private mode: 'head' | 'text' | 'html' | 'xml' = 'head'
  private head = ''
  private line = ''
  private textCollector: Collector | null = null
  private xml: XmlReader | null = null
  private bytes = 0

  constructor (private readonly onEntry?: OnEntry) {}

  write (chunk: string): void {
    this.bytes += Buffer.byteLength(chunk)
    if (this.mode === 'head') this.start(chunk, false)
    else if (this.mode === 'text') this.lines(chunk)
    else if (this.mode === 'xml') this.xml?.write(chunk)
  }

  /** What the file was; call once, after the last write. */
  end (options: EndOptions = {}): ParsedSitemap {
    const out = this.out
    if (this.mode === 'head') this.start('', true)
    const bytes = Math.max(this.bytes, options.declaredBytes ?? 0)
    if (bytes > SITEMAP_MAX_BYTES) out.errors.push(`over ${SITEMAP_MAX_BYTES} bytes uncompressed (${bytes})`)
    if (this.mode === 'html') out.errors.push('not a sitemap: an HTML page')
    else if (this.mode === 'text') this.endText()
    else if (this.xml !== null) this.endXml(this.xml, options.truncated === true)
    return out
  }

  /** Decides what the file is from its first characters (after a byte order mark and white space). */
  private start (chunk: string, final: boolean): void {
    const head = (this.head + chunk).replace(/^\uFEFF/, '').trimStart()
    this.head = head
    if (head === '' && !final) return
    if (!head.startsWith('<')) {
      this.mode = 'text'
      this.textCollector = new Collector(this.out, 'text', this.onEntry)
      this.out.kind = 'text'
      this.lines(head)
    } else if (head.length < HEAD_CHARS && !final) {
      return
    } else if (HTML_START.test(head)) {
      this.mode = 'html'
    } else {
      this.mode = 'xml'
      this.xml = new XmlReader(this.out, this.onEntry)
      this.xml.write(head)
    }
    this.head = ''
  }

  private lines (chunk: string): void {
    if (!NEWLINE.test(chunk)) {
      this.line += chunk
      return
    }
    const lines = (this.line + chunk).split(NEWLINE)
    this.line = lines.pop() ?? ''
    for (const line of lines) this.addLine(line)
  }

  private addLine (line: string): void {
    const loc = line.trim()
    if (loc !== '') this.textCollector?.add({ loc, lastmod: null })
  }

  private endText (): void {
    this.addLine(this.line)
    if ((this.textCollector?.finish() ?? 0) === 0) {
      this.out.kind = null
      this.out.errors.push('not a sitemap: no XML root and no URL lines')
    }
  }

  private endXml (xml: XmlReader, truncated: boolean): void {
    const out = this.out
    xml.end(truncated)
    const sitemap = xml.root === 'urlset' || xml.root === 'sitemapindex'
    const feed = xml.root === 'rss' || xml.root === 'feed'
    if (truncated) {
      // a cut feed is still not read, as when feeds were parsed whole: keeping its complete items would change reports
      if (!sitemap) return this.reject('cut short (at the size limit, or the file ended early) before it could be read')
      out.warnings.push('cut short (at the size limit, or the file ended early): only the complete entries before the cut were read')
    }
    if (xml.error !== null) return this.reject(`not well-formed XML: ${xml.error}`)
    if (sitemap) {
      out.kind = xml.root as SitemapKind
      xml.collector?.finish()
      if (!xml.namespaced) out.warnings.push(`missing the sitemap namespace ${SITEMAP_NAMESPACE}`)
    } else if (feed) {
      out.kind = xml.root === 'rss' ? 'rss' : 'atom'
      xml.collector?.finish()
    } else {
      this.reject(`not a sitemap: unexpected root element <${xml.root ?? ''}>`)
    }
  }

  /** Not a sitemap after all: whatever was read of it does not count. */
  private reject (error: string): void {
    Object.assign(this.out, { kind: null, entries: [], entryCount: 0, invalidLocs: 0 })
    this.out.errors.push(error)
  }
}

export function parseSitemap (body: string, options: ParseOptions = {}): ParsedSitemap {
  const parser = new SitemapParser(options.onEntry)
  parser.write(body)
  return parser.end(options)
}
