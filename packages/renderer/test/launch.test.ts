import { createSafeFetcher, type SafeFetcher } from '@utility-apis/safe-fetch'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchRenderer } from '../src/index.js'
import { browserSuite, CHROMIUM } from './helpers/chromium.js'
import { sitePages, startFixture, STATIC_TEXT, type Fixture } from './helpers/fixture-site.js'

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

  it('has its browser up before the first render, and warns of nothing', async () => {
    const warnings: string[] = []
    const renderer = await launchRenderer({ RENDERER: 'chromium', CHROMIUM_PATH: CHROMIUM }, { fetcher }, (message) => warnings.push(message))
    if (renderer === null) throw new Error('RENDERER=chromium gave no renderer')
    try {
      expect(warnings).toEqual([])
      const r = await renderer.render(`${site.origin}/static`)
      expect([r.status, r.error]).toEqual([200, null])
      expect(r.html).toContain(STATIC_TEXT)
    } finally {
      await renderer.close()
    }
  })

  it('warns once of a browser that does not start, and its renders then fail as unavailable', async () => {
    const warnings: string[] = []
    const env = { RENDERER: 'chromium', CHROMIUM_PATH: '/nonexistent/chromium' }
    const renderer = await launchRenderer(env, { fetcher }, (message) => warnings.push(message))
    if (renderer === null) throw new Error('RENDERER=chromium gave no renderer')
    try {
      expect(warnings).toEqual([expect.stringMatching(/^the renderer did not start: /)])
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
