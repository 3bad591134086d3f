import { FetchError, type FetchErrorCode } from '@utility-apis/safe-fetch'

/** Why a fetch of a caller's target failed, in the words brand and site both report: one vocabulary for both. */
export type FetchFailureCode =
  | 'blocked' | 'dns' | 'timeout' | 'connect' | 'tls' | 'too_many_redirects' | 'redirect_loop' | 'scheme' | 'credentials'
  | 'bad_url' | 'protocol' | 'rate_limited'

const CODES: Record<FetchErrorCode, FetchFailureCode> = {
  FETCH_ERR_BLOCKED: 'blocked',
  FETCH_ERR_DNS: 'dns',
  FETCH_ERR_TIMEOUT: 'timeout',
  FETCH_ERR_CONNECT: 'connect',
  FETCH_ERR_TLS: 'tls',
  FETCH_ERR_TOO_MANY_REDIRECTS: 'too_many_redirects',
  FETCH_ERR_REDIRECT_LOOP: 'redirect_loop',
  FETCH_ERR_SCHEME: 'scheme',
  FETCH_ERR_CREDENTIALS: 'credentials',
  FETCH_ERR_BAD_URL: 'bad_url',
  FETCH_ERR_PROTOCOL: 'protocol',
  FETCH_ERR_RATE_LIMITED: 'rate_limited'
}

export const FETCH_FAILURE_CODES = Object.values(CODES)

/** The reported code of a failed fetch. */
export const fetchFailureCode = (error: FetchError): FetchFailureCode => CODES[error.code]

/** Statuses that may be different a moment later (a timeout, a rate limit, a server error); any other is the site's answer. */
const MOMENTARY_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504])

/** Fetch failures a retry would meet again: the URL, or where it leads, not the moment. */
const SETTLED_CODES = new Set<FetchErrorCode>([
  'FETCH_ERR_BLOCKED', 'FETCH_ERR_SCHEME', 'FETCH_ERR_CREDENTIALS', 'FETCH_ERR_BAD_URL', 'FETCH_ERR_TOO_MANY_REDIRECTS', 'FETCH_ERR_REDIRECT_LOOP'
])

/** Whether a file answered with this status may be read on a retry (a 503, a 429), rather than being the site's answer. */
export const isMomentaryStatus = (status: number): boolean => MOMENTARY_STATUSES.has(status)

/**
 * Whether a fetch that threw may succeed on a retry: a timeout, a reset, a DNS or TLS failure may pass, a refused address
 * or URL will not (nor will anything else a FetchError names for the URL itself).
 */
export const isMomentaryError = (error: unknown): boolean => !(error instanceof FetchError && SETTLED_CODES.has(error.code))

const SETTLED_FAILURES = new Set([...SETTLED_CODES].map((code) => CODES[code]))

/**
 * isMomentaryError for a failure already reported by its code, as site's observations keep it: any code but those of
 * the URL itself (a code outside the vocabulary, a failure that was no FetchError, counts as momentary, as there).
 */
export const isMomentaryFailure = (code: string): boolean => !SETTLED_FAILURES.has(code as FetchFailureCode)
