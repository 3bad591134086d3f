// The separate job worker process analyses as the API does: with RENDERER=chromium its items are rendered too.
import { Metrics, testConfig } from '@utility-apis/service-kit'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { browserRuns, CHROMIUM } from '../../../packages/renderer/test/helpers/chromium.js'
import { siteWorker } from '../src/job-worker.js'
import { fixturePolicy, startFixtureServer, type FixtureServer } from './fixtures/fixture-server.js'
import { RENDERED_HOSTS, renderedSites, SHELL } from './fixtures/sites/rendered.js'

const runs = browserRuns
const suite = runs ? describe : describe.skip
const noCache = null as never

async function workerParts (env: Record<string, string>, warnings: string[]) {
  const definition = siteWorker(env, (message) => warnings.push(message))
  return await definition.build({ ...testConfig(), fetchPolicy: fixturePolicy(RENDERED_HOSTS) }, noCache, new Metrics('site'))
}

suite(runs ? 'site job worker' : `site job worker (skipped: no chromium at ${CHROMIUM})`, { timeout: 60_000 }, () => {
  let server: FixtureServer
  beforeAll(async () => { server = await startFixtureServer(renderedSites) })
  afterAll(async () => { await server?.close() })

  it('renders the items of a job when RENDERER=chromium, as the single call does', async () => {
    const warnings: string[] = []
    const parts = await workerParts({ RENDERER: 'chromium', CHROMIUM_PATH: CHROMIUM }, warnings)
    try {
      // the worker does not wait for its browser: on a loaded machine the first items may come before it is up
      let outcome: any
      for (let i = 0; i < 5 && outcome?.value.rendering.pages?.[0]?.stopped !== null; i++) {
        outcome = await parts.processor.run(server.origin(SHELL), new AbortController().signal)
      }
      expect(outcome.ok).toBe(true)
      expect(outcome.value.rendering.status).toBe('measured')
      expect(outcome.value.rendering.requires_javascript).toBe(true)
      expect(warnings).toEqual([])
    } finally {
      await parts.close?.()
      await parts.fetcher.close()
    }
  })

  it('says rendering is disabled without RENDERER, and warns once when the browser cannot start', async () => {
    const plain = await workerParts({}, [])
    const outcome = await plain.processor.run(server.origin(SHELL), new AbortController().signal) as any
    expect(outcome.value.rendering).toEqual({ status: 'disabled' })
    await plain.fetcher.close()

    const warnings: string[] = []
    const broken = await workerParts({ RENDERER: 'chromium', CHROMIUM_PATH: '/nonexistent/chromium' }, warnings)
    await vi.waitFor(() => { expect(warnings).toEqual(['the renderer did not start: the browser could not be started']) })
    const failed = await broken.processor.run(server.origin(SHELL), new AbortController().signal) as any
    expect(failed.value.rendering).toEqual({ status: 'failed', reason: 'the renderer is unavailable: the browser could not be started' })
    await broken.close?.()
    await broken.fetcher.close()
  })
})
