import type { PageMetadata } from '@utility-apis/html-metadata'
import { detectBotChallenge } from '@utility-apis/homepage-fetch'
import { boundedMeta } from './bounded-text.js'
import { emptyFacts, type PageFacts, type ProfileError } from './brand-profile.js'
import { describePage } from './describe-page.js'
import type { PageExtras } from './page-signals.js'
import { pageLocation, siteHost, type PageLocation } from './site-host.js'
import { manifestWithoutStarterPlaceholders, withoutStarterPlaceholders } from './starter-placeholders.js'

/** A homepage response as the profile sees it, however it was obtained. */
export interface HomepageResponse {
  status: number
  headers: Record<string, string>
  /** The decoded HTML, or null when the response is not HTML. */
  html: string | null
  meta: PageMetadata | null
  /** The URL the page was read from, after redirects; the page's base URL when absent. */
  url?: string
}

export interface ResponseFacts {
  facts: PageFacts
  blocked: boolean
  error: ProfileError | null
}

/**
 * What a homepage response says about the brand: nothing from a bot challenge, an error page or a non-HTML body,
 * else every field of the page plus what `loadExtras` adds (fetchExtras), a starter's placeholders
 * (starter-placeholders.ts) read as absent. `hostname` is the domain profiled.
 */
export async function describeResponse (
  response: HomepageResponse,
  hostname: string,
  loadExtras: (meta: PageMetadata, page: PageLocation) => Promise<PageExtras>
): Promise<ResponseFacts> {
  const { status, meta } = response
  const challenge = detectBotChallenge({ status, headers: response.headers, title: meta?.title ?? null, html: response.html ?? '' })
  if (challenge.challenge) {
    const message = `The site answered with a bot challenge (${challenge.provider ?? 'unknown'}), not its homepage`
    return { facts: emptyFacts(), blocked: true, error: { code: 'bot_challenge', message } }
  }
  if (status < 200 || status > 299) {
    return { facts: emptyFacts(), blocked: false, error: { code: 'http_status', message: `The homepage answered HTTP ${status}` } }
  }
  if (meta === null) {
    return { facts: emptyFacts(), blocked: false, error: { code: 'not_html', message: 'The homepage is not an HTML document' } }
  }
  // the domain's and the page's site and label, read once for every rule
  const location = pageLocation(response.url ?? meta.baseUrl)
  const domain = location.host.hostname === hostname ? location.host : siteHost(hostname)
  // a starter's placeholder title, description and manifest names say nothing about the site
  const page = withoutStarterPlaceholders(boundedMeta(meta))
  const loaded = await loadExtras(page, location)
  const extras = { ...loaded, manifest: manifestWithoutStarterPlaceholders(loaded.manifest) }
  return { facts: describePage(page, extras, { domain, page: location }), blocked: false, error: null }
}
