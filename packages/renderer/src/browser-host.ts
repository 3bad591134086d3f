// The one browser process of a renderer. It is launched when first needed (never on a path that blocks a service's
// start), launched again when it died, and never waited for past a render's deadline.
import type { Browser } from 'playwright-core'
import { launchedBrowsers } from './browser-processes.js'
import { BROWSER_ARGS, heapArg, OMITTED_DEFAULT_ARGS } from './lockdown.js'
import { lowerBrowserGroups, lowerBrowserPriority } from './process-priority.js'
import { RendererError } from './render-result.js'
import { within } from './timing.js'

export interface BrowserSettings {
  executablePath: string
  /** V8 heap cap of each renderer process, in MiB. */
  heapMb: number
  /** How long one launch may take before it counts as failed. */
  launchTimeoutMs: number
  /** After a failed launch, renders fail at once with its reason for this long before one launches again. */
  relaunchDelayMs: number
  /** A browser that answered no render's request for a context for this long is killed, and launched again. */
  unresponsiveMs: number
}

interface LaunchFailure { at: number, reason: string, cause: unknown }

function failureReason (error: unknown, settings: BrowserSettings): string {
  return (error as Error | null)?.name === 'TimeoutError'
    ? `the browser did not start within ${Math.round(settings.launchTimeoutMs / 1000)} s`
    : 'the browser could not be started'
}

export class BrowserHost {
  #launching: Promise<Browser> | null = null
  /** the browser #launching gave, once it has */
  #current: Browser | null = null
  /** the process of #current, where it could be told apart (Linux) */
  #pid: number | null = null
  /** when the oldest request #current has not answered was made, since it last answered one */
  #unansweredSince: number | null = null
  #failure: LaunchFailure | null = null
  #closed = false

  constructor (private readonly settings: BrowserSettings) {}

  /**
   * The running browser, launched if there is none. Throws RendererError: RENDERER_CLOSED after `close`,
   * RENDERER_UNAVAILABLE (with the reason as message) when it cannot start, or is still starting at `deadline`.
   */
  async get (deadline: number): Promise<Browser> {
    if (this.#closed) throw new RendererError('RENDERER_CLOSED', 'the renderer is closed')
    const failure = this.#failure
    if (this.#launching === null && failure !== null && Date.now() - failure.at < this.settings.relaunchDelayMs) {
      throw new RendererError('RENDERER_UNAVAILABLE', failure.reason, { cause: failure.cause })
    }
    this.#launching ??= this.#launch()
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<null>((resolve) => { timer = setTimeout(() => resolve(null), Math.max(0, deadline - Date.now())) })
    try {
      const browser = await Promise.race([this.#launching, late])
      if (browser === null) throw new RendererError('RENDERER_UNAVAILABLE', 'the browser is still starting')
      return browser
    } finally {
      clearTimeout(timer)
    }
  }

  /** Launches the browser now and opens one throw-away page: the first context and renderer process take the longest. */
  async start (): Promise<void> {
    const browser = await this.get(Date.now() + this.settings.launchTimeoutMs + 5000)
    const context = await browser.newContext()
    // a warm-up only: a page that fails to open here fails again, and is reported, in the render that needs it
    await context.newPage().catch(() => {})
    await context.close().catch(() => {})
  }

  /** `browser` answered a request: it is alive, whatever it left unanswered before. */
  answered (browser: Browser): void {
    if (browser === this.#current) this.#unansweredSince = null
  }

  /**
   * `browser` did not answer a request made at `askedAt` within its render's time. Once it has answered none for
   * `unresponsiveMs`, it is discarded: a browser that no longer answers (a wedged process) never disconnects, and would
   * fail every render until the service restarted.
   */
  async unanswered (browser: Browser, askedAt: number): Promise<void> {
    if (browser !== this.#current) return
    this.#unansweredSince = Math.min(this.#unansweredSince ?? askedAt, askedAt)
    if (Date.now() - this.#unansweredSince >= this.settings.unresponsiveMs) await this.discard(browser)
  }

  /**
   * Kills a browser that no longer answers, as the OOM killer would: a browser that does not answer does not answer
   * a request to close either. The next render launches a new one.
   */
  async discard (browser: Browser): Promise<void> {
    const pid = browser === this.#current ? this.#pid : null
    if (pid === null) {
      // a browser that cannot be closed is gone already: the next render launches another either way
      await browser.close().catch(() => {})
      return
    }
    const gone = new Promise<void>((resolve) => { browser.once('disconnected', () => { resolve() }) })
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      return // it has exited since: it disconnects, or has
    }
    // playwright sees the pipe close at once; the bound only keeps a caller from waiting on an event that never comes
    if (browser.isConnected()) await within(gone, 5000)
  }

  async close (): Promise<void> {
    this.#closed = true
    this.#launching = null
    // a launch still under way is not waited for (it may hang until its timeout): it closes its browser itself
    await this.#current?.close().catch(() => {})
  }

  async #launch (): Promise<Browser> {
    let browser: Browser
    let before = new Set<string>()
    try {
      // playwright-core is loaded with the first launch: importing it costs a service ~60 MB of memory, and a service
      // without RENDERER never launches
      const { chromium } = await import('playwright-core')
      before = new Set(launchedBrowsers())
      browser = await chromium.launch({
        executablePath: this.settings.executablePath,
        args: [...BROWSER_ARGS, heapArg(this.settings.heapMb)],
        ignoreDefaultArgs: OMITTED_DEFAULT_ARGS,
        timeout: this.settings.launchTimeoutMs,
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false
      })
    } catch (error) {
      this.#launching = null
      this.#failure = { at: Date.now(), reason: failureReason(error, this.settings), cause: error }
      throw new RendererError('RENDERER_UNAVAILABLE', this.#failure.reason, { cause: error })
    }
    this.#failure = null
    // the launch's own processes (the browser, its zygotes), whose later children inherit the setting
    lowerBrowserPriority()
    lowerBrowserGroups()
    // a browser that dies (killed, crashed) is launched again by the next render
    browser.on('disconnected', () => { if (this.#launching !== null && this.#current === browser) this.#launching = null })
    this.#current = browser
    // the one browser process this launch added (another renderer of this process may launch its own meanwhile)
    const added = launchedBrowsers().filter((pid) => !before.has(pid))
    this.#pid = added.length === 1 ? Number(added[0]) : null
    this.#unansweredSince = null
    if (this.#closed) {
      // launched while the renderer closed: closing it is tidying up, and the caller hears RENDERER_CLOSED either way
      await browser.close().catch(() => {})
      throw new RendererError('RENDERER_CLOSED', 'the renderer is closed')
    }
    return browser
  }
}
