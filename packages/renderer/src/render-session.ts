// One render: a browser context of its own, every request through the interceptor, every event the page can raise
// answered here (none can throw into playwright's dispatch), and an answer by the page's deadline whatever the page
// or the browser does.
import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import { PageAllowance, type RenderBudget } from './budget.js'
import type { BrowserHost } from './browser-host.js'
import { Interceptor, type PageFetcher } from './interceptor.js'
import { lockdownScript } from './lockdown.js'
import { cpuQuietVitals, pageSettled, readDom } from './page-reading.js'
import { emptyResult, RendererError, type RenderOptions, type RenderResult, type StopReason } from './render-result.js'
import { takeScreenshots } from './screenshots.js'
import { within } from './timing.js'
import { DEVICE_PROFILE, vitalsOf } from './vitals.js'

const MAX_DIALOGS = 20
/** The screenshots end this long before the render's deadline: its answer is never late for them. */
const SHOT_MARGIN_MS = 150
const MAX_DOCUMENT_HOPS = 3
/** Kept at the end of a page's time (at most a quarter of it) to read it once stopped: terminate its scripts, serialise the DOM. */
const READ_RESERVE_MS = 1000
/** A context that takes longer to close belongs to a browser that no longer answers: that browser is killed. */
const CLOSE_TIMEOUT_MS = 10_000

/**
 * How the navigation to a document ended: `load` fired; Chromium took the document for a download (its type is none it
 * shows, e.g. application/octet-stream), so the tab never left the blank page it opened with; or neither (the page
 * navigated itself elsewhere meanwhile, or the browser failed it).
 */
type Navigation = 'loaded' | 'download' | 'unloaded'

/** playwright rejects a navigation that became a download with this message (it exports no type for it). */
function isDownload (error: unknown): boolean {
  return error instanceof Error && error.message.includes('Download is starting')
}

const CONTEXT_OPTIONS = {
  serviceWorkers: 'block',
  acceptDownloads: false,
  viewport: DEVICE_PROFILE.viewport,
  deviceScaleFactor: DEVICE_PROFILE.deviceScaleFactor,
  isMobile: DEVICE_PROFILE.isMobile,
  hasTouch: DEVICE_PROFILE.hasTouch,
  locale: 'en-US'
} as const

export interface PageSettings {
  timeoutMs: number
  maxRequests: number
  maxBytes: number
  settleMs: number
  vitals: boolean
  skipMedia: boolean
  budget: RenderBudget | null
  screenshotMaxBytes: number | null
}

export function positive (value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be an integer >= 1`)
  return value
}

export function pageSettings (options: RenderOptions): PageSettings {
  return {
    timeoutMs: positive(options.timeoutMs, 10_000, 'timeoutMs'),
    maxRequests: positive(options.maxRequests, 150, 'maxRequests'),
    maxBytes: positive(options.maxBytes, 8 * 1024 * 1024, 'maxBytes'),
    settleMs: options.settleMs ?? 300,
    vitals: options.vitals === true,
    skipMedia: options.skipMedia === true,
    budget: options.budget ?? null,
    screenshotMaxBytes: options.screenshots === undefined ? null : positive(options.screenshots.maxBytes, 1, 'screenshots.maxBytes')
  }
}

export class RenderSession {
  readonly result: RenderResult
  readonly allowance: PageAllowance
  /** The answer comes by then. */
  readonly deadline: number
  /** A page that has not settled by then is stopped, leaving the rest of its time to read it. */
  readonly stopAt: number
  readonly #started = Date.now()
  readonly #abort = new AbortController()
  readonly #stopTimer: NodeJS.Timeout
  #markStopped: () => void = () => {}
  readonly #stopped = new Promise<void>((resolve) => { this.#markStopped = resolve })
  #markRead: () => void = () => {}
  readonly #read = new Promise<void>((resolve) => { this.#markRead = resolve })
  #running = false
  #settled = false
  #redirectTo: string | null = null
  /** The tab holds no DOM of the document (Chromium downloaded it): nothing is read. */
  #unread = false
  #interceptor: Interceptor | null = null

  constructor (readonly url: string, private readonly settings: PageSettings) {
    this.result = emptyResult(url)
    this.allowance = new PageAllowance(settings.maxRequests, settings.maxBytes, settings.timeoutMs, settings.budget)
    this.deadline = this.allowance.deadline
    this.stopAt = this.deadline - Math.min(READ_RESERVE_MS, Math.floor(Math.max(0, this.deadline - this.#started) / 4))
    this.#stopTimer = setTimeout(() => { if (!this.#settled) this.stop('timeout') }, this.stopAt - this.#started)
  }

  /**
   * Answers without a browser, the document failed with `code`: an entry URL the interceptor would not see (it sees
   * http(s) requests alone, so a `file:` or `chrome:` page would load outside every check).
   */
  refuse (code: 'FETCH_ERR_SCHEME' | 'FETCH_ERR_BAD_URL'): void {
    this.result.error = code
    this.#markRead()
  }

  /** Cuts the page short: its requests are cancelled and refused from now on, and it is read as it stands. */
  stop (reason: StopReason): void {
    if (this.result.stopped !== null) return
    this.result.stopped = reason
    this.#abort.abort(new DOMException('The page was stopped', 'AbortError'))
    this.#markStopped()
    // still waiting for a slot: there is nothing to read, so the answer need not wait for the deadline
    if (!this.#running) this.#markRead()
  }

  /**
   * The result of `work` (this session's `run` in its slot) by the deadline: as read, or as it stands when the
   * deadline comes first (the work then finishes, and frees its slot, on its own). Throws `run`'s RendererError.
   */
  async answer (work: Promise<void>): Promise<RenderResult> {
    const failed = work.then(() => null, (error: unknown) => error ?? new Error('render failed'))
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), Math.max(0, this.deadline - Date.now())) })
    try {
      const outcome = await Promise.race([this.#read.then(() => null), failed, late])
      if (outcome instanceof RendererError) throw outcome
      // the deadline came before the page was read, or the render failed in a way the browser did not say
      if (outcome === 'late') this.stop('timeout')
      else if (outcome !== null) this.stop('error')
    } finally {
      clearTimeout(timer)
      clearTimeout(this.#stopTimer)
    }
    const interceptor = this.#interceptor
    return {
      ...this.result,
      refused: interceptor?.refused.slice() ?? [],
      refusedCount: interceptor?.refusedCount ?? 0,
      requests: this.allowance.requests,
      bytes: this.allowance.bytes,
      durationMs: Date.now() - this.#started
    }
  }

  /** Renders the page in a context of its own, then closes it (killing a browser whose context will not close). */
  async run (browsers: BrowserHost, fetcher: PageFetcher): Promise<void> {
    // its time ran out while it waited for a slot
    if (this.result.stopped !== null) return
    this.#running = true
    const browser = await browsers.get(this.stopAt)
    const lost = (): void => { this.stop('browser_crashed') }
    browser.on('disconnected', lost)
    let context: BrowserContext | null = null
    try {
      const asked = Date.now()
      // a browser that does not answer holds no slot past the page's time: a context it makes later is closed at once
      context = await this.#unlessStopped(browser.newContext(CONTEXT_OPTIONS), (late) => { late.close().catch(() => {}) })
      if (context === null) await browsers.unanswered(browser, asked)
      else browsers.answered(browser)
      const opened = context === null || this.result.stopped !== null ? null : await this.#unlessStopped(this.#open(context, fetcher))
      if (opened !== null) {
        await this.#load(opened.page, opened.cdp)
        await this.#readPage(opened.page, opened.cdp)
      }
    } catch {
      // the browser failed the page (a protocol error, a context closed under it): what was read stands, marked cut short
      this.stop(browser.isConnected() ? 'error' : 'browser_crashed')
    } finally {
      browser.off('disconnected', lost)
      this.#markRead()
      this.#abort.abort()
      const closed = context === null ? true : await within(context.close().then(() => true, () => true), CLOSE_TIMEOUT_MS)
      if (closed === null) await browsers.discard(browser)
    }
  }

  async #open (context: BrowserContext, fetcher: PageFetcher): Promise<{ page: Page, cdp: CDPSession }> {
    const { result, settings } = this
    const interceptor = new Interceptor(fetcher, this.allowance, this.#abort.signal, settings.skipMedia, {
      onLimit: (limit) => { this.stop(limit) },
      onDocumentRedirect: (finalUrl) => { this.#redirectTo = finalUrl },
      onDocument: (response) => {
        result.status = response.status
        result.finalUrl = response.finalUrl
        result.raw = { body: response.body, contentType: response.headers['content-type'] ?? null }
      },
      onDocumentFailed: (code) => { result.error = code }
    })
    this.#interceptor = interceptor
    if (settings.screenshotMaxBytes !== null) interceptor.replay = new Map()
    await context.addInitScript(lockdownScript(settings.maxRequests))
    await context.route('**/*', interceptor.handle)
    await context.routeWebSocket(() => true, (ws) => {
      interceptor.refuse(ws.url(), 'scheme')
      // a socket the page dropped first is closed already
      ws.close({ code: 1008, reason: 'refused' }).catch(() => {})
    })
    const page = await context.newPage()
    interceptor.page = page
    this.#contain(context, page)
    const cdp = await context.newCDPSession(page)
    if (settings.vitals) await cdp.send('Emulation.setCPUThrottlingRate', { rate: DEVICE_PROFILE.cpuSlowdown })
    return { page, cdp }
  }

  /**
   * The events a page raises, each answered without a throw: closing a window, dismissing a dialog or cancelling a
   * download fails only when the page or the browser went first, which the render already reads as its own stop.
   */
  #contain (context: BrowserContext, page: Page): void {
    // windows the page opens are closed at once (their requests were refused as `popup`): only `page` lives here
    context.on('page', (other) => { if (other !== page) other.close().catch(() => {}) })
    page.on('dialog', (dialog) => {
      this.result.dialogs++
      if (this.result.dialogs > MAX_DIALOGS) this.stop('dialogs')
      dialog.dismiss().catch(() => {})
    })
    page.on('crash', () => { this.stop('crashed') })
    page.on('download', (download) => { download.cancel().catch(() => {}) })
  }

  /** Loads the document (its redirects followed by safe-fetch), then waits for the network to go quiet. */
  async #load (page: Page, cdp: CDPSession): Promise<void> {
    const navigation = await this.#navigate(page)
    const { result } = this
    if (result.stopped !== null || result.error !== null || result.status === null) return
    if (navigation === 'download') {
      // the document was served, but the tab shows the blank page it opened with: reading that would answer an empty
      // page as if it were this one, complete
      this.#unread = true
      this.stop('error')
      return
    }
    // the page navigated itself elsewhere during its first load: the document it holds now must load too
    if (navigation === 'unloaded' && !await this.#beforeStop(page.waitForLoadState('load', { timeout: Math.max(1, this.stopAt - Date.now()) }))) {
      this.stop(Date.now() >= this.stopAt ? 'timeout' : 'error')
      return
    }
    const settling = pageSettled(cdp, this.#interceptor as Interceptor, this.settings.settleMs, this.stopAt, this.#abort.signal)
    // settled: from here its time no longer stops the page, only bounds the vitals and the reading; else its time stops it
    if (await Promise.race([settling, this.#stopped.then(() => false)]) && result.stopped === null) this.#settled = true
    else await this.#stopped
  }

  /** How the navigation to the last document ended (`unloaded` when the page was stopped first). */
  async #navigate (page: Page): Promise<Navigation> {
    let target = this.url
    for (let hop = 0; hop <= MAX_DOCUMENT_HOPS; hop++) {
      this.#redirectTo = null
      const ended = page.goto(target, { waitUntil: 'load', timeout: Math.max(1, this.stopAt - Date.now()) })
        .then((): Navigation => 'loaded', (error: unknown) => isDownload(error) ? 'download' : 'unloaded')
      const navigation = await this.#unlessStopped(ended) ?? 'unloaded'
      if (this.#redirectTo === null || this.result.stopped !== null) return navigation
      target = this.#redirectTo
    }
    return 'unloaded'
  }

  /**
   * What `work` gives, or null when the page is stopped first; what it gives later goes to `dispose`, and a later
   * failure is dropped (the page no longer waits for it).
   */
  async #unlessStopped<T> (work: Promise<T>, dispose?: (late: T) => void): Promise<T | null> {
    const first = await Promise.race([work.then((value) => ({ value })), this.#stopped.then(() => null)])
    if (first === null) work.then(dispose, () => {})
    return first?.value ?? null
  }

  /** Whether `promise` fulfilled before the page was stopped. */
  async #beforeStop (promise: Promise<unknown>): Promise<boolean> {
    return await Promise.race([promise.then(() => true, () => false), this.#stopped.then(() => false)])
  }

  /**
   * The vitals of a page that settled and went quiet, then the DOM as it stands, read by the deadline. A page stopped
   * for its dialogs is not read: its script opens the next one as soon as one closes, and no command reaches it
   * while one is open.
   */
  async #readPage (page: Page, cdp: CDPSession): Promise<void> {
    const { result } = this
    if (this.#unread || result.error !== null || result.status === null) return
    if (result.stopped === 'crashed' || result.stopped === 'browser_crashed' || result.stopped === 'dialogs') return
    if (this.settings.vitals && result.stopped === null) {
      const raw = await cpuQuietVitals(page, this.stopAt, this.#abort.signal)
      result.vitals = raw === null || result.stopped !== null ? null : vitalsOf(raw)
    }
    const html = await readDom(cdp, this.deadline, this.settings.maxBytes)
    result.html = html === 'too_large' ? null : html
    if (html === 'too_large') this.stop('bytes')
    else if (html === null) this.stop('timeout')
    const maxBytes = this.settings.screenshotMaxBytes
    if (maxBytes !== null && result.stopped === null) {
      // what is left before the deadline, less a margin so that the answer never waits for the pictures
      const replay = this.#interceptor?.replay ?? new Map()
      const until = this.deadline - SHOT_MARGIN_MS
      result.screenshots = await takeScreenshots(page, cdp, { finalUrl: result.finalUrl, raw: result.raw, replay, maxBytes, until })
    }
  }
}
