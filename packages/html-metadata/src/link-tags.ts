import { type DomElement, attrText, tokens } from './dom.js'
import { resolveUrl } from './resolve-url.js'
import type { IconLink } from './types.js'

export interface LinkTags {
  canonicals: string[]
  icons: IconLink[]
  manifestUrl: string | null
  alternates: Array<{ href: string, hreflang: string | null, type: string | null }>
  feeds: string[]
  relMe: string[]
  stylesheets: Array<{ href: string, media: string | null }>
}

const FEED_TYPES = new Set(['application/rss+xml', 'application/atom+xml', 'application/feed+json', 'application/json+feed'])

/** Reads every <link>: canonical, icons (any rel containing "icon"), manifest, alternates and feeds, rel=me, stylesheets. */
export function readLinkTags (links: DomElement[], base: URL): LinkTags {
  const out: LinkTags = { canonicals: [], icons: [], manifestUrl: null, alternates: [], feeds: [], relMe: [], stylesheets: [] }
  for (const el of links) {
    const href = resolveUrl(el.attribs.href, base)
    if (href === null) continue
    const rel = tokens(el.attribs.rel)
    if (rel.includes('canonical')) out.canonicals.push(href)
    if (rel.includes('manifest')) out.manifestUrl ??= href
    if (rel.includes('me')) out.relMe.push(href)
    if (rel.includes('stylesheet') && !rel.includes('alternate')) out.stylesheets.push({ href, media: attrText(el, 'media') })
    if (rel.some((token) => token.includes('icon'))) {
      out.icons.push({
        href,
        rel: rel.join(' '),
        sizes: attrText(el, 'sizes'),
        type: attrText(el, 'type')?.toLowerCase() ?? null,
        ...(rel.includes('mask-icon') ? { color: attrText(el, 'color') } : {}),
        ...(el.attribs.media === undefined ? {} : { media: attrText(el, 'media') })
      })
    } else if (rel.includes('alternate') && !rel.includes('stylesheet')) {
      const type = attrText(el, 'type')?.toLowerCase() ?? null
      out.alternates.push({ href, hreflang: attrText(el, 'hreflang'), type })
      if (type !== null && FEED_TYPES.has(type)) out.feeds.push(href)
    }
  }
  return out
}
