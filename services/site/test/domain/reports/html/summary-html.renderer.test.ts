// The summary with the renderer on (RENDERER=chromium): what a crawler without JavaScript gets beside what a browser
// shows, as two inline JPEGs of at most 60 KB under the content_requires_javascript verdict, and the lab Core Web
// Vitals as meters. The pictures are in the HTML page only: the JSON answer never carries them.
import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { harness, KEY, warmRenderer, type Harness } from '../../../fixtures/analyze.js'
import { browserRuns, CHROMIUM, launchBrowser, openHtml, SKIP_REASON } from '../../../../../../packages/renderer/test/helpers/html-page.js'
import { RENDERED_HOSTS, renderedSites, SHELL, STATIC } from '../../../fixtures/sites/rendered.js'

const MAX_SHOT = 60 * 1024
const DOCS = process.env.UPDATE_SCREENSHOTS === '1' ? fileURLToPath(new URL('../../../../docs/', import.meta.url)) : join(tmpdir(), 'site-report-docs')
const suite = browserRuns ? describe : describe.skip

/** The JPEG an <img> shows, decoded from its data: URI. */
async function imageOf (page: Page, selector: string): Promise<Buffer> {
  const src = await page.locator(selector).getAttribute('src') ?? ''
  expect(src.startsWith('data:image/jpeg;base64,')).toBe(true)
  const width = await page.locator(selector).evaluate((img: any) => img.naturalWidth as number)
  expect(width, `${selector} is drawn`).toBeGreaterThan(100)
  return Buffer.from(src.slice('data:image/jpeg;base64,'.length), 'base64')
}

suite(browserRuns ? 'the report summary with the renderer' : `the report summary with the renderer (${SKIP_REASON})`, { timeout: 90_000 }, () => {
  let h: Harness
  let browser: Browser
  beforeAll(async () => {
    h = await harness(RENDERED_HOSTS, renderedSites, { renderer: { executablePath: CHROMIUM } })
    await warmRenderer(h.analyze, h.server.origin(STATIC))
    browser = await launchBrowser()
  }, 90_000)
  afterAll(async () => {
    await browser?.close()
    await h?.close()
  })

  async function htmlReport (site: string): Promise<string> {
    const res = await h.app.inject({ method: 'POST', url: '/v1/site-intel/analyze', headers: { ...KEY, accept: 'text/html' }, payload: { url: site } })
    expect(res.statusCode).toBe(200)
    return res.body
  }

  it('shows a script-built homepage as a crawler gets it and as a browser shows it, under the verdict, with the vitals as meters', async () => {
    const site = h.server.origin(SHELL)
    const { body: report } = await h.analyze(site)
    // the JSON answer has no picture
    expect(JSON.stringify(report)).not.toMatch(/screenshot|data:image|\/9j\//i)
    const gap = report.gaps.find((g: any) => g.code === 'content_requires_javascript')
    expect(gap).toBeDefined()
    const { page, requests } = await openHtml(browser, await htmlReport(site), { javaScriptEnabled: false })
    expect(await page.locator('#js-verdict').innerText()).toBe(`content_requires_javascript: ${gap.evidence}`)
    const raw = await imageOf(page, '#shot-raw img')
    const rendered = await imageOf(page, '#shot-rendered img')
    for (const jpeg of [raw, rendered]) {
      expect(jpeg.subarray(0, 3).toString('hex')).toBe('ffd8ff')
      expect(jpeg.length).toBeLessThanOrEqual(MAX_SHOT)
    }
    // the raw shell is an empty page; the rendered one has its heading, text and navigation
    expect(raw.equals(rendered)).toBe(false)
    expect(rendered.length).toBeGreaterThan(raw.length)
    const p = report.performance
    expect(p.status).toBe('measured')
    const meters = [['Largest Contentful Paint', p.lcp_ms, ' ms'], ['Cumulative Layout Shift', p.cls, ''], ['Total Blocking Time', p.tbt_ms, ' ms']] as const
    for (const [name, m, unit] of meters) {
      // measured again for the HTML answer: its label carries that page's own number, the one its performance table shows
      const meter = page.getByRole('img', { name: new RegExp(`^${name}: `) })
      const label = await meter.getAttribute('aria-label') ?? ''
      const [, value, rating] = /^[A-Za-z ]+: ([\d.]+)(?: ms)?, (good|needs improvement|poor) \(/.exec(label) ?? []
      expect(label, name).toBe(`${name}: ${value}${unit}, ${rating} (good up to ${m.good}${unit}, poor above ${m.poor}${unit})`)
      expect(await page.locator('#performance tr', { hasText: name }).innerText()).toContain(`${value}${unit} (${rating})`)
      expect(await meter.getAttribute('data-value')).toBe(value)
    }
    mkdirSync(DOCS, { recursive: true })
    await page.locator('#crawler-vs-browser').screenshot({ path: join(DOCS, 'site-report-crawler-vs-browser.png') })
    // the screenshots are inline: the page asks for nothing
    expect(requests).toEqual([])
    await page.close()
  })

  it('asks the renderer for pictures only for the HTML report', async () => {
    const { page, requests } = await openHtml(browser, await htmlReport(h.server.origin(STATIC)), { javaScriptEnabled: false })
    expect(await page.locator('#crawler-vs-browser img').count()).toBe(2)
    expect(await page.locator('#js-verdict').innerText()).toBe('The homepage\'s content does not need JavaScript: a crawler without it reads the same text.')
    expect(requests).toEqual([])
    await page.close()
  })
})
