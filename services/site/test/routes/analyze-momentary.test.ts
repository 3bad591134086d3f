// What the site refused for the moment is not read: a sampled page or llms.txt answering 429 or 503 (a Retry-After
// asks to come back later) says nothing settled about the site, as brand and robots/simulate read such answers. The
// checks that read it are not measured, set their points aside as the budget's do, raise no gap, and the answer is
// incomplete; a settled answer (a 404 llms.txt) is still scored as the site's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checksOf, harness, KEY, type Harness } from '../fixtures/analyze.js'
import { html, text, words } from '../fixtures/html.js'

// every sampled page and llms.txt refused for the moment
const FLAKY = 'flaky.test'
// one sampled page answers, the other refuses for the moment
const PARTLY = 'partly.test'
// llms.txt answers 404: the site's settled answer
const SETTLED = 'settled.test'
const LLMS_CHECKS = ['llm_readiness.llms_txt', 'llm_readiness.llms_txt_shape', 'llm_readiness.llms_txt_links', 'llm_readiness.markdown_version']
const CATEGORY_MAX: Record<string, number> = { fetchability: 20, metadata: 25, crawl_policy: 20, structured_data: 10, llm_readiness: 15, freshness: 10 }

let h: Harness
const reports: Record<string, any> = {}
let markdown = ''

const busy = (status: number, type = 'text/html'): { status: number, headers: Record<string, string>, body: string } =>
  ({ status, headers: { 'retry-after': '30', 'content-type': type }, body: 'busy, come back later' })

beforeAll(async () => {
  const home = html('<!doctype html><html lang="en"><head><title>Acme widgets for every workshop</title></head>' +
    `<body><main><h1>Acme</h1><p>${words(200)}</p><a href="/p1">Page one</a><a href="/p2">Page two</a></main></body></html>`)
  const page = html(`<!doctype html><html lang="en"><head><title>A page below the home page</title></head><body><main><p>${words(200)}</p></main></body></html>`)
  h = await harness([FLAKY, PARTLY, SETTLED], () => ({
    [FLAKY]: { '/': home, '/p1': busy(429), '/p2': busy(503), '/llms.txt': busy(503, 'text/plain') },
    [PARTLY]: { '/': home, '/p1': page, '/p2': busy(503), '/llms.txt': text('# Acme\n> Widgets\n- [Page one](/p1)\n') },
    [SETTLED]: { '/': home, '/p1': page, '/p2': page }
  }))
  const [flaky, partly, settled, md] = await Promise.all([
    h.analyze(h.server.origin(FLAKY)), h.analyze(h.server.origin(PARTLY)), h.analyze(h.server.origin(SETTLED)),
    h.app.inject({ method: 'POST', url: '/v1/site-intel/analyze', headers: { ...KEY, accept: 'text/markdown' }, payload: { url: h.server.origin(FLAKY) } })
  ])
  reports[FLAKY] = flaky.body
  reports[PARTLY] = partly.body
  reports[SETTLED] = settled.body
  markdown = md.body
}, 60_000)
afterAll(async () => { await h.close() })

describe('sampled pages and llms.txt refused for the moment (429, 503)', () => {
  it('answers that it is incomplete, the checks that read them not measured and their points shared', () => {
    const report = reports[FLAKY]
    expect(report.observations.budget.exhausted).toBe(false)
    expect(report.complete).toBe(false)
    expect(report.not_measured).toEqual(['fetchability.sampled_pages', 'structured_data.breadcrumb', ...LLMS_CHECKS])
    const checks = checksOf(report)
    expect(checks['fetchability.sampled_pages']).toEqual({
      points: 0, detail: 'not measured: the sampled pages answered HTTP 429 or HTTP 503, a momentary refusal'
    })
    for (const id of LLMS_CHECKS) {
      expect([id, checks[id]]).toEqual([id, { points: 0, detail: 'not measured: /llms.txt answered HTTP 503, a momentary refusal' }])
    }
    expect(report.max_score).toBe(100)
    for (const [category, max] of Object.entries(CATEGORY_MAX)) expect([category, report.category_scores[category].max]).toEqual([category, max])
  })

  it('raises no gap about what it did not read', () => {
    const codes = reports[FLAKY].gaps.map((g: any) => g.code)
    expect(codes.filter((code: string) => ['missing_llms_txt', 'sitemap_sample_errors'].includes(code))).toEqual([])
  })

  it('says so at the top of the Markdown report', () => {
    const line = (markdown.split('\n').find((l) => l.startsWith('> **Incomplete analysis')) ?? '').replace(/\\(.)/g, '$1')
    expect(line).toContain('the site refused 3 fetches for the moment')
    expect(line).toContain('/llms.txt answered HTTP 503')
    expect(line).toContain('A later analysis may measure what was refused.')
  })
})

describe('a sample partly refused for the moment', () => {
  it('measures the sampled pages on those that answered, and is incomplete', () => {
    const report = reports[PARTLY]
    expect(report.complete).toBe(false)
    expect(report.not_measured).toEqual([])
    expect(checksOf(report)['fetchability.sampled_pages']).toEqual({
      points: 2, detail: '1 of 1 sampled pages answered 2xx (1 more refused for the moment)'
    })
  })
})

describe('a settled answer', () => {
  it('still scores a 404 llms.txt as missing, with its gap, in a complete answer', () => {
    const report = reports[SETTLED]
    expect(report.complete).toBe(true)
    expect(report.not_measured).toEqual([])
    expect(checksOf(report)['llm_readiness.llms_txt'].points).toBe(0)
    expect(checksOf(report)['llm_readiness.llms_txt'].detail).toMatch(/404/)
    expect(report.gaps.map((g: any) => g.code)).toContain('missing_llms_txt')
  })
})
