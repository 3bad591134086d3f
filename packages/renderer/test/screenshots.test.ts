// The two screenshots of a render: taken while the renderer has the page, each a JPEG within the size asked for,
// the raw HTML shown with scripts off and nothing fetched again.
import { expect, it } from 'vitest'
import { browserSuite, withRenderer } from './helpers/chromium.js'

const isJpeg = (b: Buffer | null | undefined): boolean => b?.subarray(0, 3).toString('hex') === 'ffd8ff'

browserSuite('screenshots of a render', () => {
  const setup = withRenderer(1)

  it('takes the rendered page and its raw HTML without scripts, each within maxBytes, fetching nothing twice', async () => {
    const before = setup.site.paths.length
    const r = await setup.renderer.render(`${setup.site.origin}/shell`, { screenshots: { maxBytes: 60 * 1024 } })
    expect([r.status, r.stopped, r.requests]).toEqual([200, null, 3])
    expect([isJpeg(r.screenshots?.rendered), isJpeg(r.screenshots?.raw)]).toEqual([true, true])
    for (const shot of [r.screenshots?.rendered, r.screenshots?.raw]) expect(shot?.length ?? Infinity).toBeLessThanOrEqual(60 * 1024)
    // the shell's document, script and content, once each: the raw view loaded no script and fetched nothing
    expect(setup.site.paths.slice(before)).toEqual(['/shell', '/app.js', '/api/content.json'])
    // the script's text is in the rendered picture only: the raw one is a blank page, which compresses smaller
    expect(r.screenshots?.raw?.equals(r.screenshots.rendered ?? Buffer.alloc(0))).toBe(false)
  })

  it('lowers the quality until a picture fits, and gives none when nothing fits', async () => {
    const [small, none] = await Promise.all([
      setup.renderer.render(`${setup.site.origin}/static`, { screenshots: { maxBytes: 12 * 1024 } }),
      setup.renderer.render(`${setup.site.origin}/static`, { screenshots: { maxBytes: 1 } })
    ])
    expect(small.screenshots?.rendered?.length ?? Infinity).toBeLessThanOrEqual(12 * 1024)
    expect(isJpeg(small.screenshots?.rendered)).toBe(true)
    expect(none.screenshots).toEqual({ raw: null, rendered: null })
    expect(none.stopped).toBeNull()
  })

  it('takes none unless asked', async () => {
    const r = await setup.renderer.render(`${setup.site.origin}/static`)
    expect([r.stopped, r.screenshots]).toEqual([null, null])
  })
})
