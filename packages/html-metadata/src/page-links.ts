import { type DomElement, attrText, cleanText, findAll, textContent } from './dom.js'
import { bareHost } from './resolve-url.js'
import type { PageLink } from './types.js'

const HREF_ASSOCIATED = ['target', 'download', 'ping', 'rel', 'hreflang', 'type', 'referrerpolicy']
const JAVASCRIPT_VOID = /javascript:void(\(|)0(\)|)/

/**
 * Lighthouse's crawlable-anchors rule (core/audits/seo/crawlable-anchors.js) applied to raw attributes:
 * mailto, role and named/id targets are exempt; a missing href, javascript:void(0), file: and unparseable hrefs fail.
 */
export function isCrawlableAnchor (el: DomElement, pageUrl: URL): boolean {
  const a = el.attribs
  const rawHref = (a.href ?? '').replace(/\s/g, '')
  if ((a.role ?? '').trim() !== '') return true
  if (rawHref.startsWith('mailto:')) return true
  if (rawHref === '' && a.id !== undefined && a.id !== '') return true
  if (rawHref.startsWith('file:')) return false
  if ((a.name ?? '').trim() !== '') return true
  if (a.href === undefined && !HREF_ASSOCIATED.some((name) => a[name] !== undefined) &&
    ['page', 'location'].includes(a['aria-current'] ?? '')) return true
  if (a.href === undefined) return false
  if (JAVASCRIPT_VOID.test(rawHref)) return false
  try {
    // eslint-disable-next-line no-new
    new URL(rawHref, pageUrl)
    return true
  } catch {
    return false
  }
}

/** Every <a> of the page: absolute href, visible text (or its accessible fallback), rel, crawlability, internal. */
export function readLinks (anchors: DomElement[], base: URL, pageUrl: URL): PageLink[] {
  const pageHost = bareHost(pageUrl.hostname)
  return anchors.map((el) => {
    let href: string | null = null
    let internal = false
    const raw = el.attribs.href
    if (raw !== undefined) {
      try {
        const url = new URL(raw.trim(), base)
        href = url.href
        internal = (url.protocol === 'http:' || url.protocol === 'https:') && bareHost(url.hostname) === pageHost
      } catch { /* unresolvable hrefs stay null */ }
    }
    const rel = attrText(el, 'rel')
    return { href, text: linkText(el), rel: rel === null ? null : rel.toLowerCase(), crawlable: isCrawlableAnchor(el, pageUrl), internal }
  })
}

function linkText (el: DomElement): string {
  const text = cleanText(textContent(el))
  if (text !== '') return text
  const label = attrText(el, 'aria-label')
  if (label !== null) return label
  for (const img of findAll(el, (n) => n.name === 'img')) {
    const alt = attrText(img, 'alt')
    if (alt !== null) return alt
  }
  return attrText(el, 'title') ?? ''
}
