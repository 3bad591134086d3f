// One page as the scores see it: the shared metadata package's extraction, summarised, plus the
// answer-engine signals read from the same HTML.
import { charsetParameter, type PageMetadata } from '@utility-apis/html-metadata'
import type { PageFacts } from '../observations.js'
import { answerSignals } from './answer-signals.js'
import { structuredFacts } from './structured-facts.js'

// Lighthouse link-text: anchor texts that say nothing about the target
const GENERIC_TEXT = new Set(['click here', 'click this', 'go', 'here', 'this', 'start', 'right here', 'more', 'learn more', 'read more'])
export const NON_HTML = /\.(pdf|jpe?g|png|gif|webp|svg|ico|zip|gz|mp[34]|mov|avi|webm|xml|json|txt|csv|docx?|xlsx?|pptx?|css|js)$/i

function pathAndText (href: string, text: string): string {
  try {
    return `${new URL(href).pathname.toLowerCase()} ${text.toLowerCase()}`
  } catch {
    return text.toLowerCase()
  }
}

function headingSkips (headings: PageMetadata['headings']): string[] {
  const skips: string[] = []
  for (let i = 1; i < headings.length; i++) {
    const [prev, cur] = [headings[i - 1].level, headings[i].level]
    if (cur > prev + 1) skips.push(`h${prev} -> h${cur}`)
  }
  return [...new Set(skips)]
}

function linkFacts (meta: PageMetadata): PageFacts['links'] {
  const internal = new Set<string>()
  const find = (test: RegExp): string | null =>
    meta.links.find((l) => l.internal && l.href !== null && test.test(pathAndText(l.href, l.text)))?.href ?? null
  for (const l of meta.links) {
    if (!l.internal || !l.crawlable || l.href === null) continue
    const url = new URL(l.href)
    url.hash = ''
    if (!NON_HTML.test(url.pathname)) internal.add(url.href)
  }
  return {
    total: meta.links.length,
    nonCrawlable: meta.links.filter((l) => !l.crawlable).length,
    internal: [...internal],
    genericText: [...new Set(meta.links.filter((l) => GENERIC_TEXT.has(l.text.trim().toLowerCase())).map((l) => l.text.trim()))],
    about: find(/(^|\/)(about|about-us|company|who-we-are|team)(\/|\.|\s|$)|^\S*\s+about\b/),
    contact: find(/contact/),
    privacy: find(/privacy|datenschutz/),
    terms: find(/terms|conditions|(^|\/)tos(\/|\s|$)|(^|\/)legal(\/|\s|$)/)
  }
}

export function pageFacts (meta: PageMetadata, html: string, url: string, contentType: string | null): PageFacts {
  const og = meta.openGraph
  const byAgent: Record<string, string[]> = {}
  for (const entry of meta.robotsByAgent ?? []) {
    if (entry.agent !== 'robots') byAgent[entry.agent] = [...(byAgent[entry.agent] ?? []), ...entry.directives]
  }
  const charset = meta.charsetDeclared ?? (contentType === null ? null : charsetParameter(contentType))
  return {
    url,
    title: meta.title,
    description: meta.description,
    canonicals: meta.canonicals ?? (meta.canonical === null ? [] : [meta.canonical]),
    lang: meta.lang,
    charset: charset === null ? null : charset.toLowerCase(),
    viewport: meta.viewport,
    metaRobots: { generic: meta.robots, byAgent },
    og: {
      title: og.title ?? null,
      description: og.description ?? null,
      image: og.image ?? og['image:url'] ?? og['image:secure_url'] ?? null,
      url: og.url ?? null,
      type: og.type ?? null,
      modifiedTime: og['article:modified_time'] ?? null,
      publishedTime: og['article:published_time'] ?? null
    },
    twitterCard: meta.twitter.card ?? null,
    icons: meta.icons.filter((i) => i.rel.split(' ').includes('icon')).map((i) => i.href),
    hreflang: meta.alternates.filter((a) => a.hreflang !== null).map((a) => ({ hreflang: a.hreflang as string, href: a.href })),
    markdownAlternate: meta.alternates.find((a) => a.type?.toLowerCase() === 'text/markdown')?.href ?? null,
    structured: structuredFacts(meta, url),
    headings: {
      h1: meta.headings.filter((h) => h.level === 1).map((h) => h.text),
      h2: meta.headings.filter((h) => h.level === 2).length,
      skips: headingSkips(meta.headings)
    },
    images: { total: meta.images.length, withAlt: meta.images.filter((i) => i.alt !== null).length },
    links: linkFacts(meta),
    forms: meta.forms,
    buttons: meta.buttons,
    mainText: meta.mainText,
    times: meta.times.length,
    feeds: meta.feeds,
    plugins: meta.plugins ?? 0,
    mixedContent: meta.mixedContent ?? [],
    metaRefresh: meta.metaRefresh,
    answers: answerSignals(html, url)
  }
}
