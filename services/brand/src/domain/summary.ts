import { cleanText } from './text.js'

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
const BOILERPLATE = /\b(cookies?|consent|gdpr|enable javascript|javascript is (disabled|required)|your browser|privacy policy|accept all|we use (cookies|technologies))\b/i
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
  if (BOILERPLATE.test(text)) return null
  text = text.replace(WELCOME, '')
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
    const summary = usable(value, 20)
    if (summary !== null) return { summary, source }
  }
  for (const paragraph of signals.paragraphs) {
    const summary = usable(paragraph, 60)
    if (summary !== null) return { summary, source: 'first-paragraph' }
  }
  return { summary: null, source: null }
}
