import type { FetchError, FetchErrorCode } from '@utility-apis/safe-fetch'

/** Why a fetch of a caller's target failed, in the words brand and site both report: one vocabulary for both. */
export type FetchFailureCode =
  | 'blocked' | 'dns' | 'timeout' | 'connect' | 'tls' | 'too_many_redirects' | 'redirect_loop' | 'scheme' | 'credentials'
  | 'bad_url' | 'protocol'

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
  FETCH_ERR_PROTOCOL: 'protocol'
}

export const FETCH_FAILURE_CODES = Object.values(CODES)

/** The reported code of a failed fetch. */
export const fetchFailureCode = (error: FetchError): FetchFailureCode => CODES[error.code]
