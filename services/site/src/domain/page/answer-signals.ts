// Signals answer engines use and the shared metadata package does not read: questions followed by
// their answers, figures, bylines, contact details, testimonials and citations in the main content.
// One extra pass over the raw HTML (htmlparser2 via cheerio/slim), no JavaScript run.
import { load, type CheerioAPI } from 'cheerio/slim'
import { compile } from 'css-select'
import { boundedText, classifySocialUrl, parseDocument } from '@utility-apis/html-metadata'
import type { AnswerFacts } from '../observations.js'
import { hostWithoutWww } from '../url-host.js'
import { nodesUnder, textUnder, type DomNode } from './dom-walk.js'

const QUESTION_START = /^(who|what|when|where|why|how|which|can|could|do|does|did|is|are|was|should|will|would)\b/i
const DEFINITION = /\b(is|are) (a|an|the)\b|\brefers to\b|\bmeans\b|\bis defined as\b/i
// Bounded so that a match tried from every digit of a long run ("1.1.1.1…") ends within a few hundred characters:
// unbounded, 200 KB of "1." took 17 s
const FIGURE = /\d{1,20}(?:[.,]\d{1,20}){0,8}\s?%|\b\d{2,20}(?:[.,]\d{1,20}){0,8}\b/g
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?'
const DATE = new RegExp(`\\b(?:(?:19|20)\\d{2}-\\d{2}-\\d{2}|${MONTH} \\d{1,2},? (?:19|20)\\d{2}|\\d{1,2} ${MONTH} (?:19|20)\\d{2})\\b`, 'gi')
const TESTIMONIAL = /testimonial|case[-_ ]?stud|customer[-_ ]?stor|reviews?\b/i
const HEADING = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
// How much of an element's text is read (boundedText): a heading, a question or a byline is a line, an FAQ's
// details a few paragraphs. Nested elements each hold the rest of the page, so reading them whole was quadratic.
const MAX_LINE_CHARS = 500
// a byline is at most 80 characters; read well past them (indentation and markup count towards what is read), so that
// a longer text, an author's bio, is seen to be longer rather than cut to a byline
const MAX_BYLINE_CHARS = 1000
const MAX_PARAGRAPH_CHARS = 2000
const MAX_DETAILS_CHARS = 5000

function words (text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length
}

function clean (text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

function isQuestion (text: string): boolean {
  return text.endsWith('?') || QUESTION_START.test(text)
}

// the few domhandler fields read here (domhandler itself is not a direct dependency)
interface DomLike extends DomNode { next: DomLike | null, parent: DomLike | null, children?: DomLike[], attribs?: Record<string, string> }

/** css-select's test of one element, as cheerio's selections apply it, compiled once. */
const matcher = (selector: string): ((element: DomLike) => boolean) => compile(selector) as unknown as (element: DomLike) => boolean
const MATCH = {
  noText: matcher('script, style, noscript, template, svg'),
  main: matcher('main, article, [role="main"]'),
  body: matcher('body'),
  question: matcher('h2, h3'),
  summary: matcher('details > summary'),
  paragraph: matcher('p'),
  metaAuthor: matcher('meta[name="author" i]'),
  // the most specific byline markers first: an author link or property, then byline-ish classes
  bylines: ['[rel~="author"]', '[itemprop="author"]', '[class*="author-name"]', '.author', '.byline', '[class*="byline"]'].map(matcher),
  authorLink: matcher('a[rel~="author"], a[href*="/author/"], a[href*="/authors/"]'),
  mailto: matcher('a[href^="mailto:" i]'),
  tel: matcher('a[href^="tel:" i]'),
  address: matcher('address'),
  classOrId: matcher('[class], [id]'),
  sectionHeading: matcher('h1, h2, h3, h4'),
  link: matcher('a[href]')
}

const isHeadingTag = (node: DomNode): boolean => node.type === 'tag' && (node.name === 'h1' || node.name === 'h2' || node.name === 'h3')
/** A page's chrome, left out of its main content. */
const CHROME = new Set(['header', 'nav', 'footer', 'aside'])
const isChrome = (element: DomNode): boolean => CHROME.has(element.name ?? '')
const isElement = (node: DomNode): boolean => node.type === 'tag' || node.type === 'script' || node.type === 'style'

/** The document's elements in document order. */
const elementsOf = (root: DomNode): DomLike[] => [...nodesUnder(root)].filter(isElement) as DomLike[]

/** Whether an element holds an h1, h2 or h3 below itself. */
function holdsHeading (element: DomNode): boolean {
  for (const node of nodesUnder(element)) if (node !== element && isHeadingTag(node)) return true
  return false
}

function headingLevel (el: DomLike): number | null {
  return el.type === 'tag' && el.name !== undefined && HEADING.has(el.name) ? Number(el.name[1]) : null
}

/** Text after a question heading, up to the next heading of the same or a higher level. */
function answerAfter (heading: DomLike, level: number): string {
  const collectFrom = (start: DomLike | null): string => {
    const parts: string[] = []
    for (let node = start; node !== null; node = node.next) {
      const l = headingLevel(node)
      if (l !== null && l <= level) break
      if (node.type === 'tag' && holdsHeading(node)) break
      parts.push(textUnder(node))
    }
    return clean(parts.join(' '))
  }
  const direct = collectFrom(heading.next)
  // FAQ widgets often wrap the question alone: then the answer is the wrapper's next element
  const parent = heading.parent
  if (direct === '' && parent !== null && parent.type === 'tag' && (parent.children ?? []).filter((c) => c.type === 'tag').length === 1) {
    let next = parent.next
    while (next !== null && next.type !== 'tag') next = next.next
    return next === null || headingLevel(next) !== null ? '' : clean(textUnder(next))
  }
  return direct
}

/** The page read for its signals: its elements, those below the main scope, those of its content (the chrome left out), and the content's text. */
interface PageScopes {
  elements: DomLike[]
  inScope: Set<DomNode>
  inContent: Set<DomNode>
  mainText: string
}

function scopesOf (elements: DomLike[]): PageScopes {
  const scope = elements.find(MATCH.main) ?? elements.find(MATCH.body)
  if (scope === undefined) return { elements, inScope: new Set(), inContent: new Set(), mainText: '' }
  const inScope = new Set(nodesUnder(scope))
  const inContent = new Set(nodesUnder(scope, isChrome))
  // the selections below are the scope's descendants, never the scope itself
  inScope.delete(scope)
  inContent.delete(scope)
  return { elements, inScope, inContent, mainText: clean(textUnder(scope, isChrome)) }
}

/** Questions in the main scope (h2 and h3 headings, FAQ summaries) with the words of their answers. */
function questionsOf ({ elements, inScope }: PageScopes): AnswerFacts['questions'] {
  const questions: AnswerFacts['questions'] = []
  for (const el of elements.filter((element) => inScope.has(element) && MATCH.question(element))) {
    const question = boundedText(el, MAX_LINE_CHARS)
    if (question !== '' && isQuestion(question)) questions.push({ question, answer_words: words(answerAfter(el, Number((el.name as string)[1]))) })
  }
  for (const el of elements.filter((element) => inScope.has(element) && MATCH.summary(element))) {
    const question = boundedText(el, MAX_LINE_CHARS)
    if (question === '' || !isQuestion(question)) continue
    const all = el.parent === null ? '' : boundedText(el.parent, MAX_DETAILS_CHARS)
    questions.push({ question, answer_words: words(all.slice(all.indexOf(question) + question.length)) })
  }
  return questions
}

/** The first byline of at most 80 characters, the most specific markers first; each element's text is read only until one is found. */
function bylineOf (all: (test: (element: DomLike) => boolean) => DomLike[]): string | undefined {
  for (const test of MATCH.bylines) {
    for (const element of all(test)) {
      // read past 80 characters, so that a longer text is seen to be longer, not cut to a byline
      const text = boundedText(element, MAX_BYLINE_CHARS).replace(/^by\s+/i, '')
      if (text !== '' && text.length <= 80) return text
    }
  }
  return undefined
}

/**
 * `$` is the page's parsed document when the caller has one; it is changed (scripts and the like removed). Every
 * selection is one of the document's elements in order, tested by css-select: linear in the page, whatever its shape.
 */
export function answerSignals (html: string, pageUrl: string, $: CheerioAPI = load(parseDocument(html) as never)): AnswerFacts {
  const root = $.root().get(0) as unknown as DomNode
  $(elementsOf(root).filter(MATCH.noText) as never[]).remove()
  const page = scopesOf(elementsOf(root))
  const { elements, inContent, mainText } = page
  const all = (test: (element: DomLike) => boolean): DomLike[] => elements.filter(test)

  const questions = questionsOf(page)
  const firstParagraph = all(MATCH.paragraph).filter((p) => inContent.has(p)).map((p) => boundedText(p, MAX_PARAGRAPH_CHARS)).find((t) => words(t) >= 12) ?? ''
  const metaAuthor = clean(all(MATCH.metaAuthor)[0]?.attribs?.content ?? '')
  const bylineEl = bylineOf(all)
  const authorHref = all(MATCH.authorLink)[0]?.attribs?.href
  const contact: string[] = []
  if (all(MATCH.mailto).length > 0) contact.push('email link')
  if (all(MATCH.tel).length > 0) contact.push('phone link')
  if (all(MATCH.address).length > 0) contact.push('<address>')

  const host = hostWithoutWww(pageUrl)
  let externalCitations = 0
  for (const el of all(MATCH.link)) {
    if (!inContent.has(el)) continue
    let url: URL
    try {
      url = new URL(el.attribs?.href ?? '', pageUrl)
    } catch {
      continue
    }
    const web = url.protocol === 'http:' || url.protocol === 'https:'
    if (web && hostWithoutWww(url.href) !== host && classifySocialUrl(url.href) === null) externalCitations++
  }
  const testimonials = all(MATCH.classOrId).some((e) => TESTIMONIAL.test(`${e.attribs?.class ?? ''} ${e.attribs?.id ?? ''}`)) ||
    all(MATCH.sectionHeading).some((e) => /testimonial|what (our )?(customers|clients) say|case stud|reviews/i.test(boundedText(e, MAX_LINE_CHARS)))

  let authorLink: string | null = null
  if (authorHref !== undefined) {
    try {
      authorLink = new URL(authorHref, pageUrl).href
    } catch {
      // an author link that is no URL names no author page: authorLink stays null
    }
  }
  return {
    questions,
    // dates are counted as dates, not as figures
    numbers: (mainText.replace(DATE, ' ').match(FIGURE) ?? []).length,
    definition_first_paragraph: firstParagraph !== '' && DEFINITION.test(firstParagraph.split(/\s+/).slice(0, 25).join(' ')),
    byline: metaAuthor !== '' ? metaAuthor : bylineEl ?? null,
    author_link: authorLink,
    contact,
    testimonials,
    external_citations: externalCitations,
    visible_dates: (mainText.match(DATE) ?? []).length
  }
}
