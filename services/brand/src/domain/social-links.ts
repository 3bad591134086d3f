import { classifySocialUrl, type PageMetadata, type SocialProfile } from '@utility-apis/html-metadata'
import { percentDecoded } from './clean-text.js'
import { ownLinkPlaces } from './link-places.js'
import { nameKey } from './name-matching.js'
import type { OrganizationNode } from './organization.js'
import { matchesDomainLabel, type SiteHost } from './site-host.js'

// Sources that speak for the site as a whole; anchors count only where the site's own chrome holds them.
const SITE_WIDE = new Set(['rel-me', 'twitter:site', 'article:publisher', 'og:see_also'])

/**
 * The site's own social profiles, one URL each: its Organization's (and WebSite's) `sameAs`, the links in its
 * header, footer and navigation, `rel=me`, `twitter:site` and `article:publisher`. Never a link from an article
 * body, a byline, an author card, a testimonial or a comment, another organization's `sameAs`, or a person's
 * LinkedIn profile. On a page without header, footer or nav elements (a table layout), a link in the body whose
 * handle names the brand or the domain ("Like us on Facebook" to facebook.com/kestrelmarine) is the site's too.
 */
export function siteSocialLinks (meta: PageMetadata, orgs: OrganizationNode[], websiteSameAs: string[], site?: SiteNames): string[] {
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
  const namesSite = meta.landmarks === false && site !== undefined ? handleNamesSite(site) : () => false
  for (const profile of profiles) {
    if (profile.kind === 'person') continue
    const own = profile.source === 'anchor'
      ? profile.place !== undefined && (places.has(profile.place) || (profile.place === 'content' && namesSite(profile.url)))
      : SITE_WIDE.has(profile.source)
    if (own) add(profile.url)
  }
  return urls
}

/** The names a profile handle may spell for the link to be the site's: the brand name and the host's label. */
export interface SiteNames {
  brandName: string | null
  host: SiteHost
}

function handleNamesSite ({ brandName, host }: SiteNames): (url: string) => boolean {
  const names = [brandName === null ? null : nameKey(brandName), host.label].filter((name): name is string => name !== null && name !== '')
  return (url) => new URL(url).pathname.split('/').some((segment) => {
    const handle = (percentDecoded(segment) ?? segment).replace(/^@/, '')
    return nameKey(handle).length >= 4 && names.some((name) => matchesDomainLabel(handle, name))
  })
}
