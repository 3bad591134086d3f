// Every outbound request of an analysis goes through here: the SSRF-safe fetcher, a byte cap per kind
// of resource, and the analysis time budget, which shortens each fetch's deadline and skips fetches
// once it is spent. Failures become facts (code and a user-safe message), never exceptions.
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
const FETCH_TIMEOUT_MS = 10_000
/** Below this a fetch cannot usefully start. */
const MIN_USEFUL_MS = 200

const CODES: Partial<Record<string, FetchFailureCode>> = {
  FETCH_ERR_BLOCKED: 'blocked',
  FETCH_ERR_DNS: 'dns',
  FETCH_ERR_TIMEOUT: 'timeout',
  FETCH_ERR_CONNECT: 'connect',
  FETCH_ERR_TLS: 'tls',
  FETCH_ERR_TOO_MANY_REDIRECTS: 'redirects',
  FETCH_ERR_REDIRECT_LOOP: 'redirects',
  FETCH_ERR_PROTOCOL: 'protocol'
}

export class Budget {
  private readonly deadline: number
  exhausted = false
  readonly skipped: string[] = []

  constructor (readonly ms: number) {
    this.deadline = performance.now() + ms
  }

  remaining (): number {
    return Math.max(0, this.deadline - performance.now())
  }
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
}

function failedFacts (url: string, code: FetchFailureCode, message: string, redirects: FetchFacts['redirects'] = []): FetchFacts {
  return { url, finalUrl: null, status: null, error: { code, message }, redirects, contentType: null, bytes: 0, truncated: false, ttfbMs: null }
}

export function factsOf (url: string, r: FetchResult): FetchFacts {
  return {
    url,
    finalUrl: r.finalUrl,
    status: r.status,
    error: null,
    redirects: r.redirects.map((h) => ({ url: h.url, status: h.status, location: h.location })),
    contentType: r.headers['content-type'] ?? null,
    bytes: r.body.length,
    truncated: r.truncated,
    ttfbMs: Math.round(r.timings.ttfbMs)
  }
}

export async function fetchStep (fetcher: Fetcher, budget: Budget, label: string, url: string, options: StepOptions): Promise<Step> {
  const remaining = budget.remaining()
  if (remaining < MIN_USEFUL_MS) {
    budget.exhausted = true
    budget.skipped.push(label)
    return { facts: failedFacts(url, 'budget', 'Skipped: the analysis time budget was spent'), result: null, error: null }
  }
  try {
    const result = await fetcher.fetch(url, {
      maxBytes: options.maxBytes,
      timeoutMs: Math.min(FETCH_TIMEOUT_MS, remaining),
      followRedirects: options.followRedirects ?? true,
      headers: options.accept === undefined ? undefined : { accept: options.accept }
    })
    return { facts: factsOf(url, result), result, error: null }
  } catch (error) {
    if (!(error instanceof FetchError)) return { facts: failedFacts(url, 'other', 'The request failed'), result: null, error: null }
    let code = CODES[error.code] ?? 'other'
    if (code === 'timeout' && budget.remaining() < MIN_USEFUL_MS) {
      code = 'budget'
      budget.exhausted = true
      budget.skipped.push(label)
    }
    const message = code === 'budget' ? 'Stopped: the analysis time budget was spent' : error.message
    return { facts: failedFacts(url, code, message, error.redirects), result: null, error }
  }
}
