// What one HTML document offers a reader, raw or rendered: its main words, internal links (the navigation apart),
// headings, and the head's title, description, canonical, robots and JSON-LD.
import { parseHomepage } from '@utility-apis/homepage-fetch'
import { parseDocument } from '@utility-apis/html-metadata'
import { load } from 'cheerio/slim'
import { nodesUnder, type DomNode } from '../page/dom-walk.js'

/** Words past this are not compared: a page's main text is far shorter, and the count must not grow with input. */
const MAX_WORDS = 50_000
const MAX_HEADINGS = 200
const WORD = /[\p{L}\p{N}]+/gu
// the same exclusions as the raw-HTML word count of the metadata package
const NOT_MAIN = 'script, style, noscript, template, svg, nav, footer, head'

export interface PageView {
  words: string[]
  links: Set<string>
  navigation: Set<string>
  headings: string[]
  head: Record<HeadField, string | null>
}

export type HeadField = 'title' | 'description' | 'canonical' | 'robots' | 'json_ld'
export const HEAD_FIELDS: HeadField[] = ['title', 'description', 'canonical', 'robots', 'json_ld']

function mainWords (html: string): string[] {
  const $ = load(parseDocument(html) as never)
  $(NOT_MAIN).remove()
  const words: string[] = []
  // text node by text node: `<h1>A</h1><p>b` is two words, where the elements' joined text would make one
  // cheerio/slim parses without HTML's implied elements: a document without <body> is read from its root
  const body = $('body').get(0) ?? $.root().get(0)
  for (const node of nodesUnder(body as DomNode)) {
    if (node.type !== 'text') continue
    for (const match of (node.data ?? '').matchAll(WORD)) {
      if (words.length >= MAX_WORDS) return words
      words.push(match[0].toLowerCase())
    }
  }
  return words
}

/** JSON-LD as the types it declares, in order: what a crawler learns from it, not its formatting. */
function jsonLdSummary (nodes: Array<Record<string, unknown>>): string | null {
  if (nodes.length === 0) return null
  return nodes.map((node) => [node['@type']].flat().map(String).join('+')).join(', ')
}

/** Null when the document is not HTML. `contentType` decides the charset, as it does for the raw fetch. */
export function pageView (body: Buffer, contentType: string | null, url: string): PageView | null {
  const { html, meta } = parseHomepage(body, contentType ?? undefined, url)
  if (html === null || meta === null) return null
  const links = new Set<string>()
  const navigation = new Set<string>()
  for (const link of meta.links) {
    if (!link.internal || !link.crawlable || link.href === null) continue
    const href = link.href.replace(/#.*$/, '')
    links.add(href)
    if (link.place === 'chrome') navigation.add(href)
  }
  return {
    words: mainWords(html),
    links,
    navigation,
    headings: meta.headings.slice(0, MAX_HEADINGS).map((h) => `h${h.level} ${h.text}`),
    head: {
      title: meta.title,
      description: meta.description,
      canonical: meta.canonical,
      robots: meta.robots.length === 0 ? null : meta.robots.join(', '),
      json_ld: jsonLdSummary(meta.jsonLd.nodes)
    }
  }
}
