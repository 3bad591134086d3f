// RSS 2.0 and Atom feeds used as sitemaps are read whole, once the streaming parser has found them
// well-formed: they are small, and their items nest below a channel.
import { XMLParser } from 'fast-xml-parser'

export interface FeedEntry { loc: string | null, lastmod: string | null }

const ARRAYS = new Set(['item', 'entry', 'link'])
const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  // DOCTYPE entities are never expanded (no entity-expansion bombs); XML escapes are decoded here
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

function atomLink (entry: Record<string, unknown>): string | null {
  const links = asArray(entry.link) as Array<Record<string, unknown> | string>
  for (const link of links) {
    if (typeof link === 'string') return link.trim()
    const rel = link['@_rel']
    if ((rel === undefined || rel === 'alternate') && typeof link['@_href'] === 'string') return link['@_href'].trim()
  }
  return null
}

/** The items of an RSS 2.0 (`rss`) or Atom (`feed`) document, checked well-formed already. */
export function feedEntries (xml: string, root: 'rss' | 'feed'): FeedEntry[] {
  const doc = xmlParser.parse(xml) as Record<string, Record<string, unknown>>
  const node = doc[root] ?? {}
  if (root === 'feed') {
    return (asArray(node.entry) as Array<Record<string, unknown>>).map((e) => ({ loc: atomLink(e), lastmod: text(e.updated) ?? text(e.published) }))
  }
  const channel = (asArray(node.channel)[0] ?? {}) as Record<string, unknown>
  return (asArray(channel.item) as Array<Record<string, unknown>>).map((i) => ({ loc: text(asArray(i.link)[0]), lastmod: text(i.pubDate) ?? text(i.updated) }))
}
