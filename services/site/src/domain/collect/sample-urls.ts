// A sample of a site's URLs for the robots.txt change simulator: the homepage, then URLs from the
// sitemaps (seeded by the domain, as the analysis samples them), then the homepage's own links. Only
// the homepage, robots.txt and the sitemaps are fetched: the URLs themselves are judged, not visited.
import { fetchHomepage } from '@utility-apis/homepage-fetch'
import { MAX_URL_LENGTH } from '../page/page-facts.js'
import { SeededSample } from '../sampler.js'
import { FETCH_TIMEOUT_MS, type Budget, type Fetcher } from './fetch-step.js'
import { observeRobots, type ObservedRobots } from './observe-robots.js'
import { observeSitemaps, type SampleValue } from './observe-sitemaps.js'
import type { Target } from './target.js'

interface SampledUrl { url: string, source: 'homepage' | 'sitemap' | 'homepage-links' }

export interface SiteUrlSample {
  homepageUrl: string
  robots: ObservedRobots
  urls: SampledUrl[]
  /** page entries in the sitemaps read */
  sitemapEntries: number
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
  return { homepageUrl, robots, urls: [{ url: homepageUrl, source: 'homepage' }, ...fromSitemap, ...fromLinks], sitemapEntries: sitemaps.entries }
}
