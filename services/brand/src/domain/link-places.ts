import type { AnchorPlace, PageMetadata } from '@utility-apis/html-metadata'

/**
 * Where the site's own links are: its header, footer and navigation; on a page without any of these and without an
 * article (a table layout, a one-page site) its body too. Bylines and quotes are never the site's.
 */
export function ownLinkPlaces (meta: PageMetadata): Set<AnchorPlace> {
  const legacyLayout = !meta.mainText.hasArticle && !meta.links.some((link) => link.place === 'chrome')
  return new Set<AnchorPlace>(legacyLayout ? ['chrome', 'content'] : ['chrome'])
}
