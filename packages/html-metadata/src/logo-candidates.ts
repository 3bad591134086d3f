import type { ImageRef } from './collect.js'
import { type DomElement, attrText } from './dom.js'
import { bareHost, resolveUrl } from './resolve-url.js'
import type { LogoCandidate } from './types.js'

const LOGO_HINT = /logo|brand/i
const MAX_HEADER_IMAGES = 3

/** The image URL of an <img>, preferring the lazy-load attribute over a data: placeholder. */
export function imageSource (el: DomElement, base: URL): string | null {
  const a = el.attribs
  const lazy = a['data-src'] ?? a['data-lazy-src']
  const raw = lazy !== undefined && (a.src === undefined || a.src.trim() === '' || a.src.trim().startsWith('data:'))
    ? lazy
    : a.src ?? a.srcset?.trim().split(/\s+/)[0]
  return resolveUrl(raw, base)
}

/** The <source> siblings of an image inside a <picture> that name a colour scheme. */
function pictureSources (img: DomElement): DomElement[] {
  if (img.parent?.name !== 'picture') return []
  return (img.parent.children ?? []).filter((node): node is DomElement =>
    node.name === 'source' && /prefers-color-scheme/i.test(node.attribs?.media ?? ''))
}

/** The URL a JSON-LD logo value names: a string, an ImageObject (url/contentUrl) or the first of an array. */
function jsonLdImage (value: unknown): string | null {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.length > 0 ? jsonLdImage(value[0]) : null
  if (typeof value === 'object' && value !== null) {
    const image = value as Record<string, unknown>
    for (const key of ['url', 'contentUrl']) if (typeof image[key] === 'string') return image[key]
  }
  return null
}

function hasLogoHint (el: DomElement): boolean {
  const a = el.attribs
  if (LOGO_HINT.test(`${a.class ?? ''} ${a.id ?? ''} ${a.alt ?? ''} ${a.src ?? ''}`)) return true
  let parent = el.parent
  for (let i = 0; i < 3 && parent !== null && parent.attribs !== undefined; i++, parent = parent.parent) {
    if (LOGO_HINT.test(`${parent.attribs.class ?? ''} ${parent.attribs.id ?? ''}`)) return true
  }
  return false
}

function isHomeLink (anchor: DomElement | null, base: URL, pageUrl: URL): boolean {
  const href = resolveUrl(anchor?.attribs.href, base)
  if (href === null) return false
  const url = new URL(href)
  return bareHost(url.hostname) === bareHost(pageUrl.hostname) && url.pathname === '/' && url.search === ''
}

export interface LogoInputs {
  jsonLdNodes: Array<Record<string, unknown>>
  itempropLogos: DomElement[]
  ogLogo: string | undefined
  images: ImageRef[]
}

/**
 * Explicit logo declarations in priority order (JSON-LD logo, itemprop=logo, og:logo), then header images that look
 * like a logo: the image of the header's home link, or an image with a logo/brand hint in the header, before the
 * first h1 or inside a home link. Never og:image: that is a share card.
 */
export function findLogoCandidates (inputs: LogoInputs, base: URL, pageUrl: URL): LogoCandidate[] {
  const out: LogoCandidate[] = []
  const add = (raw: string | null | undefined, source: LogoCandidate['source'], alt: string | null): void => {
    const src = resolveUrl(raw, base)
    if (src !== null && !out.some((c) => c.src === src)) out.push({ src, source, alt })
  }
  for (const node of inputs.jsonLdNodes) {
    const name = typeof node.name === 'string' ? node.name : null
    add(jsonLdImage(node.logo), 'jsonld', name)
    for (const key of ['publisher', 'brand', 'organization']) {
      const inner = node[key]
      if (typeof inner === 'object' && inner !== null && !Array.isArray(inner)) {
        const org = inner as Record<string, unknown>
        add(jsonLdImage(org.logo), 'jsonld', typeof org.name === 'string' ? org.name : null)
      }
    }
  }
  for (const el of inputs.itempropLogos) {
    const raw = el.name === 'img' ? imageSource(el, base) : el.name === 'meta' ? el.attribs.content : el.attribs.href ?? el.attribs.src
    add(raw, 'itemprop', attrText(el, 'alt'))
  }
  add(inputs.ogLogo, 'og:logo', null)
  let headerImages = 0
  for (const { el, banner, beforeH1, anchor } of inputs.images) {
    if (headerImages >= MAX_HEADER_IMAGES) break
    const home = isHomeLink(anchor, base, pageUrl)
    // legacy layouts have no <header>: the top of the page (before the first h1) stands in for it
    if ((banner && home) || ((banner || beforeH1 || home) && hasLogoHint(el))) {
      const before = out.length
      add(imageSource(el, base), 'header-img', attrText(el, 'alt'))
      if (out.length > before) headerImages++
      // <picture><source media="(prefers-color-scheme: dark)" srcset="logo-dark.svg"><img src="logo.svg"></picture>
      for (const source of pictureSources(el)) {
        const src = resolveUrl(source.attribs.srcset?.trim().split(/\s+/)[0], base)
        if (src !== null && !out.some((c) => c.src === src)) out.push({ src, source: 'header-img', alt: attrText(el, 'alt'), media: attrText(source, 'media') })
      }
    }
  }
  return out
}
