import { HostAskedForTimeError, itemProcessor, type ItemProcessor } from '@utility-apis/jobs/mount'
import { FetchError } from '@utility-apis/safe-fetch'
import { analyzeSite, type AnalyzeSiteOptions } from './analyze-site.js'
import type { Fetcher } from './collect/fetch-step.js'
import { parseTarget } from './collect/target.js'

/**
 * The item's fetchers, noting whether a host's pause (another item's 429 or 503 `Retry-After`, safe-fetch's request
 * gate) refused one of its requests: such a request was never sent, so what the analysis made of it (an og:image that
 * "answers nothing", no llms.txt) says nothing about the site, and the single call would never have met it.
 */
function noticingRefusals (options: AnalyzeSiteOptions): { options: AnalyzeSiteOptions, refused: () => boolean } {
  let refused = false
  const notice = (fetcher: Fetcher): Fetcher => ({
    fetch: async (url, fetchOptions) => {
      try {
        return await fetcher.fetch(url, fetchOptions)
      } catch (error) {
        refused ||= error instanceof FetchError && error.code === 'FETCH_ERR_RATE_LIMITED'
        throw error
      }
    }
  })
  return {
    options: { ...options, fetcher: notice(options.fetcher), fetchAs: (userAgent) => notice(options.fetchAs(userAgent)) },
    refused: () => refused
  }
}

/**
 * One URL of a job, analysed exactly as `POST /v1/site-intel/analyze` with its defaults answers in JSON (its 400
 * becomes an item error). An analysis any of whose requests a host's pause refused (its homepage, a redirect to a
 * paused site, its og:image or an llms.txt link on a paused CDN, a crawler's fetch) is worked again once that pause is
 * over, so the item answers what the single call answers; still refused on its last try, it is the `rate_limited`
 * item error, refunded, never a score that counts the unsent requests as the site's failures.
 */
export function analysisItems (options: AnalyzeSiteOptions): ItemProcessor {
  return itemProcessor({
    hostOf: (input) => parseTarget(input).domain,
    run: async (input) => {
      const watched = noticingRefusals(options)
      const analysis = await analyzeSite(parseTarget(input), watched.options)
      if (watched.refused()) throw new HostAskedForTimeError()
      return analysis
    }
  })
}
