// The brand card (Accept: text/html on POST /v1/domain/profile) in a real browser: it carries the JSON answer's
// values, shows the logos inline and asks for nothing, and a site whose title, description, fonts, links and facts
// hold markup, event handlers and javascript: URLs gets them shown as text: nothing runs, nothing is a link to them.
import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { HTML_PAGE_CSP } from '@utility-apis/service-kit'
import type { FastifyInstance } from 'fastify'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, KEY } from '../helpers/app.js'
import { browserRuns, launchBrowser, openHtml, pwned, SKIP_REASON } from '../../../../packages/renderer/test/helpers/html-page.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'
import { png } from '../helpers/images.js'
import { renderProfileCard } from '../../src/views/profile-card.js'

const HOST = 'acme.test'
const TITLE = 'Acme Anvils <script>window.__pwned = 1</script>'
const DESCRIPTION = '"><img src=x onerror="window.__pwned = 2">Anvils since 1949'
const FONT = '<script>window.__pwned = 3</script>'
const HEADING_FONT = '"><img src=x onerror=alert(5)>'
const ld = {
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Acme Anvils',
  legalName: 'Acme <b onmouseover="window.__pwned = 4">Anvils</b> Inc.',
  logo: '/logo.png',
  foundingDate: '1949',
  telephone: '+1 520 555 0100',
  sameAs: ['javascript:alert(2)', 'https://twitter.com/acmeanvils', 'https://www.linkedin.com/company/acme-anvils']
}
const HOME = `<!doctype html><html lang="en"><head><title>${TITLE}</title>
<meta name="description" content="${DESCRIPTION.replace(/"/g, '&quot;')}">
<meta property="og:site_name" content="Acme Anvils"><meta name="application-name" content="Roadrunner Supply">
<meta name="theme-color" content="#d32f2f"><meta name="msapplication-TileColor" content="javascript:alert(3)">
<link rel="apple-touch-icon" href="/icon.png">
<script type="application/ld+json">${JSON.stringify(ld)}</script>
<style>body { font-family: "${FONT}", Georgia, serif } h1 { font-family: '${HEADING_FONT}', sans-serif }</style></head>
<body><header><nav><a href="/about">About</a> <a href="/pricing">Pricing</a> <a href="javascript:alert(6)">Contact</a> <a href="/blog">Blog</a></nav></header>
<main><h1>Acme Anvils</h1><p>Anvils.</p></main>
<footer><a href="tel:+15205550100">Call</a> <a href="mailto:hello@acme.test">Mail</a></footer></body></html>`
// UPDATE_SCREENSHOTS=1 writes the README's picture; otherwise it goes to a temporary folder
const DOCS = process.env.UPDATE_SCREENSHOTS === '1' ? fileURLToPath(new URL('../../docs/', import.meta.url)) : join(tmpdir(), 'brand-docs')
const suite = browserRuns ? describe : describe.skip

suite(browserRuns ? 'the brand card in chromium' : `the brand card in chromium (${SKIP_REASON})`, () => {
  let server: FixtureServer
  let app: FastifyInstance
  let browser: Browser
  beforeAll(async () => {
    server = await startFixtureServer({
      [HOST]: {
        '/': { body: HOME, headers: { 'content-type': 'text/html; charset=utf-8' } },
        '/logo.png': { body: png(240, 60, [211, 47, 47]), headers: { 'content-type': 'image/png' } },
        '/icon.png': { body: png(180, 180, [20, 20, 20]), headers: { 'content-type': 'image/png' } }
      }
    })
    app = await buildTestApp([HOST])
    browser = await launchBrowser()
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await app?.close()
    await server?.close()
  })

  it('shows the JSON answer\'s values, logos inline, and runs nothing the site wrote', async () => {
    const json = (await app.inject({ method: 'POST', url: '/v1/domain/profile', headers: KEY, payload: { domain: server.origin(HOST) } })).json()
    const res = await app.inject({ method: 'POST', url: '/v1/domain/profile', headers: { ...KEY, accept: 'text/html' }, payload: { domain: server.origin(HOST) } })
    expect([res.statusCode, res.headers['content-type'], res.headers['content-security-policy']]).toEqual([200, 'text/html; charset=utf-8', HTML_PAGE_CSP])
    expect(HTML_PAGE_CSP.startsWith("default-src 'none'; img-src data: 'self'; style-src 'unsafe-inline'")).toBe(true)
    // the fixture's hostile values made it into the profile: the card is what keeps them inert
    expect([json.title, json.description]).toEqual([TITLE, DESCRIPTION])
    expect(json.fonts.map((f: any) => f.family)).toEqual(expect.arrayContaining([FONT, HEADING_FONT]))
    const { page, requests, dialogs } = await openHtml(browser, res.body, { width: 960 })
    const texts = async (selector: string): Promise<string[]> => await page.locator(selector).allInnerTexts()
    expect(await page.locator('#brand-name').innerText()).toBe(json.brand_name)
    expect(await page.locator('#title').innerText()).toBe(TITLE)
    expect(await page.locator('#description').innerText()).toBe(DESCRIPTION)
    expect(await texts('#colors .hex')).toEqual(json.colors.map((c: any) => c.hex))
    expect(await texts('#colors .color-source')).toEqual(json.colors.map((c: any) => c.source))
    expect(await page.locator('#colors [role=img]').evaluateAll((chips: any[]) => chips.map((c) => c.style.backgroundColor)))
      .toEqual(json.colors.map((c: any) => `rgb(${[1, 3, 5].map((i) => parseInt(c.hex.slice(i, i + 2), 16)).join(', ')})`))
    expect(await texts('#fonts .family')).toEqual(json.fonts.map((f: any) => f.family))
    const keyLinks = Object.entries<string>(json.key_links)
    expect(keyLinks.length).toBeGreaterThan(1)
    for (const [kind, url] of keyLinks) expect(await page.locator(`#key-links dd[data-kind="${kind}"] a`).getAttribute('href'), kind).toBe(url)
    expect(await texts('#social li')).toEqual(json.social_links)
    for (const [fact, value] of Object.entries<any>(json.company)) {
      if (typeof value === 'string') expect(await page.locator(`#company dd[data-fact="${fact}"]`).innerText(), fact).toBe(value)
    }
    expect(json.company.legal_name).toContain('<b onmouseover')
    expect(await page.locator('#consistency li[data-code]').count()).toBe(json.consistency.length)
    expect(json.consistency.length).toBeGreaterThan(0)
    expect(await page.locator('#logos li[data-url]').evaluateAll((items: any[]) => items.map((li) => li.dataset.url))).toEqual(json.logos.map((l: any) => l.url))
    // every logo the site serves whole is drawn from inline bytes
    const images = await page.locator('#logos img').evaluateAll((imgs: any[]) => imgs.map((img) => [img.src.slice(0, 22), img.naturalWidth]))
    expect(images).toEqual(json.logos.map((l: any) => ['data:image/png;base64,', l.width]))
    // nothing the site wrote is an element, a handler or a javascript: link
    expect(await page.locator('script, iframe, object, embed, form, b, img:not([src^="data:"])').count()).toBe(0)
    const hrefs = await page.locator('a').evaluateAll((links: any[]) => links.map((a) => a.getAttribute('href') as string))
    expect(hrefs.length).toBeGreaterThan(3)
    for (const href of hrefs) expect(href).toMatch(/^https?:\/\//)
    await page.locator('#company dd').first().hover()
    expect([await pwned(page), dialogs, requests]).toEqual([undefined, [], []])
    mkdirSync(DOCS, { recursive: true })
    await page.screenshot({ path: join(DOCS, 'brand-card.png'), fullPage: true })
    await page.close()
  })

  it('never makes a javascript: URL a link, wherever the profile holds one', async () => {
    const json = (await app.inject({ method: 'POST', url: '/v1/domain/profile', headers: KEY, payload: { domain: server.origin(HOST) } })).json()
    const html = renderProfileCard({
      ...json,
      key_links: { ...json.key_links, contact: 'javascript:alert(7)' },
      social_links: [...json.social_links, ' JaVaScRiPt:alert(8)'],
      fonts: [{ ...json.fonts[0], url: 'javascript:alert(9)' }]
    }, new Map())
    const { page, requests, dialogs } = await openHtml(browser, html, { width: 960 })
    const hrefs = await page.locator('a').evaluateAll((links: any[]) => links.map((a) => a.getAttribute('href') as string))
    for (const href of hrefs) expect(href).toMatch(/^https?:\/\//)
    expect(await page.locator('#key-links dd[data-kind="contact"]').innerText()).toBe('javascript:alert(7)')
    expect(await page.locator('#social li').last().innerText()).toBe('JaVaScRiPt:alert(8)')
    expect(await page.locator('#fonts li').first().innerText()).toContain('(stylesheet)')
    expect(await page.locator('#fonts li a').count()).toBe(0)
    for (const link of await page.locator('.not-a-link').all()) await link.click()
    expect([dialogs, requests]).toEqual([[], []])
    await page.close()
  })

  it('names the files that failed for a moment, as text, and nothing when none did', async () => {
    const json = (await app.inject({ method: 'POST', url: '/v1/domain/profile', headers: KEY, payload: { domain: server.origin(HOST) } })).json()
    expect(renderProfileCard(json, new Map())).not.toContain('id="unread"')
    const hostile = `${server.origin(HOST)}/logo.png?<img src=x onerror="window.__pwned = 5">`
    const html = renderProfileCard({ ...json, unread_files: [{ url: hostile, reason: 'HTTP 503' }, { url: `${server.origin(HOST)}/site.css`, reason: 'timeout' }] }, new Map())
    const { page, requests, dialogs } = await openHtml(browser, html, { width: 960 })
    expect(await page.locator('#unread + ul li').allInnerTexts()).toEqual([`${hostile} (HTTP 503)`, `${server.origin(HOST)}/site.css (timeout)`])
    expect([await pwned(page), dialogs, requests]).toEqual([undefined, [], []])
    await page.close()
  })

  it('answers JSON as before to an API client, and to a browser that prefers it', async () => {
    for (const accept of [undefined, 'application/json', '*/*', 'application/json, text/html;q=0.5']) {
      const res = await app.inject({ method: 'POST', url: '/v1/domain/profile', headers: { ...KEY, ...(accept === undefined ? {} : { accept }) }, payload: { domain: server.origin(HOST) } })
      expect([accept, res.headers['content-type']]).toEqual([accept, 'application/json; charset=utf-8'])
      expect(res.json().domain).toBe(HOST)
    }
  })
})
