// The report's summary in a real browser: the gauges and bars say the answer's numbers in their accessible labels,
// the bars' lengths follow score/max, the page asks for nothing, and dark mode and print still read.
import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { HTML_PAGE_CSP } from '@utility-apis/service-kit'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPORT_CSP } from '../../../../src/domain/reports/html-report.js'
import { harness, KEY, type Harness } from '../../../fixtures/analyze.js'
import { browserRuns, launchBrowser, openHtml, SKIP_REASON } from '../../../../../../packages/renderer/test/helpers/html-page.js'
import { WEAK, WEAK_HOSTS, weakSite } from '../../../fixtures/sites/weak.js'

const NAMES: Record<string, string> = {
  fetchability: 'Fetchability', metadata: 'Metadata', crawl_policy: 'Crawl policy', structured_data: 'Structured data', llm_readiness: 'LLM readiness', freshness: 'Freshness'
}
// UPDATE_SCREENSHOTS=1 writes the README's picture; otherwise it goes to a temporary folder
const DOCS = process.env.UPDATE_SCREENSHOTS === '1' ? fileURLToPath(new URL('../../../../docs/', import.meta.url)) : join(tmpdir(), 'site-report-docs')
// typed loosely: the tests compile without the DOM's types
const backgroundOf = async (page: Page): Promise<string> =>
  await page.locator('body').evaluate((body: any) => body.ownerDocument.defaultView.getComputedStyle(body).backgroundColor)
const suite = browserRuns ? describe : describe.skip

suite(browserRuns ? 'the report summary in chromium' : `the report summary in chromium (${SKIP_REASON})`, () => {
  let h: Harness
  let browser: Browser
  beforeAll(async () => {
    h = await harness(WEAK_HOSTS, weakSite)
    browser = await launchBrowser()
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await h?.close()
  })

  async function reports (): Promise<{ report: any, html: string }> {
    const site = h.server.origin(WEAK)
    const report = (await h.analyze(site)).body
    const res = await h.app.inject({ method: 'POST', url: '/v1/site-intel/analyze', headers: { ...KEY, accept: 'text/html' }, payload: { url: site } })
    expect([res.statusCode, res.headers['content-security-policy']]).toEqual([200, REPORT_CSP])
    expect(REPORT_CSP).toBe(HTML_PAGE_CSP)
    return { report, html: res.body }
  }

  it('draws the two scores as gauges and each category as a bar, labelled with the answer\'s numbers, proportional to score/max', async () => {
    const { report, html } = await reports()
    const { page, requests } = await open(html)
    const aeo = report.aeo_authority_score
    expect(await page.getByRole('img', { name: /^Technical crawl score/ }).getAttribute('aria-label'))
      .toBe(`Technical crawl score: ${report.technical_crawl_score} of ${report.max_score}`)
    const cap = Math.min(...aeo.caps_applied.map((c: any) => c.cap))
    const codes = aeo.caps_applied.filter((c: any) => c.cap === cap).map((c: any) => c.code).join(', ')
    expect(aeo.caps_applied.length).toBeGreaterThan(0)
    expect(await page.getByRole('img', { name: /^AEO authority score/ }).getAttribute('aria-label'))
      .toBe(`AEO authority score: ${aeo.score} of 100 (capped at ${cap} by ${codes}, ${aeo.uncapped_score} before caps)`)
    expect(await page.locator('#gauge-aeo .cap').count()).toBe(1)
    for (const [id, c] of Object.entries<any>(report.category_scores)) {
      const bar = page.getByRole('img', { name: `${NAMES[id]}: ${c.score} of ${c.max}`, exact: true })
      const [track, fill] = await Promise.all([bar.locator('.track').boundingBox(), bar.locator('.fill').boundingBox()])
      expect(track?.width ?? 0).toBeGreaterThan(100)
      // drawn width over the track's: score/max, to the pixel
      expect(Math.abs((fill?.width ?? 0) - (track?.width ?? 0) * c.score / c.max), id).toBeLessThan(1)
    }
    const counts = { high: 0, medium: 0, low: 0 } as Record<string, number>
    for (const gap of report.gaps) counts[gap.severity]++
    expect(await page.locator('#gap-counts li').allInnerTexts()).toEqual([`${counts.high} high`, `${counts.medium} medium`, `${counts.low} low`])
    // without the renderer: no screenshots, no verdict, no meters, and no image of any kind
    expect(await page.locator('#crawler-vs-browser, #vitals-meters, img').count()).toBe(0)
    mkdirSync(DOCS, { recursive: true })
    await page.locator('#summary').screenshot({ path: join(DOCS, 'site-report-summary.png') })
    expect(requests).toEqual([])
    await page.close()
  })

  it('reads in dark mode and in print: the summary keeps its pictures and its text', async () => {
    const { html } = await reports()
    const { page, requests } = await open(html, true)
    const background = await backgroundOf(page)
    expect(background).toBe('rgb(13, 17, 23)')
    await page.emulateMedia({ media: 'print', colorScheme: 'light' })
    expect(await page.locator('#summary svg').count()).toBeGreaterThan(7)
    expect(await backgroundOf(page)).toBe('rgb(255, 255, 255)')
    expect(requests).toEqual([])
    await page.close()
  })

  async function open (html: string, dark = false) {
    return await openHtml(browser, html, { dark, javaScriptEnabled: false })
  }
})
