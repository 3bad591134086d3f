import { prefersOverJson } from './accept.js'

// What every HTML page a service answers shares: the escaping of values that came from fetched sites, links that can
// only be http(s), and the Content-Security-Policy they are served with (no script, no request but our own images).
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/**
 * The policy of every HTML answer: inline styles and images that are inline (data:) or ours, nothing else: no script,
 * no fetch, no frame, no form, no <base>.
 */
export const HTML_PAGE_CSP = "default-src 'none'; img-src data: 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/** Text and attribute values made inert: markup stays text, quotes cannot end an attribute. */
export function escapeHtml (text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c])
}

/** The URL when it is an absolute http(s) URL, to be a link; null otherwise (javascript:, data:, relative, garbage). */
function safeHref (url: string | null | undefined): string | null {
  if (typeof url !== 'string') return null
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null
  } catch {
    return null
  }
}

/** A link to an http(s) URL, or the URL as plain text when it is anything else. */
export function linkOrText (url: string, text: string = url): string {
  const href = safeHref(url)
  if (href === null) return `<span class="not-a-link">${escapeHtml(text)}</span>`
  return `<a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow">${escapeHtml(text)}</a>`
}

/** Whether the request's Accept header prefers HTML over JSON (a browser's does; an API client's does not). */
export const wantsHtml = (accept: string | undefined): boolean => prefersOverJson(accept, 'text/html')
