// The separate job worker process profiles as the API does: with RENDERER=chromium an application shell is rendered.
import { Metrics, testConfig } from '@utility-apis/service-kit'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserRuns, CHROMIUM } from '../../../packages/renderer/test/helpers/chromium.js'
import { brandWorker } from '../src/job-worker.js'
import { startFixtureServer, type FixtureServer } from './helpers/fixture-server.js'

const REDIS_URL = process.env.REDIS_URL
const canRender = browserRuns
const HOST = 'shell-worker.test'
const SHELL = '<!doctype html><html lang="en"><head><title>Vite App</title></head><body><div id="root"></div>' +
  '<script src="/app.js"></script></body></html>'
const APP_JS = "document.title = 'Ledgerly'; document.getElementById('root').innerHTML = '<main><h1>Ledgerly books</h1></main>'"

const reason = REDIS_URL === undefined ? 'no REDIS_URL' : `no chromium at ${CHROMIUM}`
const suite = canRender && REDIS_URL !== undefined ? describe : describe.skip

suite(suite === describe ? 'brand job worker' : `brand job worker (skipped: ${reason})`, { timeout: 60_000 }, () => {
  let server: FixtureServer
  let redis: Redis
  beforeAll(async () => {
    server = await startFixtureServer({
      [HOST]: { '/': { body: SHELL }, '/app.js': { body: APP_JS, headers: { 'content-type': 'text/javascript' } } }
    })
    redis = new Redis(REDIS_URL as string)
  })
  afterAll(async () => {
    redis?.disconnect()
    await server?.close()
  })

  it('renders an application shell when RENDERER=chromium, as the single call does', async () => {
    const definition = brandWorker({ RENDERER: 'chromium', CHROMIUM_PATH: CHROMIUM }, () => {})
    const fetchPolicy = { allowCidrs: ['127.0.0.1/32'], hostMap: { [HOST]: '127.0.0.1' } }
    const parts = await definition.build({ ...testConfig(), fetchPolicy }, redis as never, new Metrics('brand'))
    try {
      // a fresh port each run, so the shared cache never answers for an earlier run
      const outcome = await parts.processor.run(`${server.origin(HOST)}/`, new AbortController().signal) as any
      expect(outcome.ok).toBe(true)
      expect(outcome.value).toMatchObject({ brand_name: 'Ledgerly', error: null })
      expect(outcome.value.sources).toContain('rendered-html')
    } finally {
      await parts.close?.()
      await parts.fetcher.close()
    }
  })
})
