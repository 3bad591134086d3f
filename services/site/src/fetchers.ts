import { createSafeFetcher, type FetchPolicy, type SafeFetcher } from '@utility-apis/safe-fetch'

export interface SiteFetchers {
  fetcher: SafeFetcher
  fetchAs: (userAgent: string) => SafeFetcher
  close: () => Promise<void>
}

/** The service's fetcher and one per crawler user agent, made on first use: safe-fetch keeps the user agent per fetcher. */
/**
 * Fetches in flight per host name for one fetcher: an analysis's own requests fit in 3 round trips of the site
 * (homepage and robots.txt; the sitemap beside the probes; the page sample of 5 beside an llms.txt link and the
 * www twin's redirect to the homepage), where a browser's 6 would hold one sampled page back to a fourth.
 */
const PER_HOST_CONCURRENCY = 8

export function siteFetchers (given: FetchPolicy): SiteFetchers {
  const policy = { perHostConcurrency: PER_HOST_CONCURRENCY, ...given }
  const fetcher = createSafeFetcher(policy)
  const crawlerFetchers = new Map<string, SafeFetcher>()
  const fetchAs = (userAgent: string): SafeFetcher => {
    let crawler = crawlerFetchers.get(userAgent)
    if (crawler === undefined) {
      crawler = createSafeFetcher({ ...policy, userAgent })
      crawlerFetchers.set(userAgent, crawler)
    }
    return crawler
  }
  const close = async (): Promise<void> => {
    await Promise.all([fetcher, ...crawlerFetchers.values()].map(async (f) => { await f.close() }))
  }
  return { fetcher, fetchAs, close }
}
