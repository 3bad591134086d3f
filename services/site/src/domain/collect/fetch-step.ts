// Every outbound request of an analysis goes through here: the SSRF-safe fetcher, a byte cap per kind
// of resource, and the analysis time budget, which shortens each fetch's deadline and skips fetches
// once it is spent. Failures become facts (code and a user-safe message), never exceptions.
import { fetchFailureCode, TimeBudget } from '@utility-apis/homepage-fetch'
import { FetchError, type FetchOptions, type FetchResult } from '@utility-apis/safe-fetch'
import type { FetchFacts, FetchFailureCode } from '../observations.js'

export interface Fetcher {
  fetch (url: string, options?: FetchOptions): Promise<FetchResult>
}

export const LIMITS = {
  html: 2 * 1024 * 1024,
  robots: 500 * 1024,
  sitemap: 5 * 1024 * 1024,
  text: 1024 * 1024,
  probe: 64 * 1024
}

/** Per-fetch deadline when the budget leaves more. */
export const FETCH_TIMEOUT_MS = 10_000
/** Below this a fetch cannot usefully start. */
const MIN_USEFUL_MS = 200

/**
 * The analysis time budget, which also records what it had to skip and counts the requests sent. Its signal is the
 * caller's: once it aborts, the fetches under way are stopped and no other is sent.
 */
export class Budget extends TimeBudget {
  exhausted = false
  readonly skipped: string[] = []
  /** requests attempted (a name that does not resolve included), each redirect hop counted */
  requests = 0
}

export interface Step {
  facts: FetchFacts
  result: FetchResult | null
  /** the raw error, for callers that must tell a blocked first hop apart */
  error: FetchError | null
}

export interface StepOptions {
  maxBytes: number
  accept?: string
  followRedirects?: boolean
  /** takes the body as it arrives (safe-fetch's consumeBody) */
  consumeBody?: FetchOptions['consumeBody']
}

function failedFacts (url: string, code: FetchFailureCode, message: string, redirects: FetchFacts['redirects'] = []): FetchFacts {
  return { ...notFetched(url), error: { code, message }, redirects }
}

/** The facts of a fetch that was not made (nothing to fetch, or it did not apply). */
export function notFetched (url: string): FetchFacts {
  return { url, final_url: null, status: null, error: null, redirects: [], content_type: null, bytes: 0, truncated: false, ttfb_ms: null }
}

export function factsOf (url: string, r: FetchResult): FetchFacts {
  return {
    url,
    final_url: r.finalUrl,
    status: r.status,
    error: null,
    redirects: r.redirects.map((h) => ({ url: h.url, status: h.status, location: h.location })),
    content_type: r.headers['content-type'] ?? null,
    bytes: r.bytes,
    truncated: r.truncated,
    ttfb_ms: Math.round(r.timings.ttfbMs)
  }
}

export async function fetchStep (fetcher: Fetcher, budget: Budget, label: string, url: string, options: StepOptions): Promise<Step> {
  const remaining = budget.remaining()
  // a caller gone (the budget's signal) is sent nothing more: what is made of the skip is never shown to anyone
  if (remaining < MIN_USEFUL_MS || budget.aborted) {
    budget.exhausted = true
    budget.skipped.push(label)
    return { facts: failedFacts(url, 'budget', 'Skipped: the analysis time budget was spent'), result: null, error: null }
  }
  try {
    const result = await fetcher.fetch(url, {
      maxBytes: options.maxBytes,
      timeoutMs: Math.min(FETCH_TIMEOUT_MS, remaining),
      signal: budget.signal,
      followRedirects: options.followRedirects ?? true,
      consumeBody: options.consumeBody,
      headers: options.accept === undefined ? undefined : { accept: options.accept }
    })
    budget.requests += 1 + result.redirects.length
    return { facts: factsOf(url, result), result, error: null }
  } catch (error) {
    budget.requests += 1 + (error instanceof FetchError ? error.redirects.length : 0)
    return failedStep(budget, label, url, error)
  }
}

/** A failed fetch as a step: its code and user-safe message; a timeout at the end of the budget is the budget's. */
export function failedStep (budget: Budget, label: string, url: string, error: unknown): Step {
  if (!(error instanceof FetchError)) return { facts: failedFacts(url, 'other', 'The request failed'), result: null, error: null }
  let code: FetchFailureCode = fetchFailureCode(error)
  if (code === 'timeout' && budget.remaining() < MIN_USEFUL_MS) {
    code = 'budget'
    budget.exhausted = true
    budget.skipped.push(label)
  }
  const message = code === 'budget' ? 'Stopped: the analysis time budget was spent' : error.message
  return { facts: failedFacts(url, code, message, error.redirects), result: null, error }
}
