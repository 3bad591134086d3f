import { maxHeaderSize } from 'node:http'

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
  /** The gate refused the request: its host asked for time (a 429) that has not passed. Nothing was sent. */
  | 'FETCH_ERR_RATE_LIMITED'

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

/**
 * An abort signal's reason as an Error, for net and undici carry an aborted lookup or connection on as the socket's
 * error. A caller who aborts with something else still gets exactly that back: the fetcher rethrows its own reason.
 */
export function abortError (signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('This operation was aborted', 'AbortError')
}

const TIMEOUT_MESSAGES: Record<string, string> = {
  UND_ERR_CONNECT_TIMEOUT: 'Timed out connecting to the server',
  UND_ERR_HEADERS_TIMEOUT: 'Timed out waiting for the response headers',
  UND_ERR_BODY_TIMEOUT: 'Timed out waiting for the response body'
}

// No connection was made.
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'ETIMEDOUT', 'EADDRNOTAVAIL'
])
// A connection was made and then lost: undici reports a peer that closes or resets as UND_ERR_SOCKET.
const CLOSED_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_DESTROYED'])

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME', 'ENODATA'])

// undici's HTTPParserError often has no code, so it is recognised by its name (undici's own instanceof test).
const PARSER_ERROR = /^HPE_/
// undici's limit on the response head is node:http's, which --max-http-header-size changes.
const HEADERS_OVERFLOW = 'UND_ERR_HEADERS_OVERFLOW'
const PROTOCOL_MESSAGES: Record<string, string> = {
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'The response body is shorter than its Content-Length',
  UND_ERR_INFO: 'The server sent an invalid HTTP response',
  UND_ERR_NOT_SUPPORTED: 'The server sent an invalid HTTP response',
  ERR_INVALID_HTTP_RESPONSE: 'The server sent an invalid HTTP response'
}
// zlib (Z_*) and brotli (ERR__ERROR_*, after BROTLI_DECODER_ERROR_FORMAT_*).
const DECODING_ERROR = /^(Z_|ERR__ERROR_)/

// OpenSSL certificate verification codes surface without an ERR_ prefix.
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|SELF_SIGNED_|DEPTH_ZERO_|HOSTNAME_MISMATCH|EPROTO$)/

function codeOf (error: unknown): string {
  if (typeof error !== 'object' || error === null) return ''
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : ''
}

/** The protocol failure message for `error`, or null when it is not a malformed or oversized response. */
function protocolMessage (error: unknown, code: string): string | null {
  if (PARSER_ERROR.test(code) || (error instanceof Error && error.name === 'HTTPParserError')) {
    return 'The server sent a response that is not valid HTTP/1.1'
  }
  if (code === HEADERS_OVERFLOW) return `The response headers are larger than ${maxHeaderSize / 1024} KiB`
  if (DECODING_ERROR.test(code)) return 'The response body does not match its Content-Encoding'
  return PROTOCOL_MESSAGES[code] ?? null
}

/**
 * A connection lost while the body streams means the response was cut short (a body shorter than its
 * Content-Length, an unfinished chunked body): the server's fault, not a failure to connect. Other errors pass.
 */
export function cutShortBody (error: unknown): unknown {
  if (!CLOSED_CODES.has(codeOf(error))) return error
  return new FetchError('FETCH_ERR_PROTOCOL', 'The connection closed before the whole response body arrived', { cause: error })
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
  if (UNREACHABLE_CODES.has(code)) return new FetchError('FETCH_ERR_CONNECT', 'Could not connect to the server', details)
  if (CLOSED_CODES.has(code)) {
    return new FetchError('FETCH_ERR_CONNECT', 'The connection closed before the response arrived', details)
  }
  const protocol = protocolMessage(error, code)
  if (protocol !== null) return new FetchError('FETCH_ERR_PROTOCOL', protocol, details)
  return new FetchError('FETCH_ERR_CONNECT', 'The request failed', details)
}
