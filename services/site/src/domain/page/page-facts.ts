// One page as the scores see it: the shared metadata package's extraction, summarised, plus the
// answer-engine signals read from the same HTML.
import { load } from 'cheerio/slim'
import { charsetParameter, parseDocument, type PageMetadata } from '@utility-apis/html-metadata'
import { cut, quote } from '../evidence-text.js'
import type { PageFacts } from '../observations.js'
import { answerSignals } from './answer-signals.js'
import { markupFacts } from './markup-facts.js'
import { structuredFacts } from './structured-facts.js'

const EXAMPLES = 5

// Lighthouse link-text: anchor texts that say nothing about the target
const GENERIC_TEXT = new Set(['click here', 'click this', 'go', 'here', 'this', 'start', 'right here', 'more', 'learn more', 'read more'])
const NON_HTML = /\.(pdf|jpe?g|png|gif|webp|svg|ico|zip|gz|mp[34]|mov|avi|webm|xml|json|txt|csv|docx?|xlsx?|pptx?|css|js)$/i
/** The sitemap protocol's limit on a URL; longer ones are not sampled. */
export const MAX_URL_LENGTH = 2048

/** A URL worth sampling as a page: not a file of another kind, and not longer than a sitemap may list. */
export function isPageCandidate (url: URL): boolean {
  return url.href.length <= MAX_URL_LENGTH && !NON_HTML.test(url.pathname)
}

function pathAndText (href: string, text: string): string {
  try {
    return `${new URL(href).pathname.toLowerCase()} ${text.toLowerCase()}`
  } catch {
    return text.toLowerCase()
  }
}

/** How many h1 texts an answer lists: one is the rule, and a page with this many is answered as having many. */
const MAX_H1 = 50

function headingSkips (headings: PageMetadata['headings']): string[] {
  const skips: string[] = []
  for (let i = 1; i < headings.length; i++) {
    const [prev, cur] = [headings[i - 1].level, headings[i].level]
    if (cur > prev + 1) skips.push(`h${prev} -> h${cur}`)
  }
  return [...new Set(skips)]
}

/**
 * The internal page links a page's facts list: enough to sample pages from (20 at most), bounded whatever the page holds.
 * A 2 MiB page can hold 100,000 links, each as long as its `<base href>` makes it (2 KB): listed whole, one analysis
 * answered 198 MB and held 1.4 GB, and at `max_pages` 2 failed (500).
 */
const MAX_INTERNAL_LINKS = 200
const MAX_INTERNAL_LINK_CHARS = 64 * 1024

/** The page's distinct internal page links, in page order, within the bounds; `truncated` when the page had more. */
function internalLinks (links: PageMetadata['links']): { internal: string[], truncated: boolean } {
  const internal = new Set<string>()
  let chars = 0
  for (const l of links) {
    if (!l.internal || !l.crawlable || l.href === null) continue
    const url = new URL(l.href)
    url.hash = ''
    if (!isPageCandidate(url) || internal.has(url.href)) continue
    if (internal.size >= MAX_INTERNAL_LINKS || chars + url.href.length > MAX_INTERNAL_LINK_CHARS) return { internal: [...internal], truncated: true }
    internal.add(url.href)
    chars += url.href.length
  }
  return { internal: [...internal], truncated: false }
}

function linkFacts (meta: PageMetadata): PageFacts['links'] {
  // Lighthouse's rule passes a javascript: href other than void(0); no crawler follows one either
  const nonCrawlable = meta.links.filter((l) => !l.crawlable || /^javascript:/i.test(l.href ?? ''))
  const find = (test: RegExp): string | null =>
    meta.links.find((l) => l.internal && l.href !== null && test.test(pathAndText(l.href, l.text)))?.href ?? null
  const { internal, truncated } = internalLinks(meta.links)
  return {
    total: meta.links.length,
    non_crawlable: nonCrawlable.length,
    non_crawlable_examples: nonCrawlable.slice(0, EXAMPLES).map((l) => `${quote(l.text, 40)} (${l.href === null ? 'no href' : cut(l.href, 80)})`),
    internal,
    internal_truncated: truncated,
    // one entry per phrase, whatever its case: at most the size of GENERIC_TEXT
    generic_text: [...new Set(meta.links.map((l) => l.text.trim().toLowerCase()).filter((text) => GENERIC_TEXT.has(text)))],
    about: find(/(^|\/)(about|about-us|company|who-we-are|team)(\/|\.|\s|$)|^\S*\s+about\b/),
    contact: find(/contact/),
    privacy: find(/privacy|datenschutz/),
    terms: find(/terms|conditions|(^|\/)tos(\/|\s|$)|(^|\/)legal(\/|\s|$)/)
  }
}

function mainTextFacts (m: PageMetadata['mainText']): PageFacts['main_text'] {
  return { words: m.words, has_main: m.hasMain, has_article: m.hasArticle, lists: m.lists, tables: m.tables, first_paragraph: m.firstParagraph }
}

export function pageFacts (meta: PageMetadata, html: string, url: string, contentType: string | null): PageFacts {
  const og = meta.openGraph
  const byAgent: Record<string, string[]> = {}
  for (const entry of meta.robotsByAgent ?? []) {
    if (entry.agent !== 'robots') byAgent[entry.agent] = [...(byAgent[entry.agent] ?? []), ...entry.directives]
  }
  // parsed as the metadata package parses, its nesting bounded (MAX_DEPTH): every reading below stays linear
  const $ = load(parseDocument(html) as never)
  // read before answerSignals, which strips scripts, noscript and templates from the document
  const markup = markupFacts($, url)
  const charset = meta.charsetDeclared ?? (contentType === null ? null : charsetParameter(contentType))
  return {
    url,
    title: meta.title,
    description: meta.description,
    canonicals: meta.canonicals ?? (meta.canonical === null ? [] : [meta.canonical]),
    lang: meta.lang,
    charset: charset === null ? null : charset.toLowerCase(),
    viewport: meta.viewport,
    meta_robots: { generic: meta.robots, by_agent: byAgent },
    og: {
      title: og.title ?? null,
      description: og.description ?? null,
      image: og.image ?? og['image:url'] ?? og['image:secure_url'] ?? null,
      url: og.url ?? null,
      type: og.type ?? null,
      modified_time: og['article:modified_time'] ?? null,
      published_time: og['article:published_time'] ?? null
    },
    twitter_card: meta.twitter.card ?? null,
    icons: meta.icons.filter((i) => i.rel.split(' ').includes('icon')).map((i) => i.href),
    hreflang: markup.hreflang,
    markdown_alternate: meta.alternates.find((a) => a.type?.toLowerCase() === 'text/markdown')?.href ?? null,
    structured: structuredFacts(meta, url),
    headings: {
      // at most MAX_H1 of them, each at most the metadata package's heading length: a page may hold thousands
      h1: meta.headings.filter((h) => h.level === 1).slice(0, MAX_H1).map((h) => h.text),
      h2: meta.headings.filter((h) => h.level === 2).length,
      skips: headingSkips(meta.headings)
    },
    images: markup.images,
    links: linkFacts(meta),
    forms: meta.forms,
    buttons: meta.buttons,
    main_text: mainTextFacts(meta.mainText),
    times: meta.times.length,
    feeds: meta.feeds,
    plugins: meta.plugins ?? 0,
    mixed_content: meta.mixedContent ?? [],
    meta_refresh: meta.metaRefresh === null ? null : { delay_seconds: meta.metaRefresh.delaySeconds, url: meta.metaRefresh.url },
    answers: answerSignals(html, url, $)
  }
}
