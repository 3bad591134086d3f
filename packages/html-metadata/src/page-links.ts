import { type DomElement, attrText, boundedText, findAll } from './dom.js'
import { bareHost, resolvePlainPath } from './resolve-url.js'
import type { AnchorPlace, PageLink } from './types.js'

const HREF_ASSOCIATED = ['target', 'download', 'ping', 'rel', 'hreflang', 'type', 'referrerpolicy']
const WHITESPACE = /\s/g
const JAVASCRIPT_VOID = /javascript:void(\(|)0(\)|)/

/**
 * Lighthouse's crawlable-anchors rule (core/audits/seo/crawlable-anchors.js) applied to raw attributes:
 * mailto, role and named/id targets are exempt; a missing href, javascript:void(0), file: and unparseable hrefs fail.
 */
function isCrawlableAnchor (el: DomElement, pageUrl: URL): boolean {
  const a = el.attribs
  const rawHref = a.href === undefined ? '' : a.href.replace(WHITESPACE, '')
  if ((a.role ?? '').trim() !== '') return true
  if (rawHref.startsWith('mailto:')) return true
  if (rawHref === '' && a.id !== undefined && a.id !== '') return true
  if (rawHref.startsWith('file:')) return false
  if ((a.name ?? '').trim() !== '') return true
  if (a.href === undefined && !HREF_ASSOCIATED.some((name) => a[name] !== undefined) &&
    ['page', 'location'].includes(a['aria-current'] ?? '')) return true
  if (a.href === undefined) return false
  if (JAVASCRIPT_VOID.test(rawHref)) return false
  return resolvePlainPath(rawHref, pageUrl) !== null || URL.canParse(rawHref, pageUrl.href)
}

/** Every <a> of the page: absolute href, visible text (or its accessible fallback), rel, crawlability, internal. */
export function readLinks (anchors: DomElement[], base: URL, pageUrl: URL, places?: AnchorPlace[]): PageLink[] {
  const pageHost = bareHost(pageUrl.hostname)
  // a root-relative href stays on the base's host
  const baseInternal = (base.protocol === 'http:' || base.protocol === 'https:') && bareHost(base.hostname) === pageHost
  return anchors.map((el, index) => {
    let href: string | null = null
    let internal = false
    const raw = el.attribs.href
    if (raw !== undefined) {
      const trimmed = raw.trim()
      href = resolvePlainPath(trimmed, base)
      if (href !== null) {
        internal = baseInternal
      } else {
        try {
          const url = new URL(trimmed, base)
          href = url.href
          internal = (url.protocol === 'http:' || url.protocol === 'https:') && bareHost(url.hostname) === pageHost
        } catch { /* unresolvable hrefs stay null */ }
      }
    }
    const rel = attrText(el, 'rel')
    const link: PageLink = { href, text: linkText(el), rel: rel === null ? null : rel.toLowerCase(), crawlable: isCrawlableAnchor(el, pageUrl), internal }
    const place = places?.[index]
    if (place !== undefined) link.place = place
    return link
  })
}

/** How long a link's text may be: nested `<a>` each hold the rest of the page, and a link's name is a phrase. */
const MAX_LINK_CHARS = 500

function linkText (el: DomElement): string {
  const text = boundedText(el, MAX_LINK_CHARS)
  if (text !== '') return text
  const label = attrText(el, 'aria-label')
  if (label !== null) return label
  for (const img of findAll(el, (n) => n.name === 'img', MAX_LINK_CHARS)) {
    const alt = attrText(img, 'alt')
    if (alt !== null) return alt
  }
  return attrText(el, 'title') ?? ''
}
