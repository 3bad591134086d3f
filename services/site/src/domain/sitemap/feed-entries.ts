// RSS 2.0 and Atom feeds used as sitemaps, read from the same saxes stream as a urlset (parse-sitemap.ts): each
// item is handed on as it closes and only the few fields taken from it are held, so a feed, like a urlset, is never
// held whole (held and parsed into a tree, a 5 MiB feed did not fit in 64 MiB of heap; streamed, it fits in 12).
// The elements taken, and what an empty or attribute-only one gives, are those the whole-tree reading
// (fast-xml-parser) took, so that a feed reports as it did: RSS takes the first channel's items, an item's first
// <link> by its text and <pubDate> (else <updated>); Atom takes the feed's <entry>s, the first <link> with an href
// and no rel but alternate (or one with neither attributes nor child elements, by its text) and <updated> (else
// <published>). Only XML escapes differ: an href's are decoded now, as saxes decodes every value.

export interface FeedEntry { loc: string | null, lastmod: string | null }

export type FeedRoot = 'rss' | 'feed'

/** Element local names the entry fields come from. */
const DATES = new Set(['pubDate', 'updated', 'published'])

const localName = (name: string): string => name.slice(name.indexOf(':') + 1)
// namespace declarations were dropped by the tree reading: a <link xmlns="..."> still counts as bare
const isDeclaration = (name: string): boolean => name === 'xmlns' || name.startsWith('xmlns:')

/** The element's attributes by local name, namespace declarations left out. */
function attributesOf (attributes: Record<string, string>): Map<string, string> {
  const out = new Map<string, string>()
  for (const [name, value] of Object.entries(attributes)) {
    if (!isDeclaration(name)) out.set(localName(name), value)
  }
  return out
}

/** One field element's own text. */
class Field {
  private text = ''
  constructor (private bare: boolean) {}

  add (value: string): void {
    this.text += value
  }

  /** a child element: the field is no longer plain text */
  child (): void {
    this.bare = false
  }

  get isBare (): boolean {
    return this.bare
  }

  /** Trimmed text; an element with attributes or children and no text has none (null), an empty bare one ''. */
  value (): string | null {
    const text = this.text.trim()
    return text === '' && !this.bare ? null : text
  }
}

interface Item {
  /** RSS: the item's first <link> */
  link: Field | null
  /** Atom: the link chosen (null with `chosen`: a bare empty link was first) */
  loc: string | null
  chosen: boolean
  /** a date element read once, or 'many' when repeated (which the tree reading took as no date) */
  dates: Map<string, Field | 'many'>
}

/**
 * The entries of a feed, told the elements as they open and close (depth 1 is the root) and handing each entry on
 * as its <item> or <entry> closes; the caller bounds the nesting and counts the entries.
 */
export class FeedItems {
  /** <item>s sit in rss>channel, <entry>s in feed */
  private readonly itemDepth: number
  private channel: 'before' | 'in' | 'after' = 'before'
  private item: Item | null = null
  /** the field element open at itemDepth + 1 whose text is read */
  private field: Field | null = null

  constructor (private readonly root: FeedRoot) {
    this.itemDepth = root === 'rss' ? 3 : 2
  }

  open (depth: number, name: string, attributes: Record<string, string>): void {
    if (this.root === 'rss' && depth === 2 && name === 'channel' && this.channel === 'before') this.channel = 'in'
    const inItems = this.root === 'feed' || this.channel === 'in'
    if (depth === this.itemDepth && inItems && name === (this.root === 'rss' ? 'item' : 'entry')) {
      this.item = { link: null, loc: null, chosen: false, dates: new Map() }
    } else if (depth === this.itemDepth + 1 && this.item !== null) {
      this.field = this.openField(this.item, name, attributesOf(attributes))
    } else if (depth === this.itemDepth + 2) {
      this.field?.child()
    }
  }

  text (depth: number, value: string): void {
    if (depth === this.itemDepth + 1) this.field?.add(value)
  }

  /** The entry whose item or entry element this closes, if any. */
  close (depth: number, name: string): FeedEntry | null {
    if (depth === this.itemDepth + 1 && this.item !== null) this.closeField(this.item, name)
    if (depth === 2 && this.channel === 'in' && name === 'channel') this.channel = 'after'
    if (depth !== this.itemDepth || this.item === null) return null
    const item = this.item
    this.item = null
    const date = (name: string): string | null => {
      const field = item.dates.get(name)
      return field === undefined || field === 'many' ? null : field.value()
    }
    if (this.root === 'rss') return { loc: item.link?.value() ?? null, lastmod: date('pubDate') ?? date('updated') }
    return { loc: item.loc, lastmod: date('updated') ?? date('published') }
  }

  /** The field whose text is to be read, if `name` is one taken from this kind of item. */
  private openField (item: Item, name: string, attributes: Map<string, string>): Field | null {
    if (name === 'link' && this.root === 'rss') {
      if (item.link !== null) return null
      item.link = new Field(attributes.size === 0)
      return item.link
    }
    if (name === 'link') return item.chosen ? null : this.atomLink(item, attributes)
    if (!DATES.has(name)) return null
    if (item.dates.has(name)) {
      item.dates.set(name, 'many')
      return null
    }
    const field = new Field(attributes.size === 0)
    item.dates.set(name, field)
    return field
  }

  /** An Atom link with attributes is chosen or passed over at once; a bare one is read for its text. */
  private atomLink (item: Item, attributes: Map<string, string>): Field | null {
    if (attributes.size === 0) return new Field(true)
    const rel = attributes.get('rel')?.trim()
    const href = attributes.get('href')
    if ((rel === undefined || rel === 'alternate') && href !== undefined) {
      item.loc = href.trim()
      item.chosen = true
    }
    return null
  }

  private closeField (item: Item, name: string): void {
    const field = this.field
    this.field = null
    // a bare Atom link is the entry's link by its text, unless a child element made it more than text
    if (this.root === 'feed' && name === 'link' && field !== null && field.isBare) {
      item.loc = field.value()
      item.chosen = true
    }
  }
}
