// The homepage as two pictures, taken while the renderer still has the page: as a browser rendered it (the DOM after
// scripts, as read), and as a crawler without JavaScript gets it (the server's HTML loaded again with scripts off,
// its stylesheets and images replayed from what the page already fetched: nothing is fetched twice, no budget spent).
import type { CDPSession, Page } from 'playwright-core'
import { within } from './timing.js'

export interface Screenshots {
  /** the server's HTML with scripts off; null when it could not be shown within the time or size */
  raw: Buffer | null
  /** the page as rendered with scripts */
  rendered: Buffer | null
}

/** A response the page was served, kept to be served again to the no-JavaScript view. */
export interface Replayed { status: number, headers: Record<string, string>, body: Buffer }

const QUALITIES = [70, 50, 35, 20]
/** the top of the page only, when even the lowest quality is too large for the whole viewport */
const CROP_HEIGHTS = [Infinity, 480]

/** A JPEG of the viewport in CSS pixels of at most `maxBytes`: the quality, then the height, lowered until it fits. */
async function jpeg (page: Page, maxBytes: number, until: number): Promise<Buffer | null> {
  const viewport = page.viewportSize() ?? { width: 412, height: 823 }
  for (const height of CROP_HEIGHTS) {
    for (const quality of QUALITIES) {
      const left = until - Date.now()
      if (left <= 0) return null
      const clip = { x: 0, y: 0, width: viewport.width, height: Math.min(height, viewport.height) }
      const shot = await within(page.screenshot({ type: 'jpeg', quality, scale: 'css', clip, timeout: left }), left)
      if (shot === null) return null
      if (shot.length <= maxBytes) return shot
    }
  }
  return null
}

/**
 * Both pictures by `until`. The page's scripts are already off (the DOM was read): the rendered view is taken as it
 * stands, then the page loads `raw` in its place, every other request answered from `replay` or refused.
 */
export async function takeScreenshots (page: Page, cdp: CDPSession, input: {
  finalUrl: string
  raw: { body: Buffer, contentType: string | null } | null
  replay: Map<string, Replayed>
  maxBytes: number
  until: number
}): Promise<Screenshots> {
  const rendered = await jpeg(page, input.maxBytes, input.until)
  const raw = input.raw
  if (raw === null || Date.now() >= input.until) return { raw: null, rendered }
  let documentServed = false
  // twice over: scripts stay switched off for the new document, and its policy forbids every script, inline ones too
  await within(cdp.send('Emulation.setScriptExecutionDisabled', { value: true }), input.until - Date.now())
  // an abort or fulfil that rejects found its page closed (the render's time ran out): nothing is left to answer
  await page.route('**/*', async (route) => {
    const request = route.request()
    const kept = input.replay.get(request.url())
    if (!documentServed && request.isNavigationRequest()) {
      documentServed = true
      const headers = { 'content-type': raw.contentType ?? 'text/html', 'content-security-policy': "script-src 'none'" }
      await route.fulfill({ status: 200, headers, body: raw.body }).catch(() => {})
    } else if (kept !== undefined && !request.isNavigationRequest() && request.resourceType() !== 'script') {
      await route.fulfill(kept).catch(() => {})
    } else {
      await route.abort('blockedbyclient').catch(() => {})
    }
  })
  const loaded = await within(page.goto(input.finalUrl, { waitUntil: 'load', timeout: Math.max(1, input.until - Date.now()) }), input.until - Date.now())
  return { raw: loaded === null ? null : await jpeg(page, input.maxBytes, input.until), rendered }
}
