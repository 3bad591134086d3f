// Large urlsets are read a slice of entries at a time: fast-xml-parser builds a full object tree
// (about 1.7 KB of heap per <url> entry), so a 5 MB sitemap parsed whole costs ~50 MB at once.
// The document is validated whole first; then each slice of complete entries is wrapped in the
// original root tag and parsed on its own, and its objects are garbage before the next slice.
import { XMLParser } from 'fast-xml-parser'

const ARRAYS = new Set(['url', 'sitemap', 'item', 'entry', 'link'])
export const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  // DOCTYPE entities are never expanded (no entity-expansion bombs); XML escapes are decoded by the caller
  processEntities: false,
  trimValues: true,
  isArray: (name) => ARRAYS.has(name)
})

// A slice's tree must die young: with the service's 2 MiB semi-spaces (deploy/k8s/site.yaml) a 1,000-entry tree
// (1.7 MB) outlived two scavenges and was promoted, so a 5 MB sitemap left ~30 MB of garbage in the old generation.
const SLICE = 50

export interface RootTag {
  /** local name: urlset, sitemapindex, rss, feed, ... */
  name: string
  prefix: string
  /** the start tag as written, namespace declarations included */
  openTag: string
  /** index just after the start tag */
  end: number
}

/** The document element's start tag, after any prolog (declaration, comments, DOCTYPE). */
export function rootTag (xml: string): RootTag | null {
  const re = /<(?![?!])(([A-Za-z_][\w.-]*):)?([A-Za-z_][\w.-]*)[^>]*>/g
  const m = re.exec(xml)
  if (m === null) return null
  return { name: m[3], prefix: m[1] ?? '', openTag: m[0], end: m.index + m[0].length }
}

/** Closes a urlset or index that the byte cap cut, after its last complete entry. */
export function repairCut (xml: string, root: RootTag): string | null {
  const item = root.name === 'urlset' ? 'url' : root.name === 'sitemapindex' ? 'sitemap' : null
  if (item === null) return null
  const close = `</${root.prefix}${item}>`
  const last = xml.lastIndexOf(close)
  return (last === -1 ? xml.slice(0, root.end) : xml.slice(0, last + close.length)) + `</${root.prefix}${root.name}>`
}

/** Calls `visit` with the <url> (or <sitemap>) objects of a validated urlset or index, a slice at a time. */
export function forEachItem (xml: string, root: RootTag, visit: (item: Record<string, unknown>) => void): void {
  const item = root.name === 'urlset' ? 'url' : 'sitemap'
  const close = `</${root.prefix}${item}>`
  const wrap = (body: string): Array<Record<string, unknown>> => {
    const doc = xmlParser.parse(`${root.openTag}${body}</${root.prefix}${root.name}>`) as Record<string, Record<string, unknown>>
    const items = doc[root.name]?.[item]
    return Array.isArray(items) ? items as Array<Record<string, unknown>> : []
  }
  let start = root.end
  for (;;) {
    let end = start
    for (let n = 0; n < SLICE; n++) {
      const at = xml.indexOf(close, end)
      if (at === -1) break
      end = at + close.length
    }
    if (end === start) return
    for (const it of wrap(xml.slice(start, end))) visit(it)
    start = end
  }
}
