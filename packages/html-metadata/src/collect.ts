import { countWords } from './count-words.js'
import { type DomElement, type DomNode, isElement, tokens, walk } from './dom.js'

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
  images: ImageRef[]
  ldScripts: DomElement[]
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
  microdata: boolean
  rdfa: boolean
}

// Text inside these is not page content a reader (or a non-JS crawler) sees as the main text.
const NON_CONTENT = new Set(['svg', 'math', 'nav', 'footer', 'head', 'title', 'select', 'iframe', 'object'])
const FOREIGN = new Set(['svg', 'math'])
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
const BUTTON_INPUTS = new Set(['submit', 'button', 'reset', 'image'])
const SUBRESOURCES = new Set(['img', 'iframe', 'audio', 'video', 'source', 'embed', 'track'])
const COPYRIGHT = /©|\(c\)|copyright/i
const COPYRIGHT_WORD = /copyright/i
// COPYRIGHT by parts: two plain searches and a one-word pattern cost about half as much over every text node
const hasCopyrightMark = (text: string): boolean =>
  text.includes('©') || COPYRIGHT_WORD.test(text) || (text.includes('(') && COPYRIGHT.test(text))

export function collect (root: DomNode): Collected {
  const c: Collected = {
    htmlLang: null,
    baseHref: null,
    title: null,
    metas: [],
    links: [],
    anchors: [],
    images: [],
    ldScripts: [],
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
    microdata: false,
    rdfa: false
  }
  let sawHtml = false
  let sawH1 = false
  let nonContent = 0
  let foreign = 0
  let mainDepth = 0
  let banner = 0
  let footer = 0
  let navOrFooter = 0
  let anchor: DomElement | null = null

  // +1 on entering an element, -1 on leaving it: the same test both ways keeps the counters balanced
  const context = (el: DomElement, step: number): void => {
    const name = el.name
    const role = el.attribs.role
    if (NON_CONTENT.has(name)) nonContent += step
    if (FOREIGN.has(name)) foreign += step
    if (name === 'main' || name === 'article' || role === 'main' || role === 'article') mainDepth += step
    if (name === 'header' || role === 'banner' || name === 'nav') banner += step
    if (name === 'footer' || role === 'contentinfo') footer += step
    if (name === 'nav' || name === 'footer') navOrFooter += step
    if (name === 'a') anchor = step > 0 ? el : null
  }

  const visit = (el: DomElement): boolean => {
    const name = el.name
    const a = el.attribs
    // template content is inert, and browsers (scripting on, as Lighthouse and Googlebot run) read noscript as text
    if (name === 'template' || name === 'noscript') return false
    if (a.itemscope !== undefined) c.microdata = true
    if (a.typeof !== undefined || a.vocab !== undefined) c.rdfa = true
    if (a.role === 'button' && name !== 'button' && name !== 'input') c.buttons++
    if (a.itemprop !== undefined && tokens(a.itemprop).includes('logo')) c.itempropLogos.push(el)
    if (foreign > 0) return true
    switch (name) {
      case 'html':
        if (!sawHtml) c.htmlLang = a.lang ?? a['xml:lang'] ?? null
        sawHtml = true
        break
      case 'base':
        if (c.baseHref === null && a.href !== undefined) c.baseHref = a.href
        break
      case 'title':
        if (c.title === null) c.title = el
        break
      case 'meta': c.metas.push(el); break
      case 'link': c.links.push(el); break
      case 'a': c.anchors.push(el); break
      case 'img':
        c.images.push({ el, banner: banner > 0, beforeH1: !sawH1, anchor })
        break
      case 'script':
        if (a.type !== undefined && a.type.split(';')[0].trim().toLowerCase() === 'application/ld+json') c.ldScripts.push(el)
        c.subresources.push(el)
        return false // raw text, read where needed (JSON-LD), never page text
      case 'style': case 'textarea': return false
      case 'p': if (navOrFooter === 0) c.paragraphs.push({ el, inMain: mainDepth > 0, afterH1: sawH1 }); break
      case 'time':
        if (a.datetime !== undefined && a.datetime.trim() !== '') c.times.push(a.datetime.trim())
        break
      case 'form': c.forms++; break
      case 'button': c.buttons++; break
      case 'input': if (BUTTON_INPUTS.has((a.type ?? '').trim().toLowerCase())) c.buttons++; break
      case 'object': case 'embed': case 'applet': c.plugins++; break
      case 'ul': case 'ol': case 'dl': if (navOrFooter === 0) c.lists++; break
      case 'table': if (navOrFooter === 0) c.tables++; break
      case 'main': c.hasMain = true; break
      case 'article': c.hasArticle = true; break
    }
    if (a.role === 'main') c.hasMain = true
    if (a.role === 'article') c.hasArticle = true
    if (HEADINGS.has(name)) {
      c.headings.push(el)
      if (name === 'h1') sawH1 = true
    }
    if (SUBRESOURCES.has(name) || name === 'link') c.subresources.push(el)
    return true
  }

  const text = (node: DomNode): void => {
    const data = node.data ?? ''
    if (nonContent === 0) c.words += countWords(data)
    if (foreign === 0 && hasCopyrightMark(data) && node.parent !== null && isElement(node.parent)) {
      c.copyrights.push({ el: node.parent, inFooter: footer > 0 })
    }
  }

  walk(root, (node) => {
    if (node.type === 'text') text(node)
    if (!isElement(node) || !visit(node) || node.children.length === 0) return false
    context(node, 1)
    return true
  }, (el) => { context(el, -1) })
  return c
}
