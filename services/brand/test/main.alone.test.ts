// Issue 32: nothing a fetched page does ends the service. src/main.ts runs in a process of its own with
// RENDERER=chromium, as deployed, and profiles application shells (which it renders) whose scripts try every trick:
// new windows (a form and a link to _blank, window.open, document.open), a meta refresh looping in an iframe, endless
// dialogs, a request flood, a busy loop, a page that eats memory until its tab crashes, and the browser process killed
// during a profile. After each the service answers; at the end it is still running and logged no failure.
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserRuns, CHROMIUM, killBrowsers } from '../../../packages/renderer/test/helpers/chromium.js'
import { startServiceProcess, type ServiceProcess } from '../../../packages/service-kit/test/helpers/service-process.js'
import { startFixtureServer, type FixtureServer, type FixtureSite } from './helpers/fixture-server.js'

const runs = browserRuns
const suite = runs ? describe : describe.skip
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url))

const SHELL = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Loading</title></head>' +
  '<body><div id="root"></div><script src="/app.js"></script></body></html>'
// what the bundle of a real shell writes, after its trick (if the trick lets it)
const CONTENT = `document.title = 'Trickster | Trickster'
document.getElementById('root').innerHTML = '<header><h1>Trickster</h1></header><main><p>Tricks for every page.</p></main>'`

const TRICKS: Record<string, string> = {
  'windows.test': `const form = document.createElement('form'); form.action = '/away'; form.target = '_blank'; document.body.append(form); form.submit()
    const link = document.createElement('a'); link.href = '/away'; link.target = '_blank'; document.body.append(link); link.click()
    window.open('/away'); document.open('/away', '_blank', '')`,
  'refresh.test': 'const frame = document.createElement(\'iframe\'); frame.src = \'/refresh\'; document.body.append(frame)',
  'dialogs.test': 'for (;;) alert(\'again\')',
  'flood.test': 'for (let i = 0; i < 10000; i++) fetch(\'/n/\' + i).catch(() => {})',
  'busy.test': 'for (;;) {}',
  'hog.test': 'const a = []; for (;;) a.push(new Array(1e6).fill(Math.random()))',
  'killed.test': 'for (;;) {}',
  'plain-shell.test': ''
}

function shellSite (trick: string): FixtureSite {
  const site: FixtureSite = {
    '/': { body: SHELL },
    '/app.js': { body: `${trick}\n${CONTENT}`, headers: { 'content-type': 'text/javascript' } },
    '/refresh': { body: '<meta http-equiv="refresh" content="0"><p>again</p>' },
    '/away': { body: '<p>away</p>' }
  }
  for (let i = 0; i < 200; i++) site[`/n/${i}`] = { body: 'n', headers: { 'content-type': 'text/plain' } }
  return site
}

suite(runs ? 'the brand service with the renderer, in a process of its own' : `the brand process with the renderer (skipped: no chromium at ${CHROMIUM})`,
  { timeout: 90_000 }, () => {
    let sites: FixtureServer
    let service: ServiceProcess
    const profile = async (host: string): Promise<{ status: number, body: any }> => {
      const response = await service.request('/v1/domain/profile', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'dev-key' },
        body: JSON.stringify({ domain: `${sites.origin(host)}/`, timeout_seconds: 12 })
      })
      return { status: response.status, body: await response.json() }
    }

    beforeAll(async () => {
      sites = await startFixtureServer(Object.fromEntries(Object.entries(TRICKS).map(([host, trick]) => [host, shellSite(trick)])))
      service = await startServiceProcess(MAIN, {
        RENDERER: 'chromium',
        CHROMIUM_PATH: CHROMIUM,
        UNSAFE_FETCH_ALLOW_CIDRS: '127.0.0.1/32',
        UNSAFE_FETCH_HOST_MAP: Object.keys(TRICKS).map((host) => `${host}=127.0.0.1`).join(',')
      })
    }, 120_000)
    afterAll(async () => {
      await service?.stop()
      await sites?.close()
    })

    it.each([
      ['opens new windows', 'windows.test'],
      ['refreshes an iframe endlessly', 'refresh.test'],
      ['opens endless dialogs', 'dialogs.test'],
      ['floods requests', 'flood.test'],
      ['loops forever', 'busy.test'],
      ['crashes its tab', 'hog.test']
    ])('profiles a shell that %s, and keeps answering', async (_name, host) => {
      const { status, body } = await profile(host)
      expect(status).toBe(200)
      expect(body.reachable).toBe(true)
      // a loaded service may shed load (503) for a moment; it must come back
      expect(await service.healthyWithin(20_000)).toBe(true)
    })

    it('answers when its browser is killed during a profile, and renders again after', async () => {
      const profiling = profile('killed.test').catch((error: Error) => ({ status: 0, body: { error: error.message } }))
      await new Promise((resolve) => setTimeout(resolve, 2500))
      expect(killBrowsers(service.pid)).toBe(1)
      const { status, body } = await profiling
      expect(status).toBe(200)
      expect(body.error?.code).toBe('javascript_required')
      const plain = (await profile('plain-shell.test')).body
      expect(plain.sources).toContain('rendered-html')
    })

    it('is still running, and logged no unhandled failure', () => {
      expect(service.running()).toBe(true)
      expect(service.log()).not.toMatch(/unhandled promise rejection|uncaught exception/)
    })
  })
