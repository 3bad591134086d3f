import type { PageMetadata } from '@utility-apis/html-metadata'
import { detectBotChallenge } from '@utility-apis/homepage-fetch'
import { logoColors, mergeNearDuplicates } from './colors.js'
import type { PageExtras } from './page-signals.js'
import { describePage, emptyFacts, type PageFacts, type ProfileError } from './profile.js'
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
 * else every field of the page plus what `loadExtras` adds (the web manifest, /favicon.ico), a starter's placeholders
 * (starter-placeholders.ts) read as absent.
 */
export async function describeResponse (
  response: HomepageResponse,
  hostname: string,
  loadExtras: (meta: PageMetadata) => Promise<PageExtras>
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
  // a starter's placeholder title, description and manifest names say nothing about the site
  const page = withoutStarterPlaceholders(meta)
  const loaded = await loadExtras(page)
  const extras = { ...loaded, manifest: manifestWithoutStarterPlaceholders(loaded.manifest) }
  const facts = describePage(page, extras, hostname, response.url)
  // the chosen logo's colours come after the declared ones, near-duplicates of those dropped
  facts.colors = mergeNearDuplicates([...facts.colors, ...logoColors(facts.logos, extras.images)])
  facts.field_sources.colors = facts.colors[0]?.source ?? null
  return { facts, blocked: false, error: null }
}
