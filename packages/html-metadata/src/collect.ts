import { countWords } from './count-words.js'
import { type DomElement, type DomNode, isElement, tokens, walk } from './dom.js'
import type { AnchorPlace } from './types.js'

// One pass over the whole document (head and body alike, so metadata misplaced in <body> is found) that gathers the
// elements every extractor needs, plus the counters that need ancestor context. Iterative, so a page of 100,000
// nested <div>s cannot overflow the stack.

export interface ImageRef { el: DomElement, banner: boolean, beforeH1: boolean, anchor: DomElement | null }
export interface ParagraphRef { el: DomElement, inMain: boolean, afterH1: boolean }
export interface CopyrightRef { el: DomElement, inFooter: boolean }

export interface Collected {
  htmlLang: string | null
  baseHref: string | null
  title: DomElement | null
  metas: DomElement[]
  links: DomElement[]
  anchors: DomElement[]
  /** where each anchor sits, in the order of `anchors` */
  anchorPlaces: AnchorPlace[]
  images: ImageRef[]
  ldScripts: DomElement[]
  styles: DomElement[]
  headings: DomElement[]
  paragraphs: ParagraphRef[]
  copyrights: CopyrightRef[]
  itempropLogos: DomElement[]
  subresources: DomElement[]
  times: string[]
  words: number
  forms: number
  buttons: number
  plugins: number
  lists: number
  tables: number
  hasMain: boolean
  hasArticle: boolean
  /** a header, footer or nav element, or a banner, contentinfo or navigation role */
  landmarks: boolean
  microdata: boolean
  rdfa: boolean
}

// Text inside these is not page content a reader (or a non-JS crawler) sees as the main text.
const NON_CONTENT = new Set(['svg', 'math', 'nav', 'footer', 'head', 'title', 'select', 'iframe', 'object'])
const FOREIGN = new Set(['svg', 'math'])
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
const BUTTON_INPUTS = new Set(['submit', 'button', 'reset', 'image'])
const SUBRESOURCES = new Set(['img', 'iframe', 'audio', 'video', 'source', 'embed', 'track'])
// The site's own chrome: the page's header, footer and navigation (a <header> or <footer> inside an article belongs to
// the article), or a block whose class or id names one of them or a follow-us bar.
const CHROME_ROLES = new Set(['banner', 'contentinfo', 'navigation'])
const CHROME_HINT = /header|footer|masthead|navbar|(?<![a-z])nav(?![a-z])|menu|social|follow|colophon|topbar/i
// A person's block: bylines, author cards and bios, staff lists, testimonials, comments, quotes and credits.
const PERSON_ELEMENTS = new Set(['address', 'blockquote', 'figcaption', 'cite'])
const PERSON_HINT = new RegExp('author|byline|contributor|testimonial|comment|staff|quote|' +
  '(?<![a-z])(?:bio|reviews?|guests?|speakers?|credits?|attribution|team-member|members?)(?![a-z])', 'i')
const CHROME = 1
const PERSON = 2
const COPYRIGHT = /©|\(c\)|copyright/i
const COPYRIGHT_WORD = /copyright/i
// COPYRIGHT by parts: two plain searches and a one-word pattern cost about half as much over every text node
const hasCopyrightMark = (text: string): boolean =>
  text.includes('©') || COPYRIGHT_WORD.test(text) || (text.includes('(') && COPYRIGHT.test(text))

function emptyCollected (): Collected {
  return {
    htmlLang: null,
    baseHref: null,
    title: null,
    metas: [],
    links: [],
    anchors: [],
    anchorPlaces: [],
    images: [],
    ldScripts: [],
    styles: [],
    headings: [],
    paragraphs: [],
    copyrights: [],
    itempropLogos: [],
    subresources: [],
    times: [],
    words: 0,
    forms: 0,
    buttons: 0,
    plugins: 0,
    lists: 0,
    tables: 0,
    hasMain: false,
    hasArticle: false,
    landmarks: false,
    microdata: false,
    rdfa: false
  }
}

// classes of <html> and <body> describe the page (WordPress's "single-author", "no-quote"), not a block of it
function hints (el: DomElement): string {
  if (el.name === 'body' || el.name === 'html') return ''
  const a = el.attribs
  return a.class === undefined ? (a.id ?? '') : a.id === undefined ? a.class : `${a.class} ${a.id}`
}

const isArticle = (el: DomElement): boolean => el.name === 'article' || el.attribs.role === 'article'
const isPerson = (el: DomElement): boolean => PERSON_ELEMENTS.has(el.name) || PERSON_HINT.test(hints(el))

/** The walk's state: what it gathered, and how deep it is inside each kind of block that matters. */
class Collector {
  readonly c = emptyCollected()
  sawHtml = false
  sawH1 = false
  nonContent = 0
  foreign = 0
  mainDepth = 0
  banner = 0
  footer = 0
  navOrFooter = 0
  anchor: DomElement | null = null
  article = 0
  chrome = 0
  person = 0
  // Whether an element opens chrome or a person's block is decided once, on entering it (its ancestors alone decide),
  // and kept here until it is left: the class and id patterns are the costliest tests of the walk.
  readonly marks: number[] = []

  // read on entering, before the element's own article step, so it sees its ancestors only
  isChrome (el: DomElement): boolean {
    if (CHROME_ROLES.has(el.attribs.role ?? '')) return true
    if (this.article > 0) return false
    return el.name === 'nav' || el.name === 'header' || el.name === 'footer' || CHROME_HINT.test(hints(el))
  }

  placeOf (el: DomElement): AnchorPlace {
    if (this.person > 0 || isPerson(el) || tokens(el.attribs.rel).includes('author')) return 'person'
    return this.chrome > 0 ? 'chrome' : 'content'
  }

  // +1 on entering an element, -1 on leaving it: the same test both ways keeps the counters balanced
  context (el: DomElement, step: number): void {
    const name = el.name
    const role = el.attribs.role
    if (NON_CONTENT.has(name)) this.nonContent += step
    if (FOREIGN.has(name)) this.foreign += step
    if (name === 'main' || name === 'article' || role === 'main' || role === 'article') this.mainDepth += step
    if (name === 'header' || role === 'banner' || name === 'nav') this.banner += step
    if (name === 'footer' || role === 'contentinfo') this.footer += step
    if (name === 'nav' || name === 'footer') this.navOrFooter += step
    if (name === 'a') this.anchor = step > 0 ? el : null
    const mark = step > 0 ? (this.isChrome(el) ? CHROME : 0) | (isPerson(el) ? PERSON : 0) : this.marks.pop() ?? 0
    if (step > 0) this.marks.push(mark)
    if (mark & CHROME) this.chrome += step
    if (mark & PERSON) this.person += step
    if (isArticle(el)) this.article += step
  }

  /** Gathers one element; false when its children are not page content to walk (script, style, template, ...). */
  visit (el: DomElement): boolean {
    const { c } = this
    const a = el.attribs
    // template content is inert, and browsers (scripting on, as Lighthouse and Googlebot run) read noscript as text
    if (el.name === 'template' || el.name === 'noscript') return false
    if (a.itemscope !== undefined) c.microdata = true
    if (a.typeof !== undefined || a.vocab !== undefined) c.rdfa = true
    if (a.role === 'button' && el.name !== 'button' && el.name !== 'input') c.buttons++
    if (a.itemprop !== undefined && tokens(a.itemprop).includes('logo')) c.itempropLogos.push(el)
    if (this.foreign > 0) return true
    if (!this.element(el)) return false
    if (el.name === 'header' || el.name === 'footer' || el.name === 'nav' || CHROME_ROLES.has(a.role ?? '')) c.landmarks = true
    if (a.role === 'main') c.hasMain = true
    if (a.role === 'article') c.hasArticle = true
    if (HEADINGS.has(el.name)) {
      c.headings.push(el)
      if (el.name === 'h1') this.sawH1 = true
    }
    if (SUBRESOURCES.has(el.name) || el.name === 'link') c.subresources.push(el)
    return true
  }

  /** What an element's name alone says; false when its contents are raw text (script, style, textarea). */
  element (el: DomElement): boolean {
    const { c } = this
    const a = el.attribs
    switch (el.name) {
      case 'html':
        if (!this.sawHtml) c.htmlLang = a.lang ?? a['xml:lang'] ?? null
        this.sawHtml = true
        break
      case 'base':
        if (c.baseHref === null && a.href !== undefined) c.baseHref = a.href
        break
      case 'title':
        if (c.title === null) c.title = el
        break
      case 'meta': c.metas.push(el); break
      case 'link': c.links.push(el); break
      case 'a':
        c.anchors.push(el)
        c.anchorPlaces.push(this.placeOf(el))
        break
      case 'img':
        c.images.push({ el, banner: this.banner > 0, beforeH1: !this.sawH1, anchor: this.anchor })
        break
      case 'script':
        if (a.type !== undefined && a.type.split(';')[0].trim().toLowerCase() === 'application/ld+json') c.ldScripts.push(el)
        c.subresources.push(el)
        return false // raw text, read where needed (JSON-LD), never page text
      case 'style':
        c.styles.push(el)
        return false
      case 'textarea': return false
      case 'p': if (this.navOrFooter === 0) c.paragraphs.push({ el, inMain: this.mainDepth > 0, afterH1: this.sawH1 }); break
      case 'time':
        if (a.datetime !== undefined && a.datetime.trim() !== '') c.times.push(a.datetime.trim())
        break
      case 'form': c.forms++; break
      case 'button': c.buttons++; break
      case 'input': if (BUTTON_INPUTS.has((a.type ?? '').trim().toLowerCase())) c.buttons++; break
      case 'object': case 'embed': case 'applet': c.plugins++; break
      case 'ul': case 'ol': case 'dl': if (this.navOrFooter === 0) c.lists++; break
      case 'table': if (this.navOrFooter === 0) c.tables++; break
      case 'main': c.hasMain = true; break
      case 'article': c.hasArticle = true; break
    }
    return true
  }

  text (node: DomNode): void {
    const data = node.data ?? ''
    if (this.nonContent === 0) this.c.words += countWords(data)
    if (this.foreign === 0 && hasCopyrightMark(data) && node.parent !== null && isElement(node.parent)) {
      this.c.copyrights.push({ el: node.parent, inFooter: this.footer > 0 })
    }
  }
}

export function collect (root: DomNode): Collected {
  const collector = new Collector()
  walk(root, (node) => {
    if (node.type === 'text') collector.text(node)
    if (!isElement(node) || !collector.visit(node) || node.children.length === 0) return false
    collector.context(node, 1)
    return true
  }, (el) => { collector.context(el, -1) })
  return collector.c
}
