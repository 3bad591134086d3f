import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { harness, type Harness } from '../../fixtures/analyze.js'
import type { FixtureSites } from '../../fixtures/fixture-server.js'
import { html, redirect, text, urlset, words } from '../../fixtures/html.js'
import { roundTrips } from '../../fixtures/round-trips.js'

const SITE = 'twenty-pages.test'
const MOVED = 'moved.test'
// far above the analysis's own work between two answers, so that independent requests never look chained
const DELAY_MS = 150

function twentyPages (o: string): FixtureSites[string] {
  const links = Array.from({ length: 19 }, (_, i) => `<a href="/page-${i + 1}">Page ${i + 1}</a>`).join(' ')
  const page = (title: string): string => `<!doctype html><html lang="en"><head><title>${title}</title></head>` +
    `<body><main><h1>${title}</h1><p>${words(60)}</p>${links}</main></body></html>`
  const site: FixtureSites[string] = {
    '/': html(page('Twenty pages')),
    '/robots.txt': text(`User-agent: *\nAllow: /\nSitemap: ${o}/sitemap.xml\n`),
    '/sitemap.xml': text(urlset(Array.from({ length: 20 }, (_, i) => ({ loc: i === 0 ? `${o}/` : `${o}/page-${i}` }))), 'application/xml'),
    '/llms.txt': text(`# Twenty\n\n> A site of twenty pages.\n\n## Pages\n- [One](${o}/page-1)\n`)
  }
  for (let i = 1; i < 20; i++) site[`/page-${i}`] = html(page(`Page ${i}`))
  return site
}

describe('the round trips of an analysis', () => {
  let h: Harness
  beforeAll(async () => {
    h = await harness([SITE, `www.${SITE}`, MOVED, `www.${MOVED}`], (o) => ({
      [SITE]: twentyPages(o(SITE)),
      [`www.${SITE}`]: { '*': redirect(301, `${o(SITE)}/`) },
      [MOVED]: { '/': redirect(301, `${o(`www.${MOVED}`)}/`), '/robots.txt': text('User-agent: *\nDisallow: /\n') },
      [`www.${MOVED}`]: { '/': html(`<!doctype html><title>Moved</title><p>${words(40)}</p>`), '/robots.txt': text('User-agent: *\nAllow: /\n') }
    }), { delayMs: DELAY_MS })
  })
  afterAll(async () => { await h.close() })

  it('reads a 20-page site in 3 round trips: homepage beside robots.txt, the sitemap, the sample', async () => {
    h.server.requests.length = 0
    const { status, body } = await h.analyze(`${h.server.origin(SITE)}/`)
    expect(status).toBe(200)
    expect(body.observations.sample.pages).toHaveLength(5)
    expect(body.ai_crawler_access.fetched.filter((c: any) => c.http.status === 200)).toHaveLength(14)
    expect(roundTrips(h.server.requests)).toBe(3)
  })

  it('reads robots.txt of the origin the homepage lands on, not of the one asked for', async () => {
    const { body } = await h.analyze(`${h.server.origin(MOVED)}/`)
    expect(body.observations.robots.url).toBe(`${h.server.origin(`www.${MOVED}`)}/robots.txt`)
    expect(body.observations.robots.homepage.every((v: any) => v.allowed)).toBe(true)
  })
})
