import { decodeHtml, extractMetadata, type PageMetadata } from '@utility-apis/html-metadata'
import type { FetchResult, SafeFetcher } from '@utility-apis/safe-fetch'
import { getDomain } from 'tldts'
import type { RedirectStep } from './profile.js'

export const HTML_MAX_BYTES = 2 * 1024 * 1024
const MAX_REFRESH_HOPS = 2
const MAX_REFRESH_DELAY_SECONDS = 5

/** A homepage as fetched: the last response, its parsed metadata when it is HTML, and every hop on the way. */
export interface FetchedHomepage {
  response: FetchResult
  html: string | null
  meta: PageMetadata | null
  redirects: RedirectStep[]
}

export type Fetcher = Pick<SafeFetcher, 'fetch' | 'resolve'>

export interface Budget {
  /** Epoch milliseconds by which everything must be done. */
  deadline: number
  signal?: AbortSignal
}

export function remaining (budget: Budget): number {
  return Math.max(1, budget.deadline - Date.now())
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

async function get (fetcher: Fetcher, url: string, budget: Budget): Promise<FetchResult> {
  return await fetcher.fetch(url, { maxBytes: HTML_MAX_BYTES, timeoutMs: remaining(budget), signal: budget.signal })
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

/**
 * Fetches a homepage and follows a same-site `<meta http-equiv=refresh>` with a delay of at most 5 s
 * (interstitial "Redirecting..." pages). HTTP redirects are followed, and re-checked, by the fetcher.
 */
export async function fetchHomepage (fetcher: Fetcher, url: string, budget: Budget): Promise<FetchedHomepage> {
  let response = await get(fetcher, url, budget)
  const redirects: RedirectStep[] = response.redirects.map((hop) => ({ ...hop, kind: 'http' as const }))
  let page = parse(response)
  for (let hop = 0; hop < MAX_REFRESH_HOPS; hop++) {
    const refresh = page.meta?.metaRefresh
    const ok = response.status >= 200 && response.status < 300
    if (!ok || refresh == null || refresh.delaySeconds > MAX_REFRESH_DELAY_SECONDS) break
    if (refresh.url === response.finalUrl || !sameSite(refresh.url, response.finalUrl)) break
    let next: FetchResult
    try {
      next = await get(fetcher, refresh.url, budget)
    } catch (error) {
      // a refresh target that fails leaves the page that asked for it as the homepage
      if (budget.signal?.aborted === true) throw error
      break
    }
    redirects.push({ url: response.finalUrl, status: response.status, location: refresh.url, kind: 'meta-refresh' })
    redirects.push(...next.redirects.map((step) => ({ ...step, kind: 'http' as const })))
    response = next
    page = parse(response)
  }
  return { response, ...page, redirects }
}
