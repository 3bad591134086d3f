// The homepage of a domain, fetched the one way brand and site share: the candidates in order (https,
// then http for a bare domain) under one time budget, a same-site meta refresh followed like a
// redirect, and the HTML decoded and read once.
import { decodeHtml, extractMetadata, type PageMetadata } from '@utility-apis/html-metadata'
import { FetchError, type FetchErrorCode, type FetchResult, type SafeFetcher } from '@utility-apis/safe-fetch'
import { getDomain } from 'tldts'
import { TargetNotAllowedError } from './target-not-allowed.js'
import type { TimeBudget } from './time-budget.js'

export const HTML_MAX_BYTES = 2 * 1024 * 1024
const MAX_REFRESH_HOPS = 2
const MAX_REFRESH_DELAY_SECONDS = 5

export type Fetcher = Pick<SafeFetcher, 'fetch'>

/** One hop on the way to the homepage: an HTTP redirect or a `<meta http-equiv=refresh>`. */
export interface RedirectStep {
  url: string
  status: number
  location: string
  kind: 'http' | 'meta-refresh'
}

/** A homepage as fetched: the last response, its parsed metadata when it is HTML, and every hop on the way. */
export interface FetchedHomepage {
  response: FetchResult
  html: string | null
  meta: PageMetadata | null
  redirects: RedirectStep[]
}

export interface HomepageOptions {
  /** Follow a same-site meta refresh of at most 5 s (interstitial "Redirecting..." pages). Default true. */
  followMetaRefresh?: boolean
  /** The longest any one fetch may take, under what the budget leaves. */
  fetchTimeoutMs?: number
  /** Request headers (Accept, ...); the user agent stays the fetcher's. */
  headers?: Record<string, string>
}

/** The candidate that answered, or the error of the last one tried. */
export type HomepageOutcome =
  | { url: string, page: FetchedHomepage, error: null }
  | { url: string, page: null, error: FetchError }

// https failing for a reason of its own (certificate, TLS, a port closed or silent) is worth an http
// try; a name that does not resolve or a site that refused the request will not do better over http
const HTTP_FALLBACK: Set<FetchErrorCode> = new Set(['FETCH_ERR_CONNECT', 'FETCH_ERR_TLS', 'FETCH_ERR_PROTOCOL', 'FETCH_ERR_TIMEOUT'])

/** Whether a failed candidate leaves room to try the next one. */
export function worthNextCandidate (error: FetchError, budget: TimeBudget): boolean {
  return HTTP_FALLBACK.has(error.code) && budget.remaining() > 0
}

function isHtml (contentType: string | undefined): boolean {
  if (contentType === undefined || contentType.trim() === '') return true
  return /\b(text\/html|application\/xhtml\+xml|text\/plain)\b/i.test(contentType)
}

/** Same registrable domain (same host for IP addresses and single-label names). */
export function sameSite (a: string, b: string): boolean {
  const ha = new URL(a).hostname
  const hb = new URL(b).hostname
  if (ha === hb) return true
  const da = getDomain(ha, { allowPrivateDomains: true })
  return da !== null && da === getDomain(hb, { allowPrivateDomains: true })
}

/** Decodes (BOM, HTTP charset, meta prescan) and extracts an HTML body; nulls for anything that is not HTML. */
export function parseHomepage (body: Buffer, contentType: string | undefined, url: string): Pick<FetchedHomepage, 'html' | 'meta'> {
  if (!isHtml(contentType)) return { html: null, meta: null }
  const { html } = decodeHtml(body, contentType ?? null)
  return { html, meta: extractMetadata(html, url) }
}

function parse (response: FetchResult): Pick<FetchedHomepage, 'html' | 'meta'> {
  return parseHomepage(response.body, response.headers['content-type'], response.finalUrl)
}

async function get (fetcher: Fetcher, url: string, budget: TimeBudget, options: HomepageOptions): Promise<FetchResult> {
  return await fetcher.fetch(url, {
    maxBytes: HTML_MAX_BYTES,
    timeoutMs: budget.fetchTimeout(options.fetchTimeoutMs),
    signal: budget.signal,
    headers: options.headers
  })
}

/**
 * Fetches one homepage URL and follows a same-site `<meta http-equiv=refresh>` with a delay of at most
 * 5 s. HTTP redirects are followed, and re-checked, by the fetcher.
 */
export async function fetchHomepageAt (fetcher: Fetcher, url: string, budget: TimeBudget, options: HomepageOptions = {}): Promise<FetchedHomepage> {
  let response = await get(fetcher, url, budget, options)
  const redirects: RedirectStep[] = response.redirects.map((hop) => ({ ...hop, kind: 'http' as const }))
  let page = parse(response)
  for (let hop = 0; options.followMetaRefresh !== false && hop < MAX_REFRESH_HOPS; hop++) {
    const refresh = page.meta?.metaRefresh
    const ok = response.status >= 200 && response.status < 300
    if (!ok || refresh == null || refresh.delaySeconds > MAX_REFRESH_DELAY_SECONDS) break
    if (refresh.url === response.finalUrl || !sameSite(refresh.url, response.finalUrl)) break
    let next: FetchResult
    try {
      next = await get(fetcher, refresh.url, budget, options)
    } catch (error) {
      // a refresh target that fails leaves the page that asked for it as the homepage
      if (budget.aborted) throw error
      break
    }
    redirects.push({ url: response.finalUrl, status: response.status, location: refresh.url, kind: 'meta-refresh' })
    redirects.push(...next.redirects.map((step) => ({ ...step, kind: 'http' as const })))
    response = next
    page = parse(response)
  }
  return { response, ...page, redirects }
}

/**
 * The homepage of the first candidate that answers (any HTTP status is an answer). A target that is,
 * or redirects to, an address the services must not reach throws TargetNotAllowedError; a caller's
 * abort throws its reason; any other failure is the outcome's `error`.
 */
export async function fetchHomepage (fetcher: Fetcher, candidates: string[], budget: TimeBudget, options: HomepageOptions = {}): Promise<HomepageOutcome> {
  let outcome: HomepageOutcome | null = null
  for (const [index, url] of candidates.entries()) {
    try {
      return { url, page: await fetchHomepageAt(fetcher, url, budget, options), error: null }
    } catch (error) {
      if (budget.aborted) throw budget.signal?.reason ?? error
      if (!(error instanceof FetchError)) throw error
      const notAllowed = TargetNotAllowedError.from(error)
      if (notAllowed !== null) throw notAllowed
      outcome = { url, page: null, error }
      if (index === candidates.length - 1 || !worthNextCandidate(error, budget)) break
    }
  }
  if (outcome === null) throw new Error('fetchHomepage needs at least one candidate')
  return outcome
}
