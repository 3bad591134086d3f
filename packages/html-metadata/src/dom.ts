import { DomHandler } from 'domhandler'
import { Parser } from 'htmlparser2'
import { cutText } from './cut-text.js'

// The few domhandler fields we read. cheerio/slim parses with htmlparser2, which lowercases tag and attribute names,
// decodes entities once, keeps <title>, <textarea>, <script> and <style> contents as raw text, and is about 2.5 times
// faster than parse5 on large pages.
export interface DomNode {
  type: string
  parent: DomNode | null
  prev?: DomNode | null
  next: DomNode | null
  children?: DomNode[]
  name?: string
  attribs?: Record<string, string>
  data?: string
}

export interface DomElement extends DomNode {
  name: string
  attribs: Record<string, string>
  children: DomNode[]
}

/**
 * A parsed page: a domhandler Document. Services that need more than PageMetadata can parse once with
 * parseDocument, pass the result to extractMetadataFromDocument, and query it further with cheerio's `load(doc)`.
 */
export type ParsedDocument = DomNode

/**
 * How deep elements may nest. htmlparser2 keeps its open elements in an array it shifts and unshifts, so parsing is
 * quadratic in the nesting (512 KiB of `<div>` took 2.8 s, 2 MiB 45 s), and so is reading the text of each nested
 * heading. A page nesting deeper is read up to the first element past this depth (browsers cap nesting too:
 * Chromium's parser at 512); no real page comes near 256 levels.
 */
export const MAX_DEPTH = 256
/**
 * How many elements a page may have. Each costs a few hundred bytes of heap: 2 MiB of `<p>`, 700,000 of them, took
 * 230 MB. The largest of the 89 real pages of the brand corpus has 13,044; a page with more is read up to this many.
 */
export const MAX_ELEMENTS = 100_000

/** domhandler's tree builder, stopping the parse at the first element nested deeper than MAX_DEPTH, or past MAX_ELEMENTS. */
class BoundedDomHandler extends DomHandler {
  private depth = 0
  private elements = 0
  private tokens: Parser | null = null

  override onparserinit (parser: Parser): void {
    this.tokens = parser
    super.onparserinit(parser)
  }

  override onopentag (name: string, attribs: Record<string, string>): void {
    if (++this.depth > MAX_DEPTH || ++this.elements > MAX_ELEMENTS) {
      // what was read stays the document; the tokenizer reads nothing more
      this.tokens?.pause()
      return
    }
    super.onopentag(name, attribs)
  }

  override onclosetag (): void {
    this.depth--
    super.onclosetag()
  }
}

/** The page as cheerio/slim parses it (htmlparser2, HTML mode), its nesting bounded by MAX_DEPTH. */
export function parseDocument (html: string): ParsedDocument {
  const handler = new BoundedDomHandler()
  new Parser(handler).end(html)
  return handler.root as unknown as DomNode
}

export function isElement (node: DomNode): node is DomElement {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style'
}

const NON_ASCII = /[^\t-~]/
// whitespace other than single spaces between words
const UNCLEAN = /[^\S ]| {2}|^ | $/

/**
 * Collapses runs of whitespace (NBSP included) to one space, trims and NFC-normalises. A NUL becomes U+FFFD, as a
 * browser reads it in a title or an attribute (HTML's tokenizer): a NUL in a brand name or a title breaks the
 * databases and terminals it is stored in or shown on.
 */
export function cleanText (text: string): string {
  // most strings are clean already, and testing is cheaper than replacing
  const collapsed = UNCLEAN.test(text) ? text.replace(/\s+/g, ' ').trim() : text
  // normalising is the costly part and never changes ASCII
  return NON_ASCII.test(collapsed) ? collapsed.replaceAll('\0', '\uFFFD').normalize('NFC') : collapsed
}

/** `cleanText` of an attribute, or null when it is absent or blank. */
export function attrText (el: DomElement, name: string): string | null {
  const value = el.attribs[name]
  if (value === undefined) return null
  const text = cleanText(value)
  return text === '' ? null : text
}

/** Lowercased space-separated tokens of an attribute (rel, class). */
export function tokens (value: string | undefined): string[] {
  return value === undefined ? [] : value.toLowerCase().split(/\s+/).filter(Boolean)
}

const NO_TEXT = new Set(['script', 'style', 'template', 'noscript'])
// Elements whose boundaries separate words, so '<li>One</li><li>Two</li>' reads 'One Two', not 'OneTwo'.
const BREAKS = new Set(['address', 'article', 'aside', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'figcaption',
  'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'option', 'p', 'section',
  'table', 'td', 'th', 'tr', 'ul'])

/**
 * Walks the nodes below `root` in document order over child, next and parent pointers: no stack, so deep nesting is
 * safe, and no allocation. `enter` says whether to descend into a node; `leave` sees each element descended into,
 * after its children.
 */
export function walk (
  root: DomNode, enter: (node: DomNode) => boolean, leave?: (el: DomElement) => void, done?: () => boolean
): void {
  let node: DomNode | null = root.children !== undefined && root.children.length > 0 ? root.children[0] : null
  while (node !== null && done?.() !== true) {
    if (enter(node) && node.children !== undefined && node.children.length > 0) {
      node = node.children[0]
      continue
    }
    while (node.next === null) {
      node = node.parent
      if (node === null || node === root) return
      leave?.(node as DomElement)
    }
    node = node.next
  }
}

/** The text content of an element, without script/style/template contents. */
export function textContent (el: DomNode): string {
  return textUpTo(el, Infinity)
}

/** textContent, the walk ending once the characters collected and the nodes visited add up to `limit`, the text cut there. */
function textUpTo (el: DomNode, limit: number): string {
  let out = ''
  let visited = 0
  walk(el, (node) => {
    visited++
    if (node.type === 'text') out += limit === Infinity ? node.data ?? '' : (node.data ?? '').slice(0, Math.max(0, limit - out.length))
    if (!isElement(node) || NO_TEXT.has(node.name)) return false
    // an empty block element is never left, so it gets both spaces here
    if (BREAKS.has(node.name)) out += node.children.length > 0 ? ' ' : '  '
    return true
  }, (parent) => {
    if (BREAKS.has(parent.name)) out += ' '
  }, () => out.length + visited >= limit)
  return out.length > limit ? out.slice(0, limit) : out
}

/** How much more of an element boundedText reads than it returns: runs of whitespace collapse, and tags are visited. */
const READ_AHEAD = 4

/**
 * `cleanText` of an element's text, at most `maxChars` characters. htmlparser2 leaves `<h1>` inside `<h1>` and `<a>`
 * inside `<a>` open, so every element of a nesting holds the whole rest of the page: reading each one in full cost
 * depth x page size (250 nested `<h1>` over 1.9 MB of text took 18 s and 2.7 GB). This reads at most
 * READ_AHEAD x maxChars characters and nodes of the element, so a page costs at most its elements x that.
 */
export function boundedText (el: DomNode, maxChars: number): string {
  return cutText(cleanText(textUpTo(el, maxChars * READ_AHEAD)), maxChars, '')
}

/** Elements below `el` in document order that satisfy `match`, among the first `limit` elements visited. */
export function findAll (el: DomNode, match: (node: DomElement) => boolean, limit = Infinity): DomElement[] {
  const found: DomElement[] = []
  let visited = 0
  walk(el, (node) => {
    if (!isElement(node)) return false
    visited++
    if (match(node)) found.push(node)
    return true
  }, undefined, () => visited >= limit)
  return found
}
