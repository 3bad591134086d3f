// The two screenshots of a render: taken while the renderer has the page, each a JPEG within the size asked for,
// the raw HTML shown with scripts off and nothing fetched again.
import { createSafeFetcher, type SafeFetcher } from '@utility-apis/safe-fetch'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createRenderer, type Renderer } from '../src/index.js'
import { browserSuite, CHROMIUM } from './helpers/chromium.js'
import { sitePages, startFixture, type Fixture } from './helpers/fixture-site.js'

const isJpeg = (b: Buffer | null | undefined): boolean => b?.subarray(0, 3).toString('hex') === 'ffd8ff'

browserSuite('screenshots of a render', () => {
  let site: Fixture
  let fetcher: SafeFetcher
  let renderer: Renderer
  beforeAll(async () => {
    site = await startFixture(sitePages(() => 'http://127.0.0.2'))
    fetcher = createSafeFetcher({ allowCidrs: ['127.0.0.1/32'] })
    renderer = createRenderer({ fetcher, executablePath: CHROMIUM, maxConcurrent: 1, heapMb: 64 })
  }, 30_000)
  afterAll(async () => {
    await renderer?.close()
    await fetcher?.close()
    await site?.close()
  })

  it('takes the rendered page and its raw HTML without scripts, each within maxBytes, fetching nothing twice', async () => {
    const before = site.paths.length
    const r = await renderer.render(`${site.origin}/shell`, { screenshots: { maxBytes: 60 * 1024 } })
    expect([r.status, r.stopped, r.requests]).toEqual([200, null, 3])
    expect([isJpeg(r.screenshots?.rendered), isJpeg(r.screenshots?.raw)]).toEqual([true, true])
    for (const shot of [r.screenshots?.rendered, r.screenshots?.raw]) expect(shot?.length ?? Infinity).toBeLessThanOrEqual(60 * 1024)
    // the shell's document, script and content, once each: the raw view loaded no script and fetched nothing
    expect(site.paths.slice(before)).toEqual(['/shell', '/app.js', '/api/content.json'])
    // the script's text is in the rendered picture only: the raw one is a blank page, which compresses smaller
    expect(r.screenshots?.raw?.equals(r.screenshots.rendered ?? Buffer.alloc(0))).toBe(false)
  })

  it('lowers the quality until a picture fits, and gives none when nothing fits', async () => {
    const [small, none] = await Promise.all([
      renderer.render(`${site.origin}/static`, { screenshots: { maxBytes: 12 * 1024 } }),
      renderer.render(`${site.origin}/static`, { screenshots: { maxBytes: 1 } })
    ])
    expect(small.screenshots?.rendered?.length ?? Infinity).toBeLessThanOrEqual(12 * 1024)
    expect(isJpeg(small.screenshots?.rendered)).toBe(true)
    expect(none.screenshots).toEqual({ raw: null, rendered: null })
    expect(none.stopped).toBeNull()
  })

  it('takes none unless asked', async () => {
    const r = await renderer.render(`${site.origin}/static`)
    expect([r.stopped, r.screenshots]).toEqual([null, null])
  })
})
