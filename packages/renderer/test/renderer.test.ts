import { createSafeFetcher, withRequestGate, type RequestGate, type SafeFetcher } from '@utility-apis/safe-fetch'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRenderBudget, createRenderer, type Renderer } from '../src/index.js'
import { browserSuite, CHROMIUM } from './helpers/chromium.js'
import { sitePages, startFixture, STATIC_TEXT, type Fixture } from './helpers/fixture-site.js'

browserSuite('rendering a page in chromium', () => {
  let site: Fixture
  let hidden: Fixture
  let fetcher: SafeFetcher
  let renderer: Renderer
  beforeAll(async () => {
    hidden = await startFixture((_request, response) => { response.writeHead(200, { 'content-type': 'text/plain' }).end('secret') }, '127.0.0.2')
    site = await startFixture(sitePages(() => hidden.origin))
    fetcher = createSafeFetcher({ allowCidrs: ['127.0.0.1/32'] })
    renderer = createRenderer({ fetcher, executablePath: CHROMIUM, maxConcurrent: 2, heapMb: 64 })
  }, 30_000)
  afterAll(async () => {
    await renderer?.close()
    await fetcher?.close()
    await site?.close()
    await hidden?.close()
  })

  it('reads a static page as served, with nothing refused', async () => {
    const r = await renderer.render(`${site.origin}/static`)
    expect([r.status, r.error, r.stopped, r.refusedCount, r.requests]).toEqual([200, null, null, 0, 1])
    expect(r.html).toContain(STATIC_TEXT)
    expect(r.raw?.body.toString()).toContain(STATIC_TEXT)
  })

  it('runs the scripts of a client-rendered shell: the DOM holds text the raw HTML lacks', async () => {
    const r = await renderer.render(`${site.origin}/shell`)
    expect(r.raw?.body.toString()).not.toContain('only exists once the script ran')
    expect(r.html).toContain('Text that only exists once the script ran.')
    expect(r.html).toContain('<title>Rendered shell</title>')
    expect(r.requests).toBe(3)
  })

  it('reads a page once the work its scripts queued is done, not when its network went quiet', async () => {
    const r = await renderer.render(`${site.origin}/scheduled-shell`)
    expect([r.status, r.stopped]).toEqual([200, null])
    expect(r.html).toContain('<h1>Committed by the scheduler</h1>')
  })

  it('reads a page that replaced requestIdleCallback with one that never calls back once it settled, not at its deadline', async () => {
    const r = await renderer.render(`${site.origin}/idle-replaced`, { timeoutMs: 8000 })
    expect([r.status, r.stopped]).toEqual([200, null])
    expect(r.html).toContain('<h1>Idle replaced</h1>')
  })

  it('reads a page whose script sends a request after its network went quiet once that request is answered', async () => {
    const r = await renderer.render(`${site.origin}/late-fetch-shell`)
    expect([r.status, r.stopped, r.requests]).toEqual([200, null, 2])
    expect(r.html).toContain('<h1>Text that only exists once the script ran.</h1>')
  })

  it('passes every request the browser makes for a page through the gate of the work that asked for it (a job item\'s)', async () => {
    const passed: string[] = []
    const gate: RequestGate = { acquire: async (host) => { passed.push(host); return () => {} } }
    const r = await withRequestGate(gate, async () => await renderer.render(`${site.origin}/shell`))
    expect(r.requests).toBe(3)
    expect(passed).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1'])
    // a render outside it (a single call) passes no gate
    await renderer.render(`${site.origin}/shell`)
    expect(passed).toHaveLength(3)
  })

  it('keeps the canonical a script adds', async () => {
    const r = await renderer.render(`${site.origin}/ssr-canonical`)
    expect(r.raw?.body.toString()).not.toContain('rel="canonical"')
    expect(r.html).toContain('<link rel="canonical" href="/canonical-from-script">')
  })

  it('follows a document redirect itself, so the page carries its final URL', async () => {
    const r = await renderer.render(`${site.origin}/to-static`)
    expect([r.finalUrl, r.status]).toEqual([`${site.origin}/static`, 200])
    expect(r.html).toContain(STATIC_TEXT)
    expect(site.paths.filter((p) => p === '/to-static')).toHaveLength(1)
  })

  it('refuses a document that redirects to a non-public address, which is never reached', async () => {
    const r = await renderer.render(`${site.origin}/redirect-private`)
    expect([r.status, r.html, r.error]).toEqual([null, null, 'FETCH_ERR_BLOCKED'])
    expect(r.refused).toEqual([{ url: `${site.origin}/redirect-private`, reason: 'policy', code: 'FETCH_ERR_BLOCKED' }])
    expect(hidden.connections).toBe(0)
  })

  it('refuses every private request a page makes: fetch, redirect, image, iframe, preconnect, WebSocket, popup, RTC', async () => {
    const r = await renderer.render(`${site.origin}/fetch-private`)
    expect(r.status).toBe(200)
    expect(r.html).toContain('<p id="out">no-rtc,refused,refused,refused</p>')
    const refused = r.refused.map((x) => `${x.reason} ${x.code ?? ''} ${x.url}`)
    expect(refused).toEqual(expect.arrayContaining([
      `policy FETCH_ERR_BLOCKED ${hidden.origin}/secret`,
      'policy FETCH_ERR_BLOCKED http://169.254.169.254/latest/meta-data/',
      `policy FETCH_ERR_BLOCKED ${site.origin}/redirect-private`,
      `policy FETCH_ERR_BLOCKED ${hidden.origin}/img.png`,
      `policy FETCH_ERR_BLOCKED ${hidden.origin}/frame`,
      `policy FETCH_ERR_BLOCKED ${site.origin}/to-private-frame`
    ]))
    expect(hidden.connections).toBe(0)
    // the WebSocket to the site itself never opened either, and no service worker script was fetched
    expect(site.paths).not.toContain('/ws')
    expect(site.paths).not.toContain('/sw.js')
  })

  it('reads a loaded page that then navigates to a non-public address, which is refused and never reached', async () => {
    const r = await renderer.render(`${site.origin}/navigate-private`)
    expect([r.status, r.error, r.stopped]).toEqual([200, null, null])
    expect(r.html).toContain('<p>loaded</p>')
    expect(r.refused).toContainEqual({ url: `${hidden.origin}/secret`, reason: 'policy', code: 'FETCH_ERR_BLOCKED' })
    expect(hidden.connections).toBe(0)
  })

  it('cuts off an endless loop at the deadline and still reads what was parsed', async () => {
    const r = await renderer.render(`${site.origin}/loop`, { timeoutMs: 1500 })
    expect(r.stopped).toBe('timeout')
    expect(r.html).toContain('before the loop')
    expect(r.durationMs).toBeLessThan(5000)
  })

  it('does not read a DOM that serialises to more than the page\'s bytes, however few bytes built it', async () => {
    const flood = await renderer.render(`${site.origin}/dom-flood`, { maxBytes: 8 * 1024 * 1024 })
    expect([flood.status, flood.stopped, flood.html]).toEqual([200, 'bytes', null])
    expect(flood.bytes).toBeLessThan(4096)
    const within = await renderer.render(`${site.origin}/dom-flood`, { maxBytes: 16 * 1024 * 1024 })
    expect([within.stopped, within.html?.length]).toEqual([null, expect.any(Number)])
    expect(within.html?.length).toBeGreaterThan(12 * 1024 * 1024)
    expect(within.html?.startsWith('<!DOCTYPE html>')).toBe(true)
  })

  it('dismisses dialogs and stops a page that keeps opening them', async () => {
    const r = await renderer.render(`${site.origin}/alert`, { timeoutMs: 5000 })
    expect(r.stopped).toBe('dialogs')
    expect(r.dialogs).toBeGreaterThan(20)
    // its script opens the next dialog as soon as one closes: it is not read, and the answer does not wait for its deadline
    expect(r.html).toBeNull()
    expect(r.durationMs).toBeLessThan(4000)
  })

  it('lets a memory hog crash only its own renderer, while another page renders beside it', async () => {
    const [hog, plain] = await Promise.all([
      renderer.render(`${site.origin}/hog`, { timeoutMs: 8000 }),
      renderer.render(`${site.origin}/static`, { timeoutMs: 8000 })
    ])
    expect(hog.stopped).toBe('crashed')
    expect(hog.html).toBeNull()
    expect([plain.stopped, plain.html?.includes(STATIC_TEXT)]).toEqual([null, true])
  })

  it('stops a page making 10,000 requests at its request budget', async () => {
    const before = site.paths.length
    const r = await renderer.render(`${site.origin}/flood`, { maxRequests: 50 })
    expect(r.stopped).toBe('requests')
    expect(r.requests).toBe(50)
    // the fetches still in flight when the page stopped were cancelled: the site saw at most the budget
    expect(site.paths.length - before).toBeLessThanOrEqual(50)
  })

  it('stops a page at its byte budget', async () => {
    const r = await renderer.render(`${site.origin}/big`, { maxBytes: 400_000 })
    expect(r.stopped).toBe('bytes')
    expect(r.bytes).toBeLessThanOrEqual(400_000)
  })

  it('holds a page to its byte budget however many of its requests run at once', async () => {
    // 20 scripts, each 300 KB, all answered together after 300 ms: each took the whole budget for itself when it began
    const scripts = Array.from({ length: 20 }, (_, i) => `<script src="/s.js?${i}"></script>`).join('')
    const slow = await startFixture((request, response) => {
      if (request.url === '/') response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Many</title>${scripts}<p>many</p>`)
      else setTimeout(() => { response.writeHead(200, { 'content-type': 'text/javascript' }).end(' '.repeat(300_000)) }, 300)
    })
    try {
      const r = await renderer.render(`${slow.origin}/`, { maxBytes: 1_000_000 })
      expect(r.stopped).toBe('bytes')
      expect(r.bytes).toBeLessThanOrEqual(1_000_000)
    } finally {
      await slow.close()
    }
  })

  it('skips images without fetching them when only the DOM counts', async () => {
    const before = site.paths.filter((p) => p.startsWith('/big.bin')).length
    const r = await renderer.render(`${site.origin}/big`, { maxBytes: 400_000, skipMedia: true })
    expect([r.stopped, r.requests, r.refusedCount]).toEqual([null, 1, 0])
    expect(site.paths.filter((p) => p.startsWith('/big.bin')).length).toBe(before)
  })

  it('shares an analysis budget across pages: once spent, later renders get nothing', async () => {
    const budget = createRenderBudget({ timeMs: 20_000, requests: 4, bytes: 10_000_000 })
    const first = await renderer.render(`${site.origin}/shell`, { budget })
    const second = await renderer.render(`${site.origin}/shell`, { budget })
    expect([first.requests, first.stopped]).toEqual([3, null])
    expect([second.requests, second.stopped]).toEqual([1, 'requests'])
    expect(budget.requestsLeft).toBe(0)
  })

  it('measures LCP, CLS and TBT under the device profile', async () => {
    const r = await renderer.render(`${site.origin}/vitals`, { vitals: true })
    const seen = JSON.stringify(r.vitals)
    expect(r.vitals, seen).not.toBeNull()
    expect(r.vitals?.lcp_ms, seen).toBeGreaterThan(0)
    // a 400 ms task, four times slower under the CPU slowdown, blocks well past 50 ms
    expect(r.vitals?.tbt_ms, seen).toBeGreaterThan(300)
    expect(r.vitals?.cls, seen).toBeGreaterThan(0)
  })

  it('reports the memory of the browser it runs', async () => {
    const memory = renderer.memory()
    expect(memory.processes).toBeGreaterThan(1)
    expect(memory.rssBytes).toBeGreaterThan(10 * 1024 * 1024)
  })
})

describe('an entry URL that is not http(s)', () => {
  it('is refused before any browser is launched: only http(s) requests pass the checks', async () => {
    // no browser here: a launch would fail the render with a RendererError
    const renderer = createRenderer({ executablePath: '/nonexistent/chromium' })
    try {
      for (const [url, code] of [['file:///etc/passwd', 'FETCH_ERR_SCHEME'], ['chrome://version', 'FETCH_ERR_SCHEME'], ['not a url', 'FETCH_ERR_BAD_URL']]) {
        const r = await renderer.render(url, { timeoutMs: 5000 })
        expect([r.error, r.status, r.html, r.requests], url).toEqual([code, null, null, 0])
      }
    } finally {
      await renderer.close()
    }
  })
})
