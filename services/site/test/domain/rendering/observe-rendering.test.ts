// The rules that turn renders into facts. The renders are given, not made: a real browser cannot be made to stop a
// page, or to paint nothing, on cue (the browser itself is exercised end to end in test/routes/analyze-rendering*.ts).
import type { Renderer, RenderResult } from '@utility-apis/renderer'
import { describe, expect, it } from 'vitest'
import type { SiteObservations } from '../../../src/domain/observations.js'
import { beginRendering } from '../../../src/domain/rendering/observe-rendering.js'

const HOME = 'https://example.com/'
const SHELL_RAW = '<!doctype html><html><head><title>Loading</title></head><body><div id="root"></div></body></html>'
const SHELL_RENDERED = `<!doctype html><html><head><title>Widgets</title></head><body><div id="root"><main><h1>Widgets</h1><p>${
  Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ')}</p></main></div></body></html>`

function rendered (changes: Partial<RenderResult>): RenderResult {
  return {
    requestedUrl: HOME,
    finalUrl: HOME,
    error: null,
    stopped: null,
    requests: 3,
    bytes: 4000,
    refused: [],
    refusedCount: 0,
    dialogs: 0,
    durationMs: 900,
    status: 200,
    raw: { body: Buffer.from(SHELL_RAW), contentType: 'text/html; charset=utf-8' },
    html: SHELL_RENDERED,
    vitals: { lcp_ms: 900, cls: 0.01, tbt_ms: 40, fcp_ms: 600 },
    screenshots: null,
    ...changes
  }
}

const observations = { homepage: { page: {}, fetch: { final_url: HOME } }, sample: { pages: [] } } as unknown as SiteObservations

async function factsOf (result: RenderResult) {
  const renderer: Renderer = { start: async () => {}, render: async () => result, memory: () => ({ rssBytes: 0, processes: 0 }), close: async () => {} }
  return await beginRendering(renderer, () => 20_000).finish(observations)
}

describe('beginRendering', () => {
  it('decides what scripts add from a complete render', async () => {
    const { rendering, performance } = await factsOf(rendered({}))
    expect(rendering.status === 'measured' && rendering.pages[0].comparison?.requires_javascript).toBe(true)
    expect(performance).toMatchObject({ status: 'measured', lcp_ms: { value: 900, rating: 'good' } })
  })

  it.each(['timeout', 'requests', 'bytes', 'dialogs', 'error'] as const)('reports what a render cut short (%s) showed, and decides nothing from it', async (stopped) => {
    const { rendering, performance } = await factsOf(rendered({ stopped }))
    if (rendering.status !== 'measured') throw new Error(`rendering ${rendering.status}`)
    expect(rendering.pages[0]).toMatchObject({ stopped, comparison: { words: { raw: 0, rendered: 61 }, requires_javascript: null } })
    expect(performance).toEqual({ status: 'not_measured', reason: `the homepage did not settle (${stopped})` })
  })

  it('calls performance measured only when every metric has a value', async () => {
    expect((await factsOf(rendered({ vitals: { lcp_ms: null, cls: 0, tbt_ms: 0, fcp_ms: null } }))).performance)
      .toEqual({ status: 'not_measured', reason: 'the homepage painted no content' })
    expect((await factsOf(rendered({ vitals: null }))).performance)
      .toEqual({ status: 'not_measured', reason: 'the homepage\'s main thread did not go quiet in time' })
  })
})
