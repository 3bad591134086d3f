import { HostAskedForTimeError, itemProcessor, type ItemProcessor } from '@utility-apis/jobs/mount'
import { FetchError } from '@utility-apis/safe-fetch'
import { analyzeSite, type AnalyzeSiteOptions } from './analyze-site.js'
import type { Fetcher } from './collect/fetch-step.js'
import { parseTarget } from './collect/target.js'

/** Hosts named in an item's error at most: the rest are counted. */
const NAMED_HOSTS = 3

const hostOf = (url: string): string => URL.canParse(url) ? new URL(url).hostname.replace(/^\[(.*)\]$/, '$1') : url

/**
 * The item's fetchers, noting the hosts whose pause (another item's 429 or 503 `Retry-After`, or its own site's,
 * safe-fetch's request gate) refused one of its requests: such a request was never sent, so what the analysis made of
 * it (an og:image that "answers nothing", no llms.txt) says nothing about the site, and the single call would never
 * have met it.
 */
function noticingRefusals (options: AnalyzeSiteOptions): { options: AnalyzeSiteOptions, refused: Set<string> } {
  const refused = new Set<string>()
  const notice = (fetcher: Fetcher): Fetcher => ({
    fetch: async (url, fetchOptions) => {
      try {
        return await fetcher.fetch(url, fetchOptions)
      } catch (error) {
        // the request refused (a redirect's hop, not the URL asked for), as the target names its domain: an IPv6
        // address without its brackets
        if (error instanceof FetchError && error.code === 'FETCH_ERR_RATE_LIMITED') refused.add(hostOf(error.url === '' ? url : error.url))
        throw error
      }
    }
  })
  return {
    options: { ...options, fetcher: notice(options.fetcher), fetchAs: (userAgent) => notice(options.fetchAs(userAgent)) },
    refused
  }
}

/** Whether `host` is the item's own site: its domain, or that domain's `www.` twin (or the bare twin of a `www.` one). */
const ownSite = (domain: string, host: string): boolean => host === domain || host === `www.${domain}` || `www.${host}` === domain

/** The item error's detail: which sites had asked for time, its own first, so a customer sees why it has no analysis. */
function refusedDetail (domain: string, refused: Set<string>): string {
  const own = [...refused].some((host) => ownSite(domain, host))
  const others = [...refused].filter((host) => !ownSite(domain, host))
  const named = others.slice(0, NAMED_HOSTS).join(', ') + (others.length > NAMED_HOSTS ? ` and ${others.length - NAMED_HOSTS} more` : '')
  const sites = others.length === 1 ? `a site it reads (${named})` : `sites it reads (${named})`
  const who = own && others.length > 0 ? `Its own site and ${sites}` : own ? 'Its own site' : sites[0].toUpperCase() + sites.slice(1)
  return `${who} had asked for time (a 429, or a 503 with Retry-After): requests the analysis needed were held back, never ` +
    'sent, so it could not be made as the single call makes it'
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
      const target = parseTarget(input)
      const watched = noticingRefusals(options)
      const analysis = await analyzeSite(target, watched.options)
      if (watched.refused.size > 0) throw new HostAskedForTimeError(refusedDetail(target.domain, watched.refused))
      return analysis
    }
  })
}
