import { createSafeFetcher, type FetchPolicy, type SafeFetcher } from '@utility-apis/safe-fetch'

export interface SiteFetchers {
  fetcher: SafeFetcher
  fetchAs: (userAgent: string) => SafeFetcher
  close: () => Promise<void>
}

/** The service's fetcher and one per crawler user agent, made on first use: safe-fetch keeps the user agent per fetcher. */
/**
 * Fetches in flight per host name for one fetcher, as browsers open 6 connections per host: an analysis's own
 * requests (robots.txt, then the sitemap, then the page sample, beside the probes) fit in 4 round trips of the site.
 */
const PER_HOST_CONCURRENCY = 6

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
