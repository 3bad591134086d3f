// A real browser for the HTML pages' tests: Debian's chromium through playwright-core, launched as the site service's
// browser tests do. A machine without chromium skips these tests and says why; CI installs it and must not skip.
import { existsSync } from 'node:fs'
import { chromium, type Browser, type Page } from 'playwright-core'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const inCi = (process.env.CI ?? '') !== '' && process.env.CI !== 'false'
/** in CI a missing chromium fails the run (the launch throws) instead of skipping */
export const browserRuns = existsSync(CHROMIUM) || inCi
export const SKIP_REASON = `skipped: no chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`

export async function launchBrowser (): Promise<Browser> {
  return await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking']
  })
}

/**
 * A page with `html` as its content and scripts allowed (only the page's escaping and policy keep a site's markup
 * inert), every request it tries recorded and refused, every dialog recorded.
 */
export async function openHtml (browser: Browser, html: string): Promise<{ page: Page, requests: string[], dialogs: string[] }> {
  const page = await browser.newPage({ viewport: { width: 960, height: 900 } })
  const requests: string[] = []
  const dialogs: string[] = []
  await page.route('**/*', async (route) => {
    requests.push(route.request().url())
    await route.abort()
  })
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    dialog.dismiss().catch(() => {})
  })
  await page.setContent(html, { waitUntil: 'load' })
  return { page, requests, dialogs }
}

/** What a page's scripts could have left behind: a global a hostile value's script would set. */
export async function pwned (page: Page): Promise<unknown> {
  return await page.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned)
}
