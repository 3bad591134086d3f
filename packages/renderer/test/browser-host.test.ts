// Issue 32: a browser that is missing, slow or broken never blocks a caller past its deadline, is reported with a
// reason, and is launched again when a render needs it.
import { createSafeFetcher, type SafeFetcher } from '@utility-apis/safe-fetch'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createRenderer, type RendererError, type RenderResult } from '../src/index.js'
import { browserPids, browserSuite, CHROMIUM, gatedBrowser } from './helpers/chromium.js'
import { sitePages, startFixture, STATIC_TEXT, type Fixture } from './helpers/fixture-site.js'

// a first render that waits for a browser's launch: the claim is that it serves, and a loaded machine's cold launch
// can take most of the default 10 s
const COLD_LAUNCH = { timeoutMs: 25_000 }

const unavailable = (reason: string): Record<string, string> => ({ name: 'RendererError', code: 'RENDERER_UNAVAILABLE', message: reason })

browserSuite('the browser of a renderer', () => {
  let site: Fixture
  let fetcher: SafeFetcher
  beforeAll(async () => {
    site = await startFixture(sitePages(() => 'http://127.0.0.2:9'))
    fetcher = createSafeFetcher({ allowCidrs: ['127.0.0.1/32'] })
  })
  afterAll(async () => {
    await fetcher?.close()
    await site?.close()
  })

  it('that cannot start fails renders at once with the reason, tries again after the relaunch delay, and serves once it is back', async () => {
    const browser = gatedBrowser(true)
    const renderer = createRenderer({ fetcher, executablePath: browser.path, relaunchDelayMs: 1500 })
    try {
      await expect(renderer.start()).rejects.toMatchObject(unavailable('the browser could not be started'))
      await expect(renderer.render(`${site.origin}/static`)).rejects.toMatchObject(unavailable('the browser could not be started'))
      // within the delay, the failure stands without a second launch
      expect(browser.starts()).toBe(1)
      browser.open()
      await new Promise((resolve) => setTimeout(resolve, 1600))
      const r = await renderer.render(`${site.origin}/static`, COLD_LAUNCH)
      expect([r.status, r.stopped, r.html?.includes(STATIC_TEXT)]).toEqual([200, null, true])
      expect(browser.starts()).toBe(2)
    } finally {
      await renderer.close()
      browser.remove()
    }
  })

  it('that is slow to start is not waited for past a render\'s deadline, and the one launch serves later renders', async () => {
    const browser = gatedBrowser()
    const renderer = createRenderer({ fetcher, executablePath: browser.path })
    try {
      const early = await renderer.render(`${site.origin}/static`, { timeoutMs: 1000 }).catch((error: unknown) => error)
      expect(early).toMatchObject(unavailable('the browser is still starting'))
      browser.open()
      const r = await renderer.render(`${site.origin}/static`, COLD_LAUNCH)
      expect([r.status, r.stopped]).toEqual([200, null])
      expect(browser.starts()).toBe(1)
    } finally {
      await renderer.close()
      browser.remove()
    }
  })

  it('that does not start within the launch timeout counts as failed', async () => {
    const browser = gatedBrowser()
    const renderer = createRenderer({ fetcher, executablePath: browser.path, launchTimeoutMs: 1000 })
    try {
      await expect(renderer.start()).rejects.toMatchObject(unavailable('the browser did not start within 1 s'))
    } finally {
      await renderer.close()
      browser.remove()
    }
  })

  it('that stops answering holds no render slot past its deadline, and is killed and replaced once it answered nothing for a while', async () => {
    const renderer = createRenderer({ fetcher, executablePath: CHROMIUM, maxConcurrent: 1, unresponsiveMs: 2000 })
    const frozen: number[] = []
    try {
      await renderer.start()
      // a wedged browser: its process alive and connected, answering nothing
      for (const pid of browserPids()) { process.kill(pid, 'SIGSTOP'); frozen.push(pid) }
      expect(frozen).toHaveLength(1)
      const url = `${site.origin}/static`
      // each answers by its deadline, cut short; the second finds the browser silent for longer than unresponsiveMs
      const silent = [await renderer.render(url, { timeoutMs: 1500 }), await renderer.render(url, { timeoutMs: 1500 })]
      expect(silent).toMatchObject([{ stopped: 'timeout', html: null }, { stopped: 'timeout', html: null }])
      expect(browserPids()).not.toContain(frozen[0])
      // a new browser serves (its launch may outlast a render's time on a loaded machine)
      let again: RenderResult | RendererError | undefined
      for (let i = 0; i < 3 && (again as RenderResult | undefined)?.stopped !== null; i++) {
        again = await renderer.render(url).catch((error: RendererError) => error)
      }
      expect(again).toMatchObject({ status: 200, stopped: null, html: expect.stringContaining(STATIC_TEXT) })
    } finally {
      for (const pid of frozen) {
        try {
          process.kill(pid, 'SIGKILL')
        } catch {} // killed by the renderer, as it should be
      }
      await renderer.close()
    }
  })

  it.each([
    ['history.pushState', '/trick/push-state-flood'],
    ['history.replaceState', '/trick/replace-state-flood'],
    ['location.hash', '/trick/hash-flood']
  ])('that a page floods with %s calls still serves the pages rendered beside it and after it', async (_name, path) => {
    const renderer = createRenderer({ fetcher, executablePath: CHROMIUM, maxConcurrent: 2 })
    // generous for a loaded machine: the claim is that the plain pages complete, not how fast (a flooded browser
    // answered their requests only after minutes)
    const plain = { timeoutMs: 15_000 }
    try {
      await renderer.start()
      const flooding = renderer.render(`${site.origin}${path}`, { timeoutMs: 4000 })
      // the page floods from its first timer tick: the plain page asks for its context, tab and document meanwhile
      await new Promise((resolve) => setTimeout(resolve, 1000))
      const beside = await renderer.render(`${site.origin}/static`, plain)
      const after = await renderer.render(`${site.origin}/static`, plain)
      for (const r of [beside, after]) expect([r.status, r.stopped, r.html?.includes(STATIC_TEXT)]).toEqual([200, null, true])
      // the flooding page itself answers by its deadline (give or take a loaded machine's lag), settled or cut short
      const flooded = await flooding
      expect(flooded.status).toBe(200)
      expect([null, 'timeout']).toContain(flooded.stopped)
      expect(flooded.durationMs).toBeLessThanOrEqual(4000 + 1000)
    } finally {
      await renderer.close()
    }
  }, 60_000)

  it('is closed for good with the renderer', async () => {
    const renderer = createRenderer({ fetcher, executablePath: '/nonexistent/chromium' })
    await renderer.close()
    await expect(renderer.render(`${site.origin}/static`)).rejects.toMatchObject({ code: 'RENDERER_CLOSED' })
  })
})
