// Every request a page makes is answered from Node: fetched through safe-fetch (public addresses only, every redirect
// hop checked, bytes capped) and fulfilled, or refused. The browser itself never opens a connection.
import type { FetchResult, SafeFetcher } from '@utility-apis/safe-fetch'
import type { Route } from 'playwright-core'
import type { PageAllowance } from './budget.js'

export type Refusal = 'policy' | 'scheme' | 'method' | 'requests' | 'bytes' | 'time' | 'fetch_failed'

/** A request the page made that was not fulfilled. */
export interface RefusedRequest { url: string, reason: Refusal, code: string | null }

export type Limit = 'requests' | 'bytes'

export type PageFetcher = Pick<SafeFetcher, 'fetch'>

// One resource never takes more than this, whatever the page allowance left.
const RESOURCE_MAX_BYTES = 5 * 1024 * 1024
const MAX_REFUSED_LISTED = 20
const SKIPPED_TYPES = new Set(['image', 'media', 'font'])
// The headers a page's scripts and layout need; cookies, caching and framing headers of the site stay out.
const PASSED_HEADERS = new Set([
  'content-type', 'content-language', 'access-control-allow-origin', 'access-control-allow-credentials',
  'access-control-expose-headers', 'timing-allow-origin', 'x-content-type-options'
])

function passedHeaders (headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => PASSED_HEADERS.has(name)))
}

/** A URL shown in a result: scheme, host and path only, never a query string that may carry a token. */
export function shownUrl (raw: string): string {
  try {
    const url = new URL(raw)
    return `${url.protocol}//${url.host}${url.pathname}`.slice(0, 300)
  } catch {
    return raw.slice(0, 60)
  }
}

export interface InterceptorEvents {
  /** A limit ran out: the page is stopped. */
  onLimit: (limit: Limit) => void
  /** The top-level document answered after redirects: the page must navigate to its final URL itself. */
  onDocumentRedirect: (finalUrl: string) => void
  onDocument: (result: FetchResult) => void
  /** The top-level document could not be fetched (a FetchError code, e.g. FETCH_ERR_BLOCKED). */
  onDocumentFailed: (code: string) => void
}

/**
 * The route handler of one page. Redirects are followed inside safe-fetch: a 3xx handed to the browser would be
 * followed by the browser's own network stack, past this handler.
 */
export class Interceptor {
  readonly refused: RefusedRequest[] = []
  refusedCount = 0
  inFlight = 0
  lastActivity = Date.now()
  /** responses fetched for a top-level document that redirected, served when the page navigates to their final URL */
  private readonly documents = new Map<string, FetchResult>()

  constructor (
    private readonly fetcher: PageFetcher,
    private readonly allowance: PageAllowance,
    private readonly signal: AbortSignal,
    private readonly skipMedia: boolean,
    private readonly events: InterceptorEvents
  ) {}

  private refuse (url: string, reason: Refusal, code: string | null = null): void {
    this.refusedCount++
    if (this.refused.length < MAX_REFUSED_LISTED) this.refused.push({ url: shownUrl(url), reason, code })
  }

  readonly handle = async (route: Route): Promise<void> => {
    const request = route.request()
    const url = request.url()
    const topLevel = request.isNavigationRequest() && request.frame().parentFrame() === null
    const kept = topLevel ? this.documents.get(url) : undefined
    if (kept !== undefined) {
      this.documents.delete(url)
      this.events.onDocument(kept)
      await route.fulfill({ status: kept.status, headers: passedHeaders(kept.headers), body: kept.body }).catch(() => {})
      return
    }
    if (this.skipMedia && SKIPPED_TYPES.has(request.resourceType())) {
      await route.abort('blockedbyclient').catch(() => {})
      return
    }
    const refusal = this.check(url, request.method())
    if (refusal !== null) {
      this.refuse(url, refusal)
      await route.abort('blockedbyclient').catch(() => {})
      return
    }
    this.inFlight++
    try {
      const result = await this.fetcher.fetch(url, {
        method: request.method() as 'GET' | 'HEAD',
        headers: { accept: request.headers().accept ?? '*/*' },
        maxBytes: Math.min(RESOURCE_MAX_BYTES, this.allowance.bytesLeft),
        timeoutMs: Math.max(1, this.allowance.msLeft),
        signal: this.signal
      })
      this.allowance.spendBytes(result.body.length)
      if (result.truncated && this.allowance.bytesLeft === 0) this.events.onLimit('bytes')
      if (topLevel && result.finalUrl !== url) {
        // the page must carry the final URL (relative links, location.href), so it navigates there and is served this
        this.documents.set(result.finalUrl, result)
        this.events.onDocumentRedirect(result.finalUrl)
        await route.abort('aborted').catch(() => {})
        return
      }
      if (topLevel) this.events.onDocument(result)
      await route.fulfill({ status: result.status, headers: passedHeaders(result.headers), body: result.body }).catch(() => {})
    } catch (error) {
      const code = (error as { code?: unknown }).code
      if (topLevel) this.events.onDocumentFailed(typeof code === 'string' ? code : 'FETCH_ERR_CONNECT')
      this.refuse(url, code === 'FETCH_ERR_BLOCKED' ? 'policy' : 'fetch_failed', typeof code === 'string' ? code : null)
      await route.abort(code === 'FETCH_ERR_BLOCKED' ? 'blockedbyclient' : 'failed').catch(() => {})
    } finally {
      this.inFlight--
      this.lastActivity = Date.now()
    }
  }

  private check (url: string, method: string): Refusal | null {
    if (!/^https?:/i.test(url)) return 'scheme'
    if (method !== 'GET' && method !== 'HEAD') return 'method'
    if (this.signal.aborted || this.allowance.msLeft === 0) return 'time'
    if (this.allowance.bytesLeft === 0) {
      this.events.onLimit('bytes')
      return 'bytes'
    }
    if (!this.allowance.takeRequest()) {
      this.events.onLimit('requests')
      return 'requests'
    }
    return null
  }
}
