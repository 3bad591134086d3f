// The one browser process of a renderer. It is launched when first needed (never on a path that blocks a service's
// start), launched again when it died, and never waited for past a render's deadline.
import type { Browser } from 'playwright-core'
import { BROWSER_ARGS, heapArg } from './lockdown.js'
import { lowerBrowserGroups, lowerBrowserPriority } from './process-priority.js'
import { RendererError } from './render-result.js'

export interface BrowserSettings {
  executablePath: string
  /** V8 heap cap of each renderer process, in MiB. */
  heapMb: number
  /** How long one launch may take before it counts as failed. */
  launchTimeoutMs: number
  /** After a failed launch, renders fail at once with its reason for this long before one launches again. */
  relaunchDelayMs: number
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
    await context.newPage().catch(() => {})
    await context.close().catch(() => {})
  }

  /** Kills a browser that no longer answers; the next render launches a new one. */
  async discard (browser: Browser): Promise<void> {
    await browser.close().catch(() => {})
  }

  async close (): Promise<void> {
    this.#closed = true
    this.#launching = null
    // a launch still under way is not waited for (it may hang until its timeout): it closes its browser itself
    await this.#current?.close().catch(() => {})
  }

  async #launch (): Promise<Browser> {
    let browser: Browser
    try {
      // playwright-core is loaded with the first launch: importing it costs a service ~60 MB of memory, and a service
      // without RENDERER never launches
      const { chromium } = await import('playwright-core')
      browser = await chromium.launch({
        executablePath: this.settings.executablePath,
        args: [...BROWSER_ARGS, heapArg(this.settings.heapMb)],
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
    if (this.#closed) {
      await browser.close().catch(() => {})
      throw new RendererError('RENDERER_CLOSED', 'the renderer is closed')
    }
    return browser
  }
}
