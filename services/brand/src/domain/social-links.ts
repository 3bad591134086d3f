import { classifySocialUrl, type PageMetadata, type SocialProfile } from '@utility-apis/html-metadata'
import type { OrganizationNode } from './organization.js'
import { ownLinkPlaces } from './page-signals.js'

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
  const places = ownLinkPlaces(meta)
  for (const profile of profiles) {
    if (profile.kind === 'person') continue
    const own = profile.source === 'anchor'
      ? profile.place !== undefined && places.has(profile.place)
      : SITE_WIDE.has(profile.source)
    if (own) add(profile.url)
  }
  return urls
}
