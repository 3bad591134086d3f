// HTML pages of the services (the brand card, the job page, the site report) opened in a real browser: Debian's
// chromium through playwright-core. A machine without chromium skips these tests and says why (`browserRuns`,
// `SKIP_REASON`); CI installs it and must not skip.
import { chromium, type Browser, type Page } from 'playwright-core'
import { CHROMIUM } from './chromium.js'

export { browserRuns, CHROMIUM, SKIP_REASON } from './chromium.js'

export async function launchBrowser (): Promise<Browser> {
  return await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking']
  })
}

export interface HtmlPageOptions {
  /**
   * Scripts allowed (the default): then only the page's escaping and policy keep a hostile value inert, the case to
   * test. Off, for a page that must read complete without them.
   */
  javaScriptEnabled?: boolean
  dark?: boolean
  /** Viewport width in CSS pixels (default 1100). */
  width?: number
}

/** A page with `html` as its content, every request it tries recorded (and refused), every dialog recorded. */
export async function openHtml (browser: Browser, html: string, options: HtmlPageOptions = {}):
Promise<{ page: Page, requests: string[], dialogs: string[] }> {
  const page = await browser.newPage({
    viewport: { width: options.width ?? 1100, height: 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    colorScheme: options.dark === true ? 'dark' : 'light'
  })
  const requests: string[] = []
  const dialogs: string[] = []
  await page.route('**/*', async (route) => {
    requests.push(route.request().url())
    await route.abort()
  })
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    // a dialog already gone needs no dismissing
    dialog.dismiss().catch(() => {})
  })
  await page.setContent(html, { waitUntil: 'load' })
  return { page, requests, dialogs }
}

/** What a page's scripts could have left behind: the global a hostile value's script would set. */
export async function pwned (page: Page): Promise<unknown> {
  return await page.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned)
}
