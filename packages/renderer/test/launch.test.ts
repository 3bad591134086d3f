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
    const warnings: Error[] = []
    const renderer = await launchRenderer({ fetcher, executablePath: CHROMIUM }, (error) => warnings.push(error))
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
    const warnings: Error[] = []
    const renderer = await launchRenderer({ fetcher, executablePath: '/nonexistent/chromium' }, (error) => warnings.push(error))
    try {
      expect(warnings).toHaveLength(1)
      await expect(renderer.render(`${site.origin}/static`)).rejects.toMatchObject({ code: 'RENDERER_UNAVAILABLE' })
    } finally {
      await renderer.close()
    }
  })
})
