// Issue 32: nothing a fetched page does ends the service. src/main.ts runs in a process of its own with
// RENDERER=chromium, as deployed, and analyses sites whose pages try every trick: new windows (a form and a link to
// _blank, window.open, document.open), a meta refresh looping in an iframe, endless dialogs, request floods, a
// network that never goes quiet, a busy loop, a page that eats memory until its tab crashes, and the browser process
// killed during an analysis. After each the service answers; at the end it is still running and logged no failure.
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserRuns, CHROMIUM, cpuMs, killBrowsers, pageProcesses } from '../../../packages/renderer/test/helpers/chromium.js'
import { startServiceProcess, type ServiceProcess } from '../../../packages/service-kit/test/helpers/service-process.js'
import { startFixtureServer, type FixtureServer } from './fixtures/fixture-server.js'
import { BUSY, FLOOD, HOG, HOSTILE_RENDER, NEVER_SETTLES, RENDERED_HOSTS, renderedSites, STATIC, TRICKS } from './fixtures/sites/rendered.js'

async function until (condition: () => boolean, ms: number): Promise<void> {
  const giveUp = Date.now() + ms
  while (!condition() && Date.now() < giveUp) await new Promise((resolve) => setTimeout(resolve, 100))
}
const runs = browserRuns
const suite = runs ? describe : describe.skip
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url))

suite(runs ? 'the site service with the renderer, in a process of its own' : `the site process with the renderer (skipped: no chromium at ${CHROMIUM})`,
  { timeout: 90_000 }, () => {
    let sites: FixtureServer
    let service: ServiceProcess
    const analyze = async (host: string): Promise<{ status: number, body: any }> => {
      const response = await service.request('/v1/site-intel/analyze', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'dev-key' },
        body: JSON.stringify({ url: sites.origin(host), time_budget_seconds: 8 })
      })
      return { status: response.status, body: await response.json() }
    }

    beforeAll(async () => {
      sites = await startFixtureServer(renderedSites)
      service = await startServiceProcess(MAIN, {
        RENDERER: 'chromium',
        CHROMIUM_PATH: CHROMIUM,
        UNSAFE_FETCH_ALLOW_CIDRS: '127.0.0.1/32',
        UNSAFE_FETCH_HOST_MAP: RENDERED_HOSTS.map((host) => `${host}=127.0.0.1`).join(',')
      })
      // its browser launches in the background: wait until it renders
      for (let i = 0; i < 6; i++) {
        const { body } = await analyze(STATIC)
        if (body.rendering.pages?.[0]?.stopped === null) break
      }
    }, 180_000)
    afterAll(async () => {
      await service?.stop()
      await sites?.close()
    })

    it.each([
      ['new windows, an iframe refreshing itself and endless dialogs', TRICKS],
      ['a request flood', FLOOD],
      ['a network that never goes quiet', NEVER_SETTLES],
      ['a busy loop', BUSY],
      ['requests to private and metadata addresses', HOSTILE_RENDER],
      ['a page that crashes its tab', HOG]
    ])('answers a site of %s, and keeps answering', async (_name, host) => {
      const { status, body } = await analyze(host)
      expect(status).toBe(200)
      expect(body.rendering.status).toBe('measured')
      // a loaded service may shed load (503) for a moment; it must come back
      expect(await service.healthyWithin(20_000)).toBe(true)
    })

    // once more when it fails: its browser runs at the lowest CPU priority, and a CI machine busy with other work for a
    // while (a spell of seconds, seen once in several runs) starves it until no page opens within its time at all
    it('answers when its browser is killed during an analysis, and renders again after', { retry: 1, timeout: 150_000 }, async () => {
      // the browser's processes before (a spare one may take the next page), with the CPU time each had used
      const before = new Map(pageProcesses(service.pid).map((pid) => [pid, cpuMs(pid)]))
      const analysis = analyze(BUSY).catch((error: Error) => ({ status: 0, body: { error: error.message } }))
      // killed once the analysis has its browser busy with the loop: a page process has run it for a while
      await until(() => pageProcesses(service.pid).some((pid) => cpuMs(pid) - (before.get(pid) ?? 0) >= 300), 20_000)
      expect(killBrowsers(service.pid)).toBe(1)
      const { status, body } = await analysis
      expect(status).toBe(200)
      expect(body.rendering.pages.map((p: any) => p.stopped)).toContain('browser_crashed')
      let again: any
      const giveUp = Date.now() + 60_000
      while (again?.rendering.pages?.[0]?.stopped !== null && Date.now() < giveUp) again = (await analyze(STATIC)).body
      expect(again.rendering.pages[0]).toMatchObject({ stopped: null, error: null })
    })

    it('is still running, and logged no unhandled failure', () => {
      expect(service.running()).toBe(true)
      expect(service.log()).not.toMatch(/unhandled promise rejection|uncaught exception/)
    })
  })
