// When a page counts as settled, and how it is read once and for all.
import type { CDPSession, Page } from 'playwright-core'
import type { Interceptor } from './interceptor.js'
import { sleep, within } from './timing.js'
import { isQuiet, parseRawVitals, VITALS_WORLD_INSTALL, VITALS_WORLD_READ, type RawVitals } from './vitals.js'

const POLL_MS = 50
const CPU_QUIET_MS = 500

// A request the page sends just before its idle callback reaches the interceptor a few ms after that callback's
// answer (3 ms measured): this long is waited before the network counts as still quiet
const REQUEST_ECHO_MS = 50

/**
 * True once the network is quiet and the main thread has then run the work queued so far without sending a request;
 * false when `signal` aborts first or the main thread is not idle by `until`. A starved browser may be quiet on the network only because it has
 * not yet run the script that sends its next request (a Next.js export asked for a chunk while its idle callback was
 * pending, and was read before React committed the page), so both are waited for again until an idle passes quietly.
 */
export async function pageSettled (cdp: CDPSession, interceptor: Interceptor, settleMs: number, until: number, signal: AbortSignal): Promise<boolean> {
  while (!signal.aborted) {
    await networkQuiet(interceptor, settleMs, signal)
    if (signal.aborted) return false
    const lastActivity = interceptor.lastActivity
    if (await mainThreadIdle(cdp, until) === 'late') return false
    await sleep(REQUEST_ECHO_MS)
    if (interceptor.inFlight === 0 && interceptor.lastActivity === lastActivity) return true
  }
  return false
}

/** Resolves once no request has been in flight for `settleMs`, or when `signal` aborts. */
async function networkQuiet (interceptor: Interceptor, settleMs: number, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    if (interceptor.inFlight === 0 && Date.now() - interceptor.lastActivity >= settleMs) return
    await sleep(POLL_MS)
  }
}

// The page's first idle callback, asked for in a world of our own: the page's scripts cannot replace the browser's
// requestIdleCallback there (a page whose own never calls back was read only at its deadline), and the callback still
// waits for the one main thread the page's work runs on
const IDLE_IN_OWN_WORLD = 'new Promise((resolve) => { requestIdleCallback(() => { resolve(true) }) })'

/** A script world of the renderer's own in the page's main frame: the page's scripts change nothing it reads. */
async function ownWorld (cdp: CDPSession): Promise<number> {
  const { frameTree } = await cdp.send('Page.getFrameTree')
  const world = await cdp.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: 'utility-apis-reader' })
  return world.executionContextId
}

/** Resolves once an idle callback ran in the page's main frame; rejects when its document is gone meanwhile. */
async function idleCallback (cdp: CDPSession): Promise<void> {
  const contextId = await ownWorld(cdp)
  const answer = await cdp.send('Runtime.evaluate', { expression: IDLE_IN_OWN_WORLD, contextId, awaitPromise: true })
  if (answer.exceptionDetails !== undefined) throw new Error('the page could not run an idle callback')
}

/**
 * Once the page's main thread has run the work its scripts queued (an idle callback ran): `idle`; `gone` when the page
 * cannot say (its document navigated away: the new one's requests are the network's to wait for); `late` by `until`.
 * A framework renders after its last request: React's scheduler commits a page after a run of short tasks, each posted
 * by the one before, which a starved browser may still be working through when the network went quiet.
 */
async function mainThreadIdle (cdp: CDPSession, until: number): Promise<'idle' | 'gone' | 'late'> {
  const idle = await within(idleCallback(cdp).then(() => true, () => false), until - Date.now())
  return idle === null ? 'late' : idle ? 'idle' : 'gone'
}

/**
 * The page's vitals once its CPU has been quiet for CPU_QUIET_MS; null when it is not by `until` (or `signal` aborts),
 * or when they cannot be read whole. Gathered and read in a world of the renderer's own, never the page's: there the
 * page's scripts rewrote what was gathered (a slow page reported LCP 1 ms, TBT 0) and made the reading return
 * hundreds of MB, which ended the process. Only numbers come back, checked (parseRawVitals).
 */
export async function cpuQuietVitals (page: Page, until: number, signal: AbortSignal): Promise<RawVitals | null> {
  // a session of its own, detached after: the render's session goes on with its own commands
  const opening = page.context().newCDPSession(page)
  const cdp = await within(opening, until - Date.now())
  if (cdp === null) {
    // one that opens too late is detached at once; one that never opens (the page gone) leaves nothing to detach
    opening.then(async (late) => { await late.detach() }).catch(() => {})
    return null
  }
  try {
    // null too when the page's document went away while it was read (a navigation, a crash): nothing to read then
    return await within(pollVitals(cdp, until, signal), until - Date.now())
  } finally {
    // a session whose page is gone is detached already
    cdp.detach().catch(() => {})
  }
}

async function pollVitals (cdp: CDPSession, until: number, signal: AbortSignal): Promise<RawVitals | null> {
  const contextId = await ownWorld(cdp)
  await cdp.send('Runtime.evaluate', { expression: VITALS_WORLD_INSTALL, contextId, returnByValue: true })
  while (!signal.aborted && Date.now() < until) {
    const answer = await cdp.send('Runtime.evaluate', { expression: VITALS_WORLD_READ, contextId, returnByValue: true })
    const raw = answer.exceptionDetails === undefined ? parseRawVitals(answer.result.value) : null
    if (raw === null) return null
    if (isQuiet(raw, CPU_QUIET_MS)) return raw
    await sleep(POLL_MS * 4)
  }
  return null
}

// The document serialised as Playwright's page.content() does it, or its length alone when it is over the limit: a
// page's scripts can build a DOM of hundreds of MB from a few bytes, and only what is sent back costs this process
const SERIALISE_IN_OWN_WORLD = `((max) => {
  const doctype = document.doctype === null ? '' : new XMLSerializer().serializeToString(document.doctype)
  const html = doctype + (document.documentElement?.outerHTML ?? '')
  return html.length <= max ? html : html.length
})`

/**
 * The DOM as it stands, by `until`: scripts are terminated and switched off first (an endless loop would otherwise
 * keep it from being read). `too_large` when it serialises to more than `maxChars`; null when it could not be read in
 * time.
 */
export async function readDom (cdp: CDPSession, until: number, maxChars: number): Promise<string | 'too_large' | null> {
  // sent together, answered in order on the one session: the second cannot land before the first
  await Promise.all([
    within(cdp.send('Runtime.terminateExecution'), until - Date.now()),
    within(cdp.send('Emulation.setScriptExecutionDisabled', { value: true }), until - Date.now())
  ])
  const read = async (): Promise<string | 'too_large' | null> => {
    const contextId = await ownWorld(cdp)
    const answer = await cdp.send('Runtime.evaluate', { expression: `${SERIALISE_IN_OWN_WORLD}(${maxChars})`, contextId, returnByValue: true })
    if (answer.exceptionDetails !== undefined) return null
    const value: unknown = answer.result.value
    return typeof value === 'string' ? value : 'too_large'
  }
  // a page whose document went away while it was read (a navigation, a crash) has no DOM to give: null, as too late
  return await within(read().catch(() => null), until - Date.now())
}
