import { createSafeFetcher, type FetchPolicy, type SafeFetcher } from '@utility-apis/safe-fetch'

export interface SiteFetchers {
  fetcher: SafeFetcher
  fetchAs: (userAgent: string) => SafeFetcher
  close: () => Promise<void>
}

/** The service's fetcher and one per crawler user agent, made on first use: safe-fetch keeps the user agent per fetcher. */
export function siteFetchers (policy: FetchPolicy): SiteFetchers {
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
