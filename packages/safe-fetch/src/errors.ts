export type FetchErrorCode =
  | 'FETCH_ERR_BLOCKED'
  | 'FETCH_ERR_DNS'
  | 'FETCH_ERR_TIMEOUT'
  | 'FETCH_ERR_CONNECT'
  | 'FETCH_ERR_TLS'
  | 'FETCH_ERR_TOO_MANY_REDIRECTS'
  | 'FETCH_ERR_REDIRECT_LOOP'
  | 'FETCH_ERR_SCHEME'
  | 'FETCH_ERR_CREDENTIALS'
  | 'FETCH_ERR_BAD_URL'
  | 'FETCH_ERR_PROTOCOL'

export interface RedirectHop { url: string, status: number, location: string }

export interface FetchErrorDetails {
  url?: string
  redirects?: RedirectHop[]
  /** The address that was refused or failed; for logs only, never for a message shown to users. */
  address?: string | null
  cause?: unknown
}

/** A failed fetch. `message` is safe to show users: it never contains a resolved or remote address. */
export class FetchError extends Error {
  readonly code: FetchErrorCode
  url: string
  redirects: RedirectHop[]
  /** The address involved (the denied one for FETCH_ERR_BLOCKED), kept out of `message` on purpose. */
  address: string | null

  constructor (code: FetchErrorCode, message: string, details: FetchErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.name = 'FetchError'
    this.code = code
    this.url = details.url ?? ''
    this.redirects = details.redirects ?? []
    this.address = details.address ?? null
  }
}

const TIMEOUT_MESSAGES: Record<string, string> = {
  UND_ERR_CONNECT_TIMEOUT: 'Timed out connecting to the server',
  UND_ERR_HEADERS_TIMEOUT: 'Timed out waiting for the response headers',
  UND_ERR_BODY_TIMEOUT: 'Timed out waiting for the response body'
}

const CONNECT_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EPIPE', 'ETIMEDOUT',
  'EADDRNOTAVAIL', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_DESTROYED'
])

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME', 'ENODATA'])

const PROTOCOL_CODES = new Set([
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH', 'UND_ERR_INFO', 'UND_ERR_NOT_SUPPORTED', 'ERR_INVALID_HTTP_RESPONSE'
])
// llhttp parse errors (HPE_*), zlib (Z_*) and brotli (ERR__ERROR_FORMAT_*, after BROTLI_DECODER_ERROR_FORMAT_*).
const PROTOCOL_PREFIX = /^(HPE_|Z_|ERR__ERROR_)/

// OpenSSL certificate verification codes surface without an ERR_ prefix.
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|SELF_SIGNED_|DEPTH_ZERO_|HOSTNAME_MISMATCH|EPROTO$)/

function codeOf (error: unknown): string {
  if (typeof error !== 'object' || error === null) return ''
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : ''
}

/**
 * Maps whatever undici, node:net, node:tls, node:zlib or an abort produced into a FetchError with a message of our
 * own: their messages often name the remote address (`connect ECONNREFUSED 10.0.0.1:80`), so they stay in `cause`.
 */
export function toFetchError (error: unknown, context: { url: string, redirects: RedirectHop[] }): FetchError {
  if (error instanceof FetchError) {
    error.url = error.url === '' ? context.url : error.url
    error.redirects = context.redirects
    return error
  }
  const details = { ...context, cause: error }
  const code = codeOf(error)
  const name = error instanceof Error ? error.name : ''
  if (code in TIMEOUT_MESSAGES) return new FetchError('FETCH_ERR_TIMEOUT', TIMEOUT_MESSAGES[code], details)
  if (name === 'TimeoutError') return new FetchError('FETCH_ERR_TIMEOUT', 'The fetch took longer than its deadline', details)
  if (DNS_CODES.has(code)) return new FetchError('FETCH_ERR_DNS', 'The host name could not be resolved', details)
  if (TLS_CODE.test(code)) return new FetchError('FETCH_ERR_TLS', `TLS connection failed (${code})`, details)
  if (CONNECT_CODES.has(code)) return new FetchError('FETCH_ERR_CONNECT', 'Could not connect to the server', details)
  if (PROTOCOL_CODES.has(code) || PROTOCOL_PREFIX.test(code)) {
    return new FetchError('FETCH_ERR_PROTOCOL', 'The server sent an invalid HTTP response', details)
  }
  return new FetchError('FETCH_ERR_CONNECT', 'The request failed', details)
}
