// Every request a page makes is answered from Node: fetched through safe-fetch (public addresses only, every redirect
// hop checked, bytes capped) and fulfilled, or refused. The browser itself never opens a connection.
import { AsyncResource } from 'node:async_hooks'
import type { FetchResult, SafeFetcher } from '@utility-apis/safe-fetch'
import type { Page, Request, Route } from 'playwright-core'
import type { PageAllowance } from './budget.js'
import type { Replayed } from './screenshots.js'

/**
 * Why a request was not fulfilled: a non-public address (`policy`), a scheme or method other than http(s) GET/HEAD,
 * a limit, the page's time, a failed fetch, a new window's navigation or a request of that window (`popup`), or a
 * request the browser could not hand over whole (`error`).
 */
export type Refusal = 'policy' | 'scheme' | 'method' | 'requests' | 'bytes' | 'time' | 'fetch_failed' | 'popup' | 'error'

/** Who made a request: the page's own document, one of its frames (and workers), or another window it opened. */
type Origin = 'document' | 'frame' | 'popup'

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
 * followed by the browser's own network stack, past this handler. It never throws: whatever a request is, it is
 * fulfilled or refused, and counted when refused.
 */
export class Interceptor {
  readonly refused: RefusedRequest[] = []
  refusedCount = 0
  inFlight = 0
  lastActivity = Date.now()
  /** The page rendered; until it is set, and for any other window (a popup), every request is refused. */
  page: Page | null = null
  /** When set, every response the page was served, by URL (the screenshots serve them again without fetching) */
  replay: Map<string, Replayed> | null = null
  /** responses fetched for a top-level document that redirected, served when the page navigates to their final URL */
  private readonly documents = new Map<string, FetchResult>()
  /** A top-level document was served: what the page navigates to after it can no longer fail the render. */
  private served = false

  constructor (
    private readonly fetcher: PageFetcher,
    private readonly allowance: PageAllowance,
    private readonly signal: AbortSignal,
    private readonly skipMedia: boolean,
    private readonly events: InterceptorEvents
  ) {}

  refuse (url: string, reason: Refusal, code: string | null = null): void {
    this.refusedCount++
    if (this.refused.length < MAX_REFUSED_LISTED) this.refused.push({ url: shownUrl(url), reason, code })
  }

  // Bound to the async context the interceptor was made in (the render of one job item), so that the requests it
  // makes for the browser pass that item's per-host gate (safe-fetch's withRequestGate), not playwright's context.
  readonly handle = AsyncResource.bind(async (route: Route): Promise<void> => {
    try {
      await this.route(route)
    } catch {
      // a request the browser could not describe whole (its frame or headers gone with a closing page): refused,
      // never thrown into playwright's event dispatch, where it would end the process
      this.refuse(route.request().url(), 'error')
      await route.abort('failed').catch(() => {})
    }
  })

  // Every abort and fulfil below may find its request gone (its page closed, the render stopped): the answer then has
  // no one to go to, and the rejection says nothing more, so it is dropped.
  private async route (route: Route): Promise<void> {
    const request = route.request()
    const url = request.url()
    const origin = this.originOf(request)
    if (origin === 'popup') {
      this.refuse(url, 'popup')
      await route.abort('blockedbyclient').catch(() => {})
      return
    }
    const topLevel = origin === 'document' && request.isNavigationRequest()
    const kept = topLevel ? this.documents.get(url) : undefined
    if (kept !== undefined) {
      this.documents.delete(url)
      this.served = true
      this.events.onDocument(kept)
      await route.fulfill({ status: kept.status, headers: passedHeaders(kept.headers), body: kept.body }).catch(() => {})
      return
    }
    if (this.skipMedia && SKIPPED_TYPES.has(request.resourceType())) {
      if (!this.allowance.takeSkipped()) this.events.onLimit('requests')
      await route.abort('blockedbyclient').catch(() => {})
      return
    }
    const refusal = this.check(url, request.method())
    if (refusal !== null) {
      this.refuse(url, refusal)
      await route.abort(this.refusalOf(topLevel, 'blockedbyclient')).catch(() => {})
      return
    }
    await this.fetchFor(route, request, topLevel)
  }

  /**
   * How a refused request is failed: a navigation of a page already served as `aborted`, which leaves it as it was
   * loaded, where any other error would have the browser show its error page in its place.
   */
  private refusalOf (topLevel: boolean, error: 'blockedbyclient' | 'failed'): 'blockedbyclient' | 'failed' | 'aborted' {
    return topLevel && this.served ? 'aborted' : error
  }

  /**
   * A new window's first navigation has no frame yet (playwright throws for it): like every request of another
   * window, it is the page trying to leave its own, and refused.
   */
  private originOf (request: Request): Origin {
    const page = this.page
    if (page === null) return 'popup'
    let frame
    try {
      frame = request.frame()
    } catch {
      return 'popup'
    }
    if (frame.page() !== page) return 'popup'
    return frame === page.mainFrame() ? 'document' : 'frame'
  }

  private async fetchFor (route: Route, request: Request, topLevel: boolean): Promise<void> {
    const url = request.url()
    this.inFlight++
    try {
      const result = await this.fetchSpending(url, request)
      // a resource cut short (at RESOURCE_MAX_BYTES, the page's allowance or safe-fetch's cap on a compressed body) is
      // not the page the site serves, however much allowance is left: the render is not complete, and says so
      if (result.truncated) this.events.onLimit('bytes')
      if (result.truncated && !topLevel) {
        // a cut script does not run (it ends mid-statement) and a cut stylesheet or image is not the resource: refused
        // rather than served as if whole. A cut document is still served: what it holds is read, marked `bytes`
        this.refuse(url, 'bytes')
        await route.abort('failed').catch(() => {})
        return
      }
      if (topLevel && result.finalUrl !== url) {
        // the page must carry the final URL (relative links, location.href), so it navigates there and is served this
        this.documents.set(result.finalUrl, result)
        this.events.onDocumentRedirect(result.finalUrl)
        await route.abort('aborted').catch(() => {})
        return
      }
      if (topLevel) {
        this.served = true
        this.events.onDocument(result)
      }
      const served = { status: result.status, headers: passedHeaders(result.headers), body: result.body }
      this.replay?.set(url, served)
      await route.fulfill(served).catch(() => {})
    } catch (error) {
      const code = (error as { code?: unknown }).code
      // once a document was served, a navigation the page makes that fails is a refused request: the page stays as it
      // was loaded, and is read (it had answered `error` and no DOM for a page that clicked a link to a private address)
      if (topLevel && !this.served) this.events.onDocumentFailed(typeof code === 'string' ? code : 'FETCH_ERR_CONNECT')
      this.refuse(url, code === 'FETCH_ERR_BLOCKED' ? 'policy' : 'fetch_failed', typeof code === 'string' ? code : null)
      await route.abort(this.refusalOf(topLevel, code === 'FETCH_ERR_BLOCKED' ? 'blockedbyclient' : 'failed')).catch(() => {})
    } finally {
      this.inFlight--
      this.lastActivity = Date.now()
    }
  }

  /**
   * The resource, its bytes spent from the page's allowance as they arrive: requests running at once share what is
   * left, where each taking its own copy of it let 40 of them hold 200 MB of an 8 MiB page. A chunk past what is left
   * is cut, and the response is truncated there.
   */
  private async fetchSpending (url: string, request: Request): Promise<FetchResult> {
    const kept: Buffer[] = []
    let cut = false
    const result = await this.fetcher.fetch(url, {
      method: request.method() as 'GET' | 'HEAD',
      headers: { accept: request.headers().accept ?? '*/*' },
      maxBytes: Math.min(RESOURCE_MAX_BYTES, this.allowance.bytesLeft),
      timeoutMs: Math.max(1, this.allowance.msLeft),
      signal: this.signal,
      consumeBody: () => async (chunk) => {
        const room = this.allowance.bytesLeft
        const taken = chunk.length > room ? chunk.subarray(0, room) : chunk
        cut ||= taken.length < chunk.length
        this.allowance.spendBytes(taken.length)
        if (taken.length > 0) kept.push(taken)
      }
    })
    return { ...result, body: Buffer.concat(kept), truncated: result.truncated || cut }
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
