import { classifySocialUrl, type PageMetadata, type SocialProfile } from '@utility-apis/html-metadata'
import type { OrganizationNode } from './organization.js'

// Sources that speak for the site as a whole; anchors count only where the site's own chrome holds them.
const SITE_WIDE = new Set(['rel-me', 'twitter:site', 'article:publisher', 'og:see_also'])

/**
 * The site's own social profiles, one URL each: its Organization's (and WebSite's) `sameAs`, the links in its
 * header, footer and navigation, `rel=me`, `twitter:site` and `article:publisher`. Never a link from an article
 * body, a byline, an author card, a testimonial or a comment, another organization's `sameAs`, or a person's
 * LinkedIn profile.
 */
export function siteSocialLinks (meta: PageMetadata, orgs: OrganizationNode[], websiteSameAs: string[]): string[] {
  const urls: string[] = []
  const seen = new Set<string>()
  const add = (url: string): void => {
    const key = url.toLowerCase()
    if (!seen.has(key)) { seen.add(key); urls.push(url) }
  }
  for (const href of [...orgs.flatMap((org) => org.sameAs), ...websiteSameAs]) {
    const match = classifySocialUrl(href)
    if (match !== null && match.kind !== 'person') add(match.url)
  }
  const profiles: SocialProfile[] = meta.socialProfiles ?? []
  // a page without header, footer, navigation or article (a table layout, a one-page site) puts its own links in
  // the body: there the body counts, bylines and quotes still not
  const legacyLayout = !meta.mainText.hasArticle && !meta.links.some((link) => link.place === 'chrome')
  for (const profile of profiles) {
    if (profile.kind === 'person') continue
    const own = profile.source === 'anchor'
      ? profile.place === 'chrome' || (legacyLayout && profile.place === 'content')
      : SITE_WIDE.has(profile.source)
    if (own) add(profile.url)
  }
  return urls
}
