// Signals answer engines use and the shared metadata package does not read: questions followed by
// their answers, figures, bylines, contact details, testimonials and citations in the main content.
// One extra pass over the raw HTML (htmlparser2 via cheerio/slim), no JavaScript run.
import { load, type CheerioAPI } from 'cheerio/slim'
import { classifySocialUrl } from '@utility-apis/html-metadata'
import type { AnswerFacts } from '../observations.js'
import { hostWithoutWww } from '../url-host.js'

const QUESTION_START = /^(who|what|when|where|why|how|which|can|could|do|does|did|is|are|was|should|will|would)\b/i
const DEFINITION = /\b(is|are) (a|an|the)\b|\brefers to\b|\bmeans\b|\bis defined as\b/i
const FIGURE = /\d+(?:[.,]\d+)*\s?%|\b\d{2,}(?:[.,]\d+)*\b/g
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?'
const DATE = new RegExp(`\\b(?:(?:19|20)\\d{2}-\\d{2}-\\d{2}|${MONTH} \\d{1,2},? (?:19|20)\\d{2}|\\d{1,2} ${MONTH} (?:19|20)\\d{2})\\b`, 'gi')
const TESTIMONIAL = /testimonial|case[-_ ]?stud|customer[-_ ]?stor|reviews?\b/i
const HEADING = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])

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
interface DomLike { type: string, name?: string, data?: string, next: DomLike | null, parent: DomLike | null, children?: DomLike[] }

function headingLevel (el: DomLike): number | null {
  return el.type === 'tag' && el.name !== undefined && HEADING.has(el.name) ? Number(el.name[1]) : null
}

/** Text after a question heading, up to the next heading of the same or a higher level. */
function answerAfter ($: CheerioAPI, heading: DomLike, level: number): string {
  const at = (node: DomLike): ReturnType<CheerioAPI> => $(node as never)
  const collectFrom = (start: DomLike | null): string => {
    const parts: string[] = []
    for (let node = start; node !== null; node = node.next) {
      const l = headingLevel(node)
      if (l !== null && l <= level) break
      if (node.type === 'tag' && at(node).find('h1,h2,h3').length > 0) break
      parts.push(node.type === 'text' ? node.data ?? '' : at(node).text())
    }
    return clean(parts.join(' '))
  }
  const direct = collectFrom(heading.next)
  // FAQ widgets often wrap the question alone: then the answer is the wrapper's next element
  const parent = heading.parent
  if (direct === '' && parent !== null && parent.type === 'tag' && (parent.children ?? []).filter((c) => c.type === 'tag').length === 1) {
    let next = parent.next
    while (next !== null && next.type !== 'tag') next = next.next
    return next === null || headingLevel(next) !== null ? '' : clean(at(next).text())
  }
  return direct
}

/** `$` is the page's parsed document when the caller has one; it is changed (scripts and the like removed). */
export function answerSignals (html: string, pageUrl: string, $: CheerioAPI = load(html)): AnswerFacts {
  $('script, style, noscript, template, svg').remove()
  const mainScope = $('main, article, [role="main"]').first()
  const scope = mainScope.length > 0 ? mainScope : $('body')
  const contentScope = scope.clone()
  contentScope.find('header, nav, footer, aside').remove()
  const mainText = clean(contentScope.text())

  const questions: AnswerFacts['questions'] = []
  scope.find('h2, h3').each((_i, el) => {
    const question = clean($(el).text())
    if (question === '' || !isQuestion(question)) return
    questions.push({ question, answer_words: words(answerAfter($, el as unknown as DomLike, Number(el.name[1]))) })
  })
  scope.find('details > summary').each((_i, el) => {
    const question = clean($(el).text())
    if (question === '' || !isQuestion(question)) return
    const all = clean($(el).parent().text())
    questions.push({ question, answer_words: words(all.slice(all.indexOf(question) + question.length)) })
  })

  const firstParagraph = contentScope.find('p').toArray().map((p) => clean($(p).text())).find((t) => words(t) >= 12) ?? ''
  const metaAuthor = clean($('meta[name="author" i]').attr('content') ?? '')
  // the most specific markers first: an author link or property, then byline-ish classes
  const bylineEl = ['[rel~="author"]', '[itemprop="author"]', '[class*="author-name"]', '.author', '.byline', '[class*="byline"]']
    .flatMap((selector) => $(selector).toArray().map((e) => clean($(e).text()).replace(/^by\s+/i, '')))
    .find((t) => t !== '' && t.length <= 80)
  const authorHref = $('a[rel~="author"], a[href*="/author/"], a[href*="/authors/"]').first().attr('href')
  const contact: string[] = []
  if ($('a[href^="mailto:" i]').length > 0) contact.push('email link')
  if ($('a[href^="tel:" i]').length > 0) contact.push('phone link')
  if ($('address').length > 0) contact.push('<address>')

  const host = hostWithoutWww(pageUrl)
  let externalCitations = 0
  contentScope.find('a[href]').each((_i, el) => {
    const href = $(el).attr('href') ?? ''
    let url: URL
    try {
      url = new URL(href, pageUrl)
    } catch {
      return
    }
    const web = url.protocol === 'http:' || url.protocol === 'https:'
    if (web && hostWithoutWww(url.href) !== host && classifySocialUrl(url.href) === null) externalCitations++
  })
  const testimonials = $('[class], [id]').toArray().some((e) => TESTIMONIAL.test(`${$(e).attr('class') ?? ''} ${$(e).attr('id') ?? ''}`)) ||
    $('h1, h2, h3, h4').toArray().some((e) => /testimonial|what (our )?(customers|clients) say|case stud|reviews/i.test($(e).text()))

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
