import { createSafeFetcher, type SafeFetcher } from '@utility-apis/safe-fetch'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { launchRenderer } from '../src/index.js'
import { browserSuite, CHROMIUM, gatedBrowser } from './helpers/chromium.js'
import { sitePages, startFixture, STATIC_TEXT, type Fixture } from './helpers/fixture-site.js'

// a first render that waits for a browser's launch: the claim is that it serves, and a loaded machine's cold launch
// can take most of the default 10 s
const COLD_LAUNCH = { timeoutMs: 25_000 }

browserSuite('a renderer launched for a job worker', () => {
  let site: Fixture
  let fetcher: SafeFetcher
  beforeAll(async () => {
    site = await startFixture(sitePages(() => site.origin))
    fetcher = createSafeFetcher({ allowCidrs: ['127.0.0.1/32'] })
  }, 30_000)
  afterAll(async () => {
    await fetcher?.close()
    await site?.close()
  })

  it('renders, and warns of nothing', async () => {
    const warnings: string[] = []
    const renderer = await launchRenderer({ RENDERER: 'chromium', CHROMIUM_PATH: CHROMIUM }, { fetcher }, (message) => warnings.push(message))
    if (renderer === null) throw new Error('RENDERER=chromium gave no renderer')
    try {
      const r = await renderer.render(`${site.origin}/static`, COLD_LAUNCH)
      expect([r.status, r.error]).toEqual([200, null])
      expect(r.html).toContain(STATIC_TEXT)
      expect(warnings).toEqual([])
    } finally {
      await renderer.close()
    }
  })

  it('does not wait for a browser that has not started', async () => {
    const browser = gatedBrowser()
    const renderer = await launchRenderer({ RENDERER: 'chromium', CHROMIUM_PATH: browser.path }, { fetcher }, () => {})
    try {
      // the launch is still held at the gate: the worker got its renderer all the same
      expect(renderer).not.toBeNull()
      await vi.waitFor(() => { expect(browser.starts()).toBe(1) })
      browser.open()
      const r = await renderer?.render(`${site.origin}/static`, COLD_LAUNCH)
      expect(r?.status).toBe(200)
    } finally {
      await renderer?.close()
      browser.remove()
    }
  })

  it('warns once of a browser that does not start, and its renders then fail as unavailable', async () => {
    const warnings: string[] = []
    const env = { RENDERER: 'chromium', CHROMIUM_PATH: '/nonexistent/chromium' }
    const renderer = await launchRenderer(env, { fetcher }, (message) => warnings.push(message))
    if (renderer === null) throw new Error('RENDERER=chromium gave no renderer')
    try {
      await vi.waitFor(() => { expect(warnings).toEqual(['the renderer did not start: the browser could not be started']) })
      await expect(renderer.render(`${site.origin}/static`)).rejects.toMatchObject({ code: 'RENDERER_UNAVAILABLE' })
    } finally {
      await renderer.close()
    }
  })

  it('is none without RENDERER, and launches nothing', async () => {
    const warnings: string[] = []
    expect(await launchRenderer({}, { fetcher }, (message) => warnings.push(message))).toBeNull()
    expect(warnings).toEqual([])
  })
})
