// A sample of a site's URLs for the robots.txt change simulator: the homepage, then URLs from the
// sitemaps (seeded by the domain, as the analysis samples them), then the homepage's own links. Only
// the homepage, robots.txt and the sitemaps are fetched: the URLs themselves are judged, not visited.
import { fetchHomepage, isMomentaryStatus, type HomepageOutcome } from '@utility-apis/homepage-fetch'
import type { FetchFacts, SitemapFacts } from '../observations.js'
import { MAX_URL_LENGTH } from '../page/page-facts.js'
import { SeededSample } from '../sampler.js'
import { FETCH_TIMEOUT_MS, type Budget, type Fetcher } from './fetch-step.js'
import { observeRobots, type ObservedRobots } from './observe-robots.js'
import { observeSitemaps, type SampleValue } from './observe-sitemaps.js'
import type { Target } from './target.js'

interface SampledUrl { url: string, source: 'homepage' | 'sitemap' | 'homepage-links' }

/** A source of URLs that was not read whole, so the sample may miss URLs it holds. */
interface UnreadSource { url: string, reason: string }

export interface SiteUrlSample {
  homepageUrl: string
  robots: ObservedRobots
  urls: SampledUrl[]
  /** page entries in the sitemaps read */
  sitemapEntries: number
  /** the homepage or sitemaps that gave no answer, failed for a moment or were cut short */
  unread: UnreadSource[]
}

/**
 * Why a fetch of a URL source was not read whole, or null when it was, or when its answer is the site's own (a 404
 * sitemap holds no URLs to miss). No answer, a failure of a moment (5xx, 429, 408) and a body cut short can hide URLs.
 */
function unreadReason (fetch: Pick<FetchFacts, 'status' | 'error' | 'truncated'>): string | null {
  if (fetch.error !== null) return fetch.error.message
  if (fetch.status !== null && isMomentaryStatus(fetch.status)) return `HTTP ${fetch.status}`
  return fetch.truncated ? 'cut short: at the size limit, or the body ended early' : null
}

/** The sources the sample could not read whole: the homepage (its links) and each sitemap file. */
function unreadSources (homepage: HomepageOutcome, sitemaps: SitemapFacts): UnreadSource[] {
  const response = homepage.page?.response
  const home = homepage.error !== null
    ? homepage.error.message
    : unreadReason({ status: response?.status ?? null, error: null, truncated: response?.truncated === true })
  const files = sitemaps.files.flatMap((file) => {
    const reason = unreadReason(file.fetch)
    return reason === null ? [] : [{ url: file.url, reason }]
  })
  return [...(home === null ? [] : [{ url: homepage.url, reason: home }]), ...files]
}

const sampleable = (url: URL): boolean => url.href.length <= MAX_URL_LENGTH

/** Up to `limit` same-host URLs of the site; throws TargetNotAllowedError for a target that is not public. */
export async function sampleSiteUrls (target: Target, fetcher: Fetcher, budget: Budget, limit: number, now: Date): Promise<SiteUrlSample> {
  const outcome = await fetchHomepage(fetcher, target.candidates, budget, { followMetaRefresh: false, fetchTimeoutMs: FETCH_TIMEOUT_MS })
  const homepageUrl = outcome.page?.response.finalUrl ?? outcome.url
  const { origin, host } = new URL(homepageUrl)
  const robots = await observeRobots(fetcher, budget, origin, homepageUrl)
  const exclude = new Set([homepageUrl])
  const sample = new SeededSample<SampleValue>(target.domain, limit - 1)
  const sitemaps = await observeSitemaps({ fetcher, budget, origin, host, exclude, sample, now, candidate: sampleable }, robots.facts.sitemaps)
  const fromSitemap = sample.result().map(({ url }): SampledUrl => ({ url, source: 'sitemap' }))
  const taken = new Set([homepageUrl, ...fromSitemap.map((u) => u.url)])
  const links = new SeededSample<SampleValue>(target.domain, limit - 1 - fromSitemap.length)
  for (const link of outcome.page?.meta?.links ?? []) {
    if (!link.internal || link.href === null) continue
    const url = new URL(link.href)
    url.hash = ''
    if (url.host === host && sampleable(url) && !taken.has(url.href)) links.offer(url.href, { source: 'homepage-links', lastmod: null })
  }
  const fromLinks = links.result().map(({ url }): SampledUrl => ({ url, source: 'homepage-links' }))
  return {
    homepageUrl,
    robots,
    urls: [{ url: homepageUrl, source: 'homepage' }, ...fromSitemap, ...fromLinks],
    sitemapEntries: sitemaps.entries,
    unread: unreadSources(outcome, sitemaps)
  }
}
