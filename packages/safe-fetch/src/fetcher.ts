import { validateHeaderName, validateHeaderValue, type IncomingHttpHeaders } from 'node:http'
import { Agent, type Dispatcher } from 'undici'
import { ACCEPT_ENCODING, cancelBody, readBody, type BodyConsumer } from './body.js'
import { FetchError, toFetchError, type RedirectHop } from './errors.js'
import { createGuardedConnector, DispatchScope } from './guard.js'
import { HostLimiter } from './host-limiter.js'
import { resolvePolicy, type FetchPolicy, type ResolvedPolicy } from './policy.js'
import { RemoteRecord, rememberSocket, trackRemoteAddress } from './remote-address.js'
import { currentRequestGate, type RequestGate } from './request-gate.js'
import { resolvePermitted } from './resolve.js'
import { checkUrl } from './url-policy.js'

export interface FetchOptions {
  /** POST carries `body` and is never redirected (a redirect answer is returned as it is). */
  method?: 'GET' | 'HEAD' | 'POST'
  headers?: Record<string, string>
  /** The request body of a POST. */
  body?: string | Buffer
  /** Decoded bytes kept; the rest is cut off and `truncated` set. Default 2 MiB. */
  maxBytes?: number
  /** Deadline of the whole fetch, redirects and body (its decoding too) included. Default 15000. */
  timeoutMs?: number
  signal?: AbortSignal
  followRedirects?: boolean
  /**
   * Takes the final response's body as it arrives instead of `body` (then empty), so that a large file need not be
   * held: called with the response's head, it returns the consumer of the decoded chunks, or undefined to keep the
   * body as usual. The byte cap and `truncated` hold either way.
   */
  consumeBody?: (head: { status: number, headers: Record<string, string> }) => BodyConsumer | undefined
  /** A per-host limit beyond this process that each request (each redirect hop) passes; default: `withRequestGate`'s. */
  gate?: RequestGate
}

export interface FetchResult {
  /** The requested URL, parsed (fragment dropped). */
  requestedUrl: string
  finalUrl: string
  status: number
  /** Lowercase names; repeated headers joined with ', '. */
  headers: Record<string, string>
  body: Buffer
  /**
   * The body is not the whole file: cut at `maxBytes` (or a compressed layer at its cap), or its coding ended before
   * it did (a compressed stream cut short); what was decoded is kept either way.
   */
  truncated: boolean
  /** Decoded body bytes read (at most maxBytes), also when consumeBody took them. */
  bytes: number
  redirects: RedirectHop[]
  /** The checked address the final response came from; for logs and diagnostics, not for users. */
  remoteAddress: string | null
  timings: { ttfbMs: number, totalMs: number }
}

export interface SafeFetcher {
  fetch (url: string, options?: FetchOptions): Promise<FetchResult>
  /**
   * The addresses of `hostname` when every one is permitted, on the scheme's default port unless `defaultPort` is
   * false (then only allow-listed ones are); FetchError FETCH_ERR_BLOCKED or FETCH_ERR_DNS.
   */
  resolve (hostname: string, defaultPort?: boolean): Promise<string[]>
  close (): Promise<void>
}

const DEFAULT_MAX_BYTES = 2 * 1024 * 1024
const DEFAULT_TIMEOUT_MS = 15_000
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
const REDIRECT_BODY_DRAIN = 64 * 1024
const ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
// Framing, encoding and identity stay ours: decoded-byte counting depends on Accept-Encoding, and the
// User-Agent is the honest one of the policy.
const RESERVED_HEADERS = new Set([
  'host', 'connection', 'content-length', 'transfer-encoding', 'accept-encoding', 'keep-alive', 'upgrade', 'te',
  'trailer', 'expect', 'proxy-authorization', 'proxy-connection', 'user-agent'
])
// Credentials meant for one origin must not follow a redirect to another (fetch spec, HTTP-redirect fetch step 13).
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie']

/**
 * The request's headers: the caller's, checked to be valid HTTP, then ours. A name or value that is not (a line break,
 * a character past U+00FF) is refused before anything is sent: undici refuses it only while handing the request to a
 * connection, which it then keeps as busy for good, so four such requests left every later one to that origin waiting,
 * past its deadline and its abort.
 */
function requestHeaders (extra: Record<string, string> = {}, userAgent: string, url: string): Record<string, string> {
  const headers: Record<string, string> = { accept: ACCEPT }
  for (const [name, value] of Object.entries(extra)) {
    try {
      validateHeaderName(name)
      validateHeaderValue(name, value)
    } catch (error) {
      throw new FetchError('FETCH_ERR_PROTOCOL', 'A request header is not valid HTTP (a line break, or a character past U+00FF): nothing was sent',
        { url, cause: error })
    }
    if (!RESERVED_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = value
  }
  return { ...headers, 'user-agent': userAgent, 'accept-encoding': ACCEPT_ENCODING }
}

function flatHeaders (headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return flat
}

interface Exchange { url: URL, response: Dispatcher.ResponseData<RemoteRecord>, release: () => void }

/**
 * What one fetch of a fetcher shares: its policy, its dispatcher, its in-process per-host limiter, and the scope
 * through which a request's signal reaches the lookup of the connection its dispatch starts.
 */
interface FetcherParts {
  resolved: ResolvedPolicy
  dispatcher: Dispatcher
  limiter: HostLimiter
  scope: DispatchScope
}

/** One request with its per-host places taken: this process's, then the gate's (a job's, across processes). */
async function send (parts: FetcherParts, url: URL, request: { method: 'GET' | 'HEAD' | 'POST', headers: Record<string, string>, body?: string | Buffer },
  signal: AbortSignal, gate: RequestGate | undefined): Promise<Exchange> {
  const local = await parts.limiter.acquire(url.hostname, signal)
  let shared: (() => void) | null = null
  const release = (): void => { shared?.(); shared = null; local() }
  try {
    if (gate !== undefined) shared = await gate.acquire(url.hostname, signal)
    // undici ends a request aborted while its connection is pending only when the attempt ends: the scope lets the
    // deadline or abort end the attempt itself, lookup included (DispatchScope)
    const response = await parts.scope.run(signal, async () => await parts.dispatcher.request({
      origin: url.origin, path: `${url.pathname}${url.search}`, ...request, signal, opaque: new RemoteRecord()
    }))
    const retryAfter = response.headers['retry-after']
    gate?.answered?.(url.hostname, response.statusCode, Array.isArray(retryAfter) ? retryAfter[0] : retryAfter)
    return { url, response, release }
  } catch (error) {
    release()
    throw error
  }
}

/** The next URL of a redirect response, or null when the response is final. Consumes the redirect's body. */
async function nextHop (resolved: ResolvedPolicy, exchange: Exchange, redirects: RedirectHop[], visited: Set<string>): Promise<URL | null> {
  const { url, response } = exchange
  const location = response.headers.location
  if (!REDIRECT_STATUSES.has(response.statusCode) || typeof location !== 'string') return null
  // a redirect's body is never read: one that fails to drain only costs its connection
  await response.body.dump({ limit: REDIRECT_BODY_DRAIN }).catch(() => {})
  exchange.release()
  let target: URL
  try {
    target = new URL(location, url)
  } catch {
    throw new FetchError('FETCH_ERR_BAD_URL', 'The server redirected to an invalid URL', { url: url.href })
  }
  target.hash = ''
  redirects.push({ url: url.href, status: response.statusCode, location: target.href })
  if (redirects.length > resolved.maxRedirects) {
    throw new FetchError('FETCH_ERR_TOO_MANY_REDIRECTS', `More than ${resolved.maxRedirects} redirects`)
  }
  const next = checkUrl(target.href, resolved)
  if (visited.has(next.href)) throw new FetchError('FETCH_ERR_REDIRECT_LOOP', 'The redirects form a loop')
  visited.add(next.href)
  return next
}

interface Trail { requestedUrl: string, redirects: RedirectHop[], started: number }

/**
 * The final response as a FetchResult, its body read (or handed to `consumeBody`) under the fetch's `signal`: the last
 * wire byte can come long before the body is decoded, and the deadline covers the decoding as well.
 */
async function finish ({ url, response }: Exchange, options: FetchOptions, trail: Trail, signal: AbortSignal): Promise<FetchResult> {
  const ttfbMs = performance.now() - trail.started
  const responseHeaders = flatHeaders(response.headers)
  const consume = options.consumeBody?.({ status: response.statusCode, headers: responseHeaders })
  const { body, truncated, bytes } = options.method === 'HEAD'
    ? { body: Buffer.alloc(0), truncated: false, bytes: 0 }
    : await readBody(response.body, responseHeaders['content-encoding'], options.maxBytes ?? DEFAULT_MAX_BYTES, consume, signal)
  return {
    requestedUrl: trail.requestedUrl,
    finalUrl: url.href,
    status: response.statusCode,
    headers: responseHeaders,
    body,
    truncated,
    bytes,
    redirects: trail.redirects,
    remoteAddress: response.opaque.address,
    timings: { ttfbMs, totalMs: performance.now() - trail.started }
  }
}

/** Follows the redirects of `input` hop by hop, each hop checked as the first, until the final response. */
async function fetchWith (parts: FetcherParts, input: string, options: FetchOptions, signal: AbortSignal,
  state: { at: string, redirects: RedirectHop[] }): Promise<FetchResult> {
  const started = performance.now()
  const method = options.method ?? 'GET'
  let url = checkUrl(input, parts.resolved)
  state.at = url.href
  const trail = { requestedUrl: url.href, redirects: state.redirects, started }
  const visited = new Set([url.href])
  const headers = requestHeaders(options.headers, parts.resolved.userAgent, url.href)
  const gate = options.gate ?? currentRequestGate()
  for (;;) {
    const exchange = await send(parts, url, { method, headers, body: method === 'POST' ? options.body : undefined }, signal, gate)
    let next: URL | null = null
    try {
      if (options.followRedirects !== false && method !== 'POST') next = await nextHop(parts.resolved, exchange, state.redirects, visited)
      if (next === null) return await finish(exchange, options, trail, signal)
    } finally {
      cancelBody(exchange.response.body)
      exchange.release()
    }
    if (next.origin !== url.origin) for (const name of ORIGIN_BOUND_HEADERS) delete headers[name]
    url = next
    state.at = url.href
  }
}

/** One fetch under its deadline; every failure becomes a FetchError, except the caller's own abort. */
async function deadlineFetch (parts: FetcherParts, input: string, options: FetchOptions): Promise<FetchResult> {
  // A timer of our own rather than AbortSignal.timeout, so it is cleared as soon as the fetch settles.
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(new DOMException('Deadline exceeded', 'TimeoutError')), options.timeoutMs ?? DEFAULT_TIMEOUT_MS)
  const signal = options.signal === undefined ? deadline.signal : AbortSignal.any([deadline.signal, options.signal])
  const state = { at: '', redirects: [] as RedirectHop[] }
  try {
    return await fetchWith(parts, input, options, signal, state)
  } catch (error) {
    if (options.signal?.aborted === true && !deadline.signal.aborted && options.signal.reason?.name !== 'TimeoutError') {
      throw options.signal.reason
    }
    if (state.at === '' && error instanceof FetchError) throw error
    const at = error instanceof FetchError && error.url !== '' ? error.url : state.at
    throw toFetchError(error, { url: at, redirects: state.redirects })
  } finally {
    clearTimeout(timer)
  }
}

export function createSafeFetcher (policy: FetchPolicy = {}): SafeFetcher {
  const resolved: ResolvedPolicy = resolvePolicy(policy)
  const scope = new DispatchScope()
  const agent = new Agent({
    connect: createGuardedConnector(resolved, rememberSocket, scope),
    connections: resolved.perHostConcurrency,
    headersTimeout: resolved.headersTimeoutMs,
    bodyTimeout: resolved.bodyTimeoutMs
  })
  const parts: FetcherParts = { resolved, dispatcher: agent.compose(trackRemoteAddress()), limiter: new HostLimiter(resolved.perHostConcurrency), scope }
  return {
    fetch: async (input, options = {}) => await deadlineFetch(parts, input, options),
    async resolve (hostname: string, defaultPort = true): Promise<string[]> {
      const addresses = await resolvePermitted(hostname, resolved, defaultPort)
      return addresses.map((entry) => entry.address)
    },
    async close (): Promise<void> {
      await agent.close()
    }
  }
}
