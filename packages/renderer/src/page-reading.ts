// When a page counts as settled, and how it is read once and for all.
import type { CDPSession, Page } from 'playwright-core'
import type { Interceptor } from './interceptor.js'
import { sleep, within } from './timing.js'
import { isQuiet, readVitalsInPage, type RawVitals } from './vitals.js'

const POLL_MS = 50
const CPU_QUIET_MS = 500

/** Resolves once no request has been in flight for `settleMs`, or when `signal` aborts. */
export async function networkQuiet (interceptor: Interceptor, settleMs: number, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    if (interceptor.inFlight === 0 && Date.now() - interceptor.lastActivity >= settleMs) return
    await sleep(POLL_MS)
  }
}

/** Runs in the page: resolves with its first idle callback (this package is typed without the DOM's names). */
async function inPageIdle (): Promise<void> {
  const page = globalThis as unknown as { requestIdleCallback: (callback: () => void) => void }
  await new Promise<void>((resolve) => { page.requestIdleCallback(() => { resolve() }) })
}

/**
 * Resolves once the page's main thread has run the work its scripts queued (an idle callback ran), or by `until`.
 * A framework renders after its last request: React's scheduler commits a page after a run of short tasks, each posted
 * by the one before, which a starved browser may still be working through when the network went quiet.
 */
export async function mainThreadIdle (page: Page, until: number): Promise<void> {
  await within(page.evaluate(inPageIdle), until - Date.now())
}

/** The page's vitals once its CPU has been quiet for CPU_QUIET_MS; null when it is not by `until` (or `signal` aborts). */
export async function cpuQuietVitals (page: Page, until: number, signal: AbortSignal): Promise<RawVitals | null> {
  while (!signal.aborted && Date.now() < until) {
    const raw = await within(page.evaluate(readVitalsInPage), until - Date.now())
    if (raw === null) return null
    if (isQuiet(raw, CPU_QUIET_MS)) return raw
    await sleep(POLL_MS * 4)
  }
  return null
}

/**
 * The DOM as it stands, by `until`: scripts are terminated and switched off first (an endless loop would otherwise
 * keep it from being read). Null when it could not be read in time.
 */
export async function readDom (page: Page, cdp: CDPSession, until: number): Promise<string | null> {
  // sent together, answered in order on the one session: the second cannot land before the first
  await Promise.all([
    within(cdp.send('Runtime.terminateExecution'), until - Date.now()),
    within(cdp.send('Emulation.setScriptExecutionDisabled', { value: true }), until - Date.now())
  ])
  return await within(page.content(), until - Date.now())
}
