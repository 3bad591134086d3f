// The rendering step end to end: the real app, fixture sites on 127.0.0.1 and Debian's chromium. CI installs chromium
// (.ci/run) and must not skip this.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserRuns, CHROMIUM } from '../../../../packages/renderer/test/helpers/chromium.js'
import { harness, KEY, warmRenderer, type Harness } from '../fixtures/analyze.js'
import { HOSTILE_RENDER, RENDERED_HOSTS, renderedSites, SHELL, SHELL_WORDS, SSR, STATIC } from '../fixtures/sites/rendered.js'

const runs = browserRuns
const suite = runs ? describe : describe.skip
const gapOf = (report: any, code: string): any => report.gaps.find((g: any) => g.code === code)

suite(runs ? 'analysis with the renderer' : `analysis with the renderer (skipped: no chromium at ${CHROMIUM})`, { timeout: 60_000 }, () => {
  let h: Harness
  beforeAll(async () => {
    h = await harness(RENDERED_HOSTS, renderedSites, { renderer: { executablePath: CHROMIUM } })
    await warmRenderer(h.analyze, h.server.origin(STATIC))
  })
  afterAll(async () => { await h?.close() })

  it('finds a client-rendered shell\'s text, navigation and title only after scripts, and names who misses them', async () => {
    const { status, body } = await h.analyze(h.server.origin(SHELL))
    expect(status).toBe(200)
    expect(body.rendering.status).toBe('measured')
    const [home] = body.rendering.pages
    expect([home.status, home.stopped, home.error]).toEqual([200, null, null])
    const c = home.comparison
    // every word of the main text is written by the script: the title, the paragraph and the link texts of the
    // navigation (which the main-text count leaves out)
    expect(c.words.raw).toBe(0)
    expect(c.words.only_rendered).toBe(SHELL_WORDS + 2)
    expect(c.words.only_rendered_share).toBe(1)
    expect([c.links.navigation_only_rendered, c.links.navigation_rendered]).toEqual([4, 4])
    expect(c.headings.only_rendered).toEqual(['h1 Shell Widgets'])
    expect(c.head_changes).toEqual([{ field: 'title', raw: 'Loading…', rendered: 'Shell Widgets' }])
    expect(c.requires_javascript).toBe(true)
    expect(body.rendering.requires_javascript).toBe(true)
    const gap = gapOf(body, 'content_requires_javascript')
    expect(gap.evidence).toMatch(/^Only after JavaScript runs: \/: 100% of the main text \(82 of 82 words\) and 4 of 4 navigation links\. /)
    expect(gap.evidence).toContain('GPTBot, OAI-SearchBot, ChatGPT-User, ClaudeBot, PerplexityBot, Meta-ExternalAgent, Bytespider read the raw HTML only')
    expect(gap.evidence).toContain('Googlebot and Applebot run scripts first')
    expect(gap.evidence).toContain('https://vercel.com/blog/the-rise-of-the-ai-crawler')
    expect(body.performance.status).toBe('measured')
    expect(body.performance.lcp_ms.value).toBeGreaterThan(0)
    expect(body.performance.lcp_ms).toMatchObject({ good: 2500, poor: 4000 })
    expect(['good', 'needs_improvement', 'poor']).toContain(body.performance.tbt_ms.rating)
  })

  it('reports a canonical that only a script adds, on a page whose text needs no script', async () => {
    const { body } = await h.analyze(h.server.origin(SSR))
    const c = body.rendering.pages[0].comparison
    expect(c.head_changes).toEqual([{ field: 'canonical', raw: null, rendered: `${h.server.origin(SSR)}/` }])
    expect([c.words.only_rendered, c.requires_javascript]).toEqual([0, false])
    expect(gapOf(body, 'content_requires_javascript')).toBeUndefined()
  })

  it('finds nothing that scripts add on a static site', async () => {
    const { body } = await h.analyze(h.server.origin(STATIC))
    const c = body.rendering.pages[0].comparison
    expect(c.words.raw).toBe(c.words.rendered)
    expect([c.words.only_rendered, c.links.only_rendered, c.head_changes, c.requires_javascript]).toEqual([0, 0, [], false])
    expect(body.rendering.requires_javascript).toBe(false)
  })

  it('cuts off a hostile site\'s pages, refuses private and metadata addresses, and still answers', async () => {
    const { status, body } = await h.analyze(h.server.origin(HOSTILE_RENDER))
    expect(status).toBe(200)
    const byPath = Object.fromEntries(body.rendering.pages.map((p: any) => [new URL(p.final_url).pathname, p]))
    // its flood runs into the request budget, unless the deadline comes first on a loaded machine
    expect(['requests', 'timeout']).toContain(byPath['/'].stopped)
    // the image on 127.0.0.2, the iframe and the fetch on 169.254.169.254 were refused, with the flood past its budget
    expect(byPath['/'].refused).toBeGreaterThanOrEqual(3)
    // read as it stood when stopped, if the DOM could be read before its deadline (a loaded machine may not leave time)
    if (byPath['/'].comparison === null) expect(byPath['/'].error).toBe(`not rendered (${byPath['/'].stopped as string})`)
    else expect([byPath['/'].comparison.words.only_rendered, byPath['/'].comparison.requires_javascript]).toEqual([0, null])
    expect(byPath['/loop'].stopped).toBe('timeout')
    expect(body.performance).toEqual({ status: 'not_measured', reason: `the homepage did not settle (${byPath['/'].stopped as string})` })
    const flood = h.server.seen.filter((s) => s.startsWith(`${HOSTILE_RENDER} /n/`)).length
    expect(flood).toBeLessThanOrEqual(150)
  })

  it('shows the comparison and the crawlers in the Markdown report', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/v1/site-intel/analyze', headers: { ...KEY, accept: 'text/markdown' }, payload: { url: h.server.origin(SHELL) } })
    expect(res.body).toContain('## What scripts add (rendered in Chromium)')
    expect(res.body).toContain('100% (82 of 82 words), needs JavaScript')
    expect(res.body).toMatch(/\| GPTBot \(OpenAI\) \|.*\| no: misses 100% of the homepage's main text \|/)
    expect(res.body).toMatch(/\| Googlebot \(Google\) \|.*\| yes \|/)
    expect(res.body).toContain('## Lab Core Web Vitals (not scored)')
  })
})

describe('analysis without the renderer', () => {
  let h: Harness
  beforeAll(async () => { h = await harness(RENDERED_HOSTS, renderedSites) })
  afterAll(async () => { await h?.close() })

  it('says rendering is disabled, and judges JavaScript by the raw text alone', async () => {
    const { body } = await h.analyze(h.server.origin(SHELL))
    expect(body.rendering).toEqual({ status: 'disabled' })
    expect(body.performance).toEqual({ status: 'not_measured', reason: 'rendering is disabled' })
    expect(gapOf(body, 'content_requires_javascript')).toBeDefined()
  })
})
