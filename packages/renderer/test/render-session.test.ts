// Issue 32: nothing a page does ends the process or escapes its render. Each trick runs in the real Chromium against
// fixture servers on 127.0.0.1; after each, the same renderer still renders a plain page.
import { createSafeFetcher, type SafeFetcher } from '@utility-apis/safe-fetch'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { createRenderer, type Renderer } from '../src/index.js'
import { browserSuite, CHROMIUM, killBrowsers } from './helpers/chromium.js'
import { sitePages, startFixture, STATIC_TEXT, type Fixture } from './helpers/fixture-site.js'

browserSuite('what a page does stays inside its render', () => {
  let site: Fixture
  let fetcher: SafeFetcher
  let renderer: Renderer
  const escaped: string[] = []
  const onUnhandled = (error: unknown): void => { escaped.push(`${(error as Error)?.name}: ${(error as Error)?.message}`) }
  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled)
    process.on('uncaughtException', onUnhandled)
    site = await startFixture(sitePages(() => 'http://127.0.0.2:9'))
    fetcher = createSafeFetcher({ allowCidrs: ['127.0.0.1/32'] })
    renderer = createRenderer({ fetcher, executablePath: CHROMIUM, maxConcurrent: 2, heapMb: 64, relaunchDelayMs: 100 })
    await renderer.start()
  }, 30_000)
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled)
    process.off('uncaughtException', onUnhandled)
    await renderer?.close()
    await fetcher?.close()
    await site?.close()
  })
  afterEach(async () => {
    // the renderer still works, and nothing was thrown past it
    const plain = await renderer.render(`${site.origin}/static`, { timeoutMs: 8000 })
    expect([plain.status, plain.stopped, plain.html?.includes(STATIC_TEXT)]).toEqual([200, null, true])
    expect(escaped).toEqual([])
    expect(site.paths.filter((p) => p.startsWith('/popup-target'))).toEqual([])
  })

  const refusedOf = (r: { refused: Array<{ url: string, reason: string }> }): string[] => r.refused.map((x) => `${x.reason} ${new URL(x.url).pathname}`)

  it.each([
    ['a form submitted to target=_blank', '/trick/form-blank', 'popup /popup-target/form'],
    ['a link to target=_blank clicked by script', '/trick/link-blank', 'popup /popup-target/link'],
    ['a new window opened by document.open', '/trick/window-open', 'popup /popup-target/document-open']
  ])('refuses and counts %s: the new window never loads', async (_name, path, refusal) => {
    const r = await renderer.render(`${site.origin}${path}`, { timeoutMs: 8000 })
    expect([r.status, r.error, r.stopped]).toEqual([200, null, null])
    expect(refusedOf(r)).toContain(refusal)
    expect(r.refusedCount).toBeGreaterThanOrEqual(1)
    expect(r.finalUrl).toBe(`${site.origin}${path}`)
  })

  it('keeps a meta refresh looping in an iframe within the page\'s request limit', async () => {
    const r = await renderer.render(`${site.origin}/trick/iframe-refresh`, { timeoutMs: 8000, maxRequests: 30 })
    expect([r.status, r.finalUrl]).toEqual([200, `${site.origin}/trick/iframe-refresh`])
    expect(r.html).toContain('framed')
    expect(r.requests).toBeLessThanOrEqual(30)
  })

  it('cancels a download the page starts', async () => {
    const r = await renderer.render(`${site.origin}/trick/download`, { timeoutMs: 8000 })
    expect([r.status, r.finalUrl, r.stopped]).toEqual([200, `${site.origin}/trick/download`, null])
    expect(r.html).toContain('download')
  })

  it('does not read a document the browser downloads instead of showing it: its tab holds only the blank page it opened with', async () => {
    const r = await renderer.render(`${site.origin}/trick/download-document`, { timeoutMs: 8000 })
    expect([r.status, r.stopped, r.html, r.raw?.body.toString()]).toEqual([200, 'error', null, '<p>binary payload</p>'])
  })

  it('starts no worker: no script of the renderer runs in one first, so its console and errors would reach the service', async () => {
    const r = await renderer.render(`${site.origin}/trick/worker-flood`, { timeoutMs: 8000, maxRequests: 40 })
    expect([r.stopped, r.requests]).toEqual([null, 2])
    expect(site.paths).not.toContain('/trick/flood-worker.js')
  })

  it('stops a page asking for images without end when they are skipped: each still costs the service a round trip', async () => {
    const r = await renderer.render(`${site.origin}/trick/image-flood`, { timeoutMs: 8000, maxRequests: 20, skipMedia: true })
    expect([r.stopped, r.requests]).toEqual(['requests', 1])
    expect(r.html).toContain('<p>images</p>')
    expect(site.paths.filter((path) => path.startsWith('/i'))).toEqual([])
  })

  it('sends the service nothing a page writes to its console or throws: 576 MB of one console call had ended its process', async () => {
    const logged = await renderer.render(`${site.origin}/trick/console-flood`, { timeoutMs: 8000 })
    expect([logged.stopped, logged.html?.includes('<p id="o">logged</p>')]).toEqual([null, true])
    const thrown = await renderer.render(`${site.origin}/trick/error-flood`, { timeoutMs: 8000 })
    expect([thrown.stopped, thrown.html?.includes('<p id="o">thrown</p>')]).toEqual([null, true])
  })

  it('says a page whose network never goes quiet was cut short, and answers by its deadline', async () => {
    const r = await renderer.render(`${site.origin}/trick/never-settles`, { timeoutMs: 3000 })
    expect(r.stopped).toBe('timeout')
    expect(r.html).toContain('polling')
    // by its deadline, give or take a loaded machine's event-loop lag: a page waited for would run on without end
    expect(r.durationMs).toBeLessThanOrEqual(3000 + 1000)
  })

  it('answers a render that waited for a slot all its time by its deadline, saying it was cut short', async () => {
    const busy = [renderer.render(`${site.origin}/loop`, { timeoutMs: 6000 }), renderer.render(`${site.origin}/loop`, { timeoutMs: 6000 })]
    const queued = await renderer.render(`${site.origin}/static`, { timeoutMs: 2000 })
    expect([queued.stopped, queued.status, queued.html, queued.requests]).toEqual(['timeout', null, null, 0])
    // by its deadline, give or take a loaded machine's lag: waiting for a slot would take the busy renders' 6 s
    expect(queued.durationMs).toBeLessThanOrEqual(2000 + 1500)
    for (const r of await Promise.all(busy)) expect([r.stopped, r.html?.includes('before the loop')]).toEqual(['timeout', true])
  })

  it('says so when the browser is killed during a render, and launches a new one for the next', async () => {
    const rendering = renderer.render(`${site.origin}/loop`, { timeoutMs: 20_000 })
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(killBrowsers()).toBe(1)
    const r = await rendering
    expect([r.stopped, r.html]).toEqual(['browser_crashed', null])
    expect(r.durationMs).toBeLessThan(15_000)
  })
})
