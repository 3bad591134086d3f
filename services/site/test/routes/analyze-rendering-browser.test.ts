// Issue 32: a site service whose browser is missing or slow to start starts all the same (its launch never holds up
// onReady) and answers with rendering failed and the reason until the browser is up, then renders.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { browserRuns, CHROMIUM, gatedBrowser } from '../../../../packages/renderer/test/helpers/chromium.js'
import { appFor } from '../fixtures/analyze.js'
import { startFixtureServer, type FixtureServer } from '../fixtures/fixture-server.js'
import { RENDERED_HOSTS, renderedSites, SHELL, STATIC } from '../fixtures/sites/rendered.js'

const runs = browserRuns
const suite = runs ? describe : describe.skip

suite(runs ? 'a site service whose browser is not up' : `a site service whose browser is not up (skipped: no chromium at ${CHROMIUM})`, { timeout: 60_000 }, () => {
  let sites: FixtureServer
  beforeAll(async () => { sites = await startFixtureServer(renderedSites) })
  afterAll(async () => { await sites?.close() })

  it('answers rendering failed, with the reason, when the browser cannot start; the raw text decides the JavaScript gap', async () => {
    const h = await appFor(RENDERED_HOSTS, { executablePath: '/nonexistent/chromium' })
    try {
      await h.app.ready()
      const { status, body } = await h.analyze(sites.origin(SHELL))
      expect(status).toBe(200)
      const reason = 'the renderer is unavailable: the browser could not be started'
      expect([body.rendering, body.performance]).toEqual([{ status: 'failed', reason }, { status: 'not_measured', reason }])
      expect(body.gaps.map((g: any) => g.code)).toContain('content_requires_javascript')
    } finally {
      await h.close()
    }
  })

  it('is ready while its browser is still starting, says so, and renders once it is up', async () => {
    const browser = gatedBrowser()
    const h = await appFor(RENDERED_HOSTS, { executablePath: browser.path })
    try {
      // the browser is held at its gate: ready does not wait for it
      await h.app.ready()
      await vi.waitFor(() => { expect(browser.starts()).toBe(1) })
      const early = (await h.analyze(sites.origin(STATIC), { time_budget_seconds: 3 })).body
      expect(early.rendering).toEqual({ status: 'failed', reason: 'the renderer is unavailable: the browser is still starting' })
      browser.open()
      await vi.waitFor(async () => {
        const { body } = await h.analyze(sites.origin(STATIC))
        expect(body.rendering.pages?.[0]).toMatchObject({ stopped: null, error: null })
      }, { timeout: 40_000, interval: 500 })
    } finally {
      await h.close()
      browser.remove()
    }
  })
})
