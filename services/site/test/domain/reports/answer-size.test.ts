// The answer's size follows what it says, not what the site sent: a page's hreflang codes, canonicals and other
// values of any length are quoted cut and their lists capped, in the JSON report and in its HTML and Markdown.
// (The JSON's `observations` are the raw facts, each kept once; everything derived from them stays small.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { harness, KEY, type Harness } from '../../fixtures/analyze.js'
import { html, text, urlset, words } from '../../fixtures/html.js'

const PLAIN = 'plain.test'
const BLOATED = 'bloated.test'
const PAGES = 3

/** A homepage and PAGES sampled pages, each with one bad relative hreflang annotation and several canonicals. */
function site (origin: string, code: (i: number) => string, canonicals: number): Record<string, ReturnType<typeof html>> {
  const page = (i: number): ReturnType<typeof html> => html(`<!doctype html><html lang="en"><head><title>Page ${i} of the site</title>
${Array.from({ length: i === 0 ? canonicals : 1 }, (_, c) => `<link rel="canonical" href="/c${c}">`).join('')}
<link rel="alternate" hreflang="${code(i)}" href="/p${i}"></head><body><h1>P</h1><p>${words(200)}</p></body></html>`)
  const sampled = Object.fromEntries(Array.from({ length: PAGES }, (_, i) => [`/p${i + 1}`, page(i + 1)]))
  return {
    '/': page(0),
    '/robots.txt': text(`User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`),
    '/sitemap.xml': text(urlset(Object.keys(sampled).map((path) => ({ loc: `${origin}${path}` }))), 'application/xml'),
    ...sampled
  }
}

let h: Harness
beforeAll(async () => {
  h = await harness([PLAIN, BLOATED], (o) => ({
    [PLAIN]: site(o(PLAIN), (i) => `abcd${String.fromCharCode(97 + i)}`, 6),
    [BLOATED]: site(o(BLOATED), (i) => String.fromCharCode(97 + i).repeat(200_000), 5_000)
  }))
})
afterAll(async () => { await h.close() })

async function answer (host: string, format: string): Promise<string> {
  const res = await h.app.inject({ method: 'POST', url: '/v1/site-intel/analyze', headers: KEY, payload: { url: h.server.origin(host), format, max_pages: PAGES } })
  expect(res.statusCode).toBe(200)
  if (format !== 'json') return res.body
  const { observations, ...derived } = res.json()
  expect(observations.sample.pages).toHaveLength(PAGES)
  return JSON.stringify(derived)
}

describe('the answer for a page with huge values', () => {
  it.each(['json', 'html', 'markdown'])('stays about as long as for the same site with short ones (%s)', async (format) => {
    const [plain, bloated] = [await answer(PLAIN, format), await answer(BLOATED, format)]
    // 800 kB of hreflang codes and 5,000 canonicals once gave answers of megabytes: now a few kB more at most
    expect(bloated.length).toBeLessThan(plain.length * 1.25)
    expect(bloated).toContain('and 4995 more')
    expect(bloated).not.toContain('a'.repeat(100))
  })

  it('cuts every evidence string', async () => {
    const report = (await h.analyze(h.server.origin(BLOATED), { max_pages: PAGES })).body
    const texts: string[] = [
      ...report.score_breakdown.map((c: { detail: string }) => c.detail),
      ...report.gaps.map((g: { evidence: string }) => g.evidence),
      ...[...report.launch_readiness, ...report.mobile_compatibility].map((i: { evidence: string }) => i.evidence)
    ]
    expect(texts.some((t) => t.includes('is not a language code'))).toBe(true)
    // the hreflang evidence lists at most LISTED_HREFLANG_ERRORS problems of a few hundred characters each
    for (const t of texts) expect(t.length).toBeLessThan(8_000)
  })
})
