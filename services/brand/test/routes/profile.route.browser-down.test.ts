// Issue 32: a brand service whose browser is missing or slow to start starts all the same (its launch never holds up
// onReady) and profiles application shells as shells, saying why they were not rendered, until the browser is up.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { browserRuns, CHROMIUM, gatedBrowser } from '../../../../packages/renderer/test/helpers/chromium.js'
import { buildTestApp, profile } from '../helpers/app.js'
import { startFixtureServer, type FixtureServer, type FixtureSite } from '../helpers/fixture-server.js'

const runs = browserRuns
const suite = runs ? describe : describe.skip

const shell: FixtureSite = {
  '/': { body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Loading</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>' },
  '/app.js': { body: 'document.getElementById(\'root\').innerHTML = \'<h1>Written by the script</h1>\'', headers: { 'content-type': 'text/javascript' } }
}
const HOSTS = ['first.test', 'second.test', 'third.test']

suite(runs ? 'a brand service whose browser is not up' : `a brand service whose browser is not up (skipped: no chromium at ${CHROMIUM})`, { timeout: 60_000 }, () => {
  let sites: FixtureServer
  beforeAll(async () => { sites = await startFixtureServer(Object.fromEntries(HOSTS.map((host) => [host, shell]))) })
  afterAll(async () => { await sites?.close() })
  const at = (host: string): string => `${sites.origin(host)}/`

  it('reports a shell as a shell with the reason when the browser cannot start', async () => {
    const app: FastifyInstance = await buildTestApp(HOSTS, { renderer: { executablePath: '/nonexistent/chromium' } })
    try {
      await app.ready()
      const response = await profile(app, { domain: at('first.test') })
      expect(response.statusCode).toBe(200)
      const body = response.json()
      expect(body.error).toEqual({ code: 'javascript_required', message: expect.stringMatching(/could not be rendered: the browser could not be started$/) })
      expect(body.sources).not.toContain('rendered-html')
    } finally {
      await app.close()
    }
  })

  it('is ready while its browser is still starting, and renders once it is up', async () => {
    const browser = gatedBrowser()
    const app: FastifyInstance = await buildTestApp(HOSTS, { renderer: { executablePath: browser.path } })
    try {
      // the browser is held at its gate: ready does not wait for it
      await app.ready()
      await vi.waitFor(() => { expect(browser.starts()).toBe(1) })
      const early = (await profile(app, { domain: at('second.test'), timeout_seconds: 3 })).json()
      expect(early.error).toEqual({ code: 'javascript_required', message: expect.stringMatching(/could not be rendered: the browser is still starting$/) })
      browser.open()
      await vi.waitFor(async () => {
        const body = (await profile(app, { domain: at('third.test'), timeout_seconds: 15 })).json()
        expect(body.sources).toContain('rendered-html')
      }, { timeout: 40_000, interval: 500 })
    } finally {
      await app.close()
      browser.remove()
    }
  })
})
