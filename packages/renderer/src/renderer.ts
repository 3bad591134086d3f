import { createSafeFetcher, type FetchPolicy, type FetchResult } from '@utility-apis/safe-fetch'
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core'
import { PageAllowance, type RenderBudget } from './budget.js'
import { Interceptor, type Limit, type PageFetcher, type RefusedRequest } from './interceptor.js'
import { BROWSER_ARGS, heapArg, lockdownScript } from './lockdown.js'
import { browserMemory, type ProcessMemory } from './memory.js'
import { Semaphore } from './semaphore.js'
import { DEVICE_PROFILE, isQuiet, readVitalsInPage, VITALS_SCRIPT, vitalsOf, type RawVitals, type Vitals } from './vitals.js'

export const DEFAULT_EXECUTABLE = '/usr/bin/chromium'

export interface RendererOptions {
  /** Fetches every request of every page; or give `policy` and the renderer makes (and closes) its own. */
  fetcher?: PageFetcher
  policy?: FetchPolicy
  executablePath?: string
  /** Pages rendered at once, each in its own browser context; further renders wait. Default 2. */
  maxConcurrent?: number
  /** V8 heap cap of each renderer process, in MiB. Default 256. */
  heapMb?: number
  launchTimeoutMs?: number
}

export interface RenderOptions {
  /** Deadline of this page, queueing included. Default 10000. */
  timeoutMs?: number
  /** Requests this page may make, the document included. Default 150. */
  maxRequests?: number
  /** Decoded bytes of all its responses. Default 8 MiB. */
  maxBytes?: number
  /** The analysis's shared allowance: the page stops when either runs out. */
  budget?: RenderBudget
  /** Measure LCP, CLS and TBT under DEVICE_PROFILE's CPU slowdown. */
  vitals?: boolean
  /** How long the network must stay quiet after `load` before the DOM is read. Default 300. */
  settleMs?: number
  /**
   * Refuse images, media and fonts without fetching them (not counted as requests or refusals): they change no DOM,
   * and a page reads faster without them. Default false; vitals need them (an image can be the largest paint).
   */
  skipMedia?: boolean
}

/** Why a page was cut off before it settled. */
export type StopReason = 'timeout' | Limit | 'crashed' | 'dialogs'

export interface RenderResult {
  requestedUrl: string
  /** The document's URL after redirects (followed, each hop checked, by safe-fetch). */
  finalUrl: string
  /** The document's HTTP status; null when it could not be fetched. */
  status: number | null
  /** The DOM after scripts ran, serialised; null when the document failed or the page crashed. */
  html: string | null
  /** The document as the server sent it (decoded Content-Encoding, not charset): what a crawler without scripts reads. */
  raw: { body: Buffer, contentType: string | null } | null
  /** The document's FetchError code when it could not be fetched (FETCH_ERR_BLOCKED for a refused address). */
  error: string | null
  stopped: StopReason | null
  requests: number
  bytes: number
  /** The first 20 requests refused, without query strings. */
  refused: RefusedRequest[]
  refusedCount: number
  dialogs: number
  durationMs: number
  vitals: Vitals | null
}

export interface Renderer {
  /** Starts the browser now rather than on the first render (whose deadline would otherwise include the launch). */
  start: () => Promise<void>
  render: (url: string, options?: RenderOptions) => Promise<RenderResult>
  /** Resident memory of the browser and its renderer processes. */
  memory: () => ProcessMemory
  close: () => Promise<void>
}

export class RendererError extends Error {
  constructor (readonly code: 'RENDERER_UNAVAILABLE' | 'RENDERER_CLOSED', message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'RendererError'
  }
}

const MAX_DIALOGS = 20
const MAX_DOCUMENT_HOPS = 3
const SNAPSHOT_TIMEOUT_MS = 2000
const POLL_MS = 50
const CPU_QUIET_MS = 500

function positive (value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be an integer >= 1`)
  return value
}

async function within<T> (promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<null>((resolve) => { timer = setTimeout(() => resolve(null), ms) })
  try {
    return await Promise.race([promise.catch(() => null), timeout])
  } finally {
    clearTimeout(timer)
  }
}

export function createRenderer (options: RendererOptions = {}): Renderer {
  const executablePath = options.executablePath ?? DEFAULT_EXECUTABLE
  const ownFetcher = options.fetcher === undefined ? createSafeFetcher(options.policy) : null
  const fetcher: PageFetcher = options.fetcher ?? (ownFetcher as PageFetcher)
  const slots = new Semaphore(positive(options.maxConcurrent, 2, 'maxConcurrent'))
  const heapMb = positive(options.heapMb, 256, 'heapMb')
  let launching: Promise<Browser> | null = null
  let closed = false

  async function browser (): Promise<Browser> {
    if (closed) throw new RendererError('RENDERER_CLOSED', 'The renderer is closed')
    // playwright-core is loaded with the first launch: importing it costs a service ~60 MB of memory, and a service
    // without RENDERER never launches
    launching ??= import('playwright-core').then(async ({ chromium }) => await chromium.launch({
      executablePath,
      args: [...BROWSER_ARGS, heapArg(heapMb)],
      timeout: options.launchTimeoutMs ?? 15_000,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false
    })).then((launched) => {
      // a browser that dies is launched again by the next render
      launched.on('disconnected', () => { launching = null })
      return launched
    }, (error: unknown) => {
      launching = null
      throw new RendererError('RENDERER_UNAVAILABLE', `Chromium could not be started from ${executablePath}`, { cause: error })
    })
    return await launching
  }

  async function render (url: string, renderOptions: RenderOptions = {}): Promise<RenderResult> {
    const started = Date.now()
    const maxRequests = positive(renderOptions.maxRequests, 150, 'maxRequests')
    const allowance = new PageAllowance(
      maxRequests,
      positive(renderOptions.maxBytes, 8 * 1024 * 1024, 'maxBytes'),
      positive(renderOptions.timeoutMs, 10_000, 'timeoutMs'),
      renderOptions.budget ?? null
    )
    const result: RenderResult = {
      requestedUrl: url,
      finalUrl: url,
      status: null,
      html: null,
      raw: null,
      error: null,
      stopped: null,
      requests: 0,
      bytes: 0,
      refused: [],
      refusedCount: 0,
      dialogs: 0,
      durationMs: 0,
      vitals: null
    }
    const abort = new AbortController()
    let stopped: (reason: StopReason) => void = () => {}
    const stop = new Promise<StopReason>((resolve) => {
      stopped = (reason) => {
        if (result.stopped !== null) return
        result.stopped = reason
        abort.abort(new DOMException('The page was stopped', 'AbortError'))
        resolve(reason)
      }
    })
    const timer = setTimeout(() => stopped('timeout'), allowance.msLeft)
    let release: (() => void) | null = null
    let context: BrowserContext | null = null
    try {
      release = await slots.acquire(abort.signal)
      context = await (await browser()).newContext({
        serviceWorkers: 'block',
        acceptDownloads: false,
        viewport: DEVICE_PROFILE.viewport,
        deviceScaleFactor: DEVICE_PROFILE.deviceScaleFactor,
        isMobile: DEVICE_PROFILE.isMobile,
        hasTouch: DEVICE_PROFILE.hasTouch,
        locale: 'en-US'
      })
      const interceptor = new Interceptor(fetcher, allowance, abort.signal, renderOptions.skipMedia === true, {
        onLimit: stopped,
        onDocumentRedirect: (finalUrl) => { redirectTo = finalUrl },
        onDocument: (response: FetchResult) => {
          result.status = response.status
          result.finalUrl = response.finalUrl
          result.raw = { body: response.body, contentType: response.headers['content-type'] ?? null }
        },
        onDocumentFailed: (code) => { result.error = code }
      })
      let redirectTo: string | null = null
      await context.addInitScript(lockdownScript(maxRequests))
      if (renderOptions.vitals === true) await context.addInitScript(VITALS_SCRIPT)
      await context.route('**/*', interceptor.handle)
      await context.routeWebSocket(() => true, (ws) => {
        interceptor.refusedCount++
        ws.close({ code: 1008, reason: 'refused' }).catch(() => {})
      })
      const page = await context.newPage()
      // popups and windows a page opens are closed at once; only `page` lives in this context
      context.on('page', (other) => { if (other !== page) other.close().catch(() => {}) })
      const cdp = await context.newCDPSession(page)
      if (renderOptions.vitals === true) await cdp.send('Emulation.setCPUThrottlingRate', { rate: DEVICE_PROFILE.cpuSlowdown })
      page.on('dialog', (dialog) => {
        result.dialogs++
        if (result.dialogs > MAX_DIALOGS) stopped('dialogs')
        dialog.dismiss().catch(() => {})
      })
      page.on('crash', () => stopped('crashed'))
      page.on('download', (download) => { download.cancel().catch(() => {}) })

      let target = url
      for (let hop = 0; hop <= MAX_DOCUMENT_HOPS && result.stopped === null; hop++) {
        redirectTo = null
        await Promise.race([page.goto(target, { waitUntil: 'load', timeout: Math.max(1, allowance.msLeft) }).catch(() => null), stop])
        if (redirectTo === null) break
        target = redirectTo
      }
      if (result.error === null && result.status !== null && result.stopped === null) {
        await Promise.race([quiet(interceptor, renderOptions.settleMs ?? 300, abort.signal), stop])
      }
      await snapshot(page, cdp, renderOptions.vitals === true, result, abort.signal)
      result.refused = interceptor.refused.map((r) => r)
      result.refusedCount = interceptor.refusedCount
    } catch (error) {
      if (error instanceof RendererError) throw error
      // an abort while queued or while the context was being made: the page's time ran out
      if (!abort.signal.aborted) throw error
    } finally {
      clearTimeout(timer)
      abort.abort()
      await context?.close().catch(() => {})
      release?.()
      result.requests = allowance.requests
      result.bytes = allowance.bytes
      result.durationMs = Date.now() - started
    }
    return result
  }

  return {
    async start () {
      // one throw-away page: the first context and renderer process of a browser take the longest to make
      const context = await (await browser()).newContext()
      await context.newPage().catch(() => {})
      await context.close().catch(() => {})
    },
    render,
    memory: () => browserMemory(),
    async close () {
      closed = true
      const running = launching
      launching = null
      if (running !== null) await (await running.catch(() => null))?.close().catch(() => {})
      await ownFetcher?.close()
    }
  }
}

/** Resolves once no request has been in flight for `settleMs`, or when `signal` aborts. */
async function quiet (interceptor: Interceptor, settleMs: number, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    if (interceptor.inFlight === 0 && Date.now() - interceptor.lastActivity >= settleMs) return
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

/** The page's vitals once its CPU has been quiet for CPU_QUIET_MS, or as they stand when time runs out. */
async function cpuQuiet (page: Page, signal: AbortSignal): Promise<RawVitals | null> {
  let raw: RawVitals | null = null
  while (!signal.aborted) {
    raw = await within(page.evaluate(readVitalsInPage), SNAPSHOT_TIMEOUT_MS) ?? raw
    if (raw === null || isQuiet(raw, CPU_QUIET_MS)) break
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 4))
  }
  return raw
}

/**
 * Reads the page once and for all: the vitals while scripts still run, then scripts are terminated and switched
 * off (an endless loop would otherwise keep the DOM from being read) and the DOM is serialised.
 */
async function snapshot (page: Page, cdp: CDPSession, vitals: boolean, result: RenderResult, signal: AbortSignal): Promise<void> {
  if (result.stopped === 'crashed' || result.error !== null || result.status === null) return
  if (vitals && result.stopped === null) {
    const raw = await cpuQuiet(page, signal)
    result.vitals = raw === null ? null : vitalsOf(raw)
  }
  await within(cdp.send('Runtime.terminateExecution'), SNAPSHOT_TIMEOUT_MS)
  await within(cdp.send('Emulation.setScriptExecutionDisabled', { value: true }), SNAPSHOT_TIMEOUT_MS)
  result.html = await within(page.content(), SNAPSHOT_TIMEOUT_MS)
}
