import { cleanText } from './clean-text.js'

export interface SummarySignals {
  metaDescription: string | null
  ogDescription: string | null
  organizationDescription: string | null
  manifestDescription: string | null
  twitterDescription: string | null
  /** The first paragraphs of the main content, in document order. */
  paragraphs: string[]
}

export interface SummaryResult {
  summary: string | null
  source: string | null
}

const MAX_LENGTH = 300
// banner phrases, not words: a bakery's "cookies" or a law firm's "GDPR advice" is a real description
const BOILERPLATE = new RegExp('\\b((this|our) (site|website) uses cookies|we use (cookies|technologies)|uses? cookies to|' +
  'accept (all|cookies)|cookie (policy|settings|preferences|consent)|manage (your )?consent|' +
  'enable javascript|javascript is (disabled|required)|your browser (is|does)|update your browser)\\b', 'i')
// what a paywall or sign-in wall says instead of the article
const PAYWALL = new RegExp('\\b(subscribe (now|today|to (continue|read))|subscribers? only|for subscribers|' +
  'already a (subscriber|member)|(sign|log) in to (continue|read)|to continue reading|' +
  'continue reading with|unlimited (digital )?access|this (article|content|story) is (for|available to|' +
  'reserved for) (subscribers|members)|the kind of news coverage and analysis you can access|' +
  'create a free account to (continue|read)|you have reached your (free )?(article )?limit)\\b', 'i')
// a site-authored description counts from two words ("Funding Snapshot:"), a paragraph only when substantial
const MIN_DESCRIPTION = 12
const MIN_PARAGRAPH = 60
const WELCOME = /^welcome\s+to\s+[^.!?]{1,80}[.!?]+\s*/i

/** Cuts at a sentence boundary near 300 characters; at a word boundary with an ellipsis when there is none. */
export function cutAtSentence (text: string, max = MAX_LENGTH): string {
  if (text.length <= max) return text
  const window = text.slice(0, max + 1)
  let cut = -1
  for (const match of window.matchAll(/[.!?](?=\s)/g)) cut = match.index + 1
  if (cut >= max / 3) return text.slice(0, cut)
  const space = window.lastIndexOf(' ', max - 1)
  return `${text.slice(0, space > 0 ? space : max - 1).replace(/[\s,;:–—-]+$/, '')}…`
}

function usable (raw: string | null | undefined, minLength: number): string | null {
  let text = cleanText(raw)
  if (BOILERPLATE.test(text) || PAYWALL.test(text)) return null
  text = text.replace(WELCOME, '').replace(/\s*:$/, '')
  if (text.length < minLength || !/\s/.test(text)) return null
  return cutAtSentence(text)
}

/**
 * Site-authored text first: meta description, og:description, JSON-LD, manifest, twitter, then the first
 * substantial paragraph. Never generated text.
 */
export function pickSummary (signals: SummarySignals): SummaryResult {
  const tagged: Array<[string | null, string]> = [
    [signals.metaDescription, 'meta:description'],
    [signals.ogDescription, 'og:description'],
    [signals.organizationDescription, 'json-ld:description'],
    [signals.manifestDescription, 'web-manifest'],
    [signals.twitterDescription, 'twitter:description']
  ]
  for (const [value, source] of tagged) {
    const summary = usable(value, MIN_DESCRIPTION)
    if (summary !== null) return { summary, source }
  }
  for (const paragraph of signals.paragraphs) {
    const summary = usable(paragraph, MIN_PARAGRAPH)
    if (summary !== null) return { summary, source: 'first-paragraph' }
  }
  return { summary: null, source: null }
}
