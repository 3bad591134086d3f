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

/**
 * Answers that ask to be asked again later: the server wants time (425, 429, 503), a gateway or the request gave up
 * waiting (408, 504, a timeout), or a job's host pause held the request back (`rate_limited`). Narrower than
 * isMomentary*: a 500, a 502, or a failure to resolve, connect or agree on TLS is what a broken page or a retired host
 * gives every time, so site scores them as the site's answer (a finding it must not hide); brand, which only keeps a
 * profile a few minutes for a momentary failure, can afford the wider reading.
 */
const RETRY_LATER_STATUSES = new Set([408, 425, 429, 503, 504])
const RETRY_LATER_FAILURES = new Set<FetchFailureCode>(['timeout', 'rate_limited'])

/** Whether this status asks to be asked again later (a 429, a 503), rather than being what the URL holds. */
export const isRetryLaterStatus = (status: number): boolean => RETRY_LATER_STATUSES.has(status)

/** Whether a failure reported by its code (site's observations keep codes) asks to be tried later: a timeout, a pause. */
export const isRetryLaterFailure = (code: string): boolean => RETRY_LATER_FAILURES.has(code as FetchFailureCode)
