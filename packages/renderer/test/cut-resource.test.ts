// A resource larger than one resource may take (5 MiB) but within the page's bytes (8 MiB) is cut off by the
// interceptor: the render must say it is not complete, and must not run a script that was cut mid-file.
import { expect, it } from 'vitest'
import { browserSuite, withRenderer } from './helpers/chromium.js'

const PAD = 'x'.repeat(6 * 1024 * 1024)
const PAGES: Record<string, [string, string]> = {
  // its last words are past the cut
  '/big-document': ['text/html', `<!doctype html><title>Big</title><p>start</p><!--${PAD}--><h1>End of the document</h1>`],
  '/shell': ['text/html', '<!doctype html><title>Shell</title><p>shell</p><script src="/big-app.js"></script>'],
  '/big-app.js': ['text/javascript', `/*${PAD}*/ document.body.insertAdjacentHTML('beforeend', '<h2>The script ran</h2>')`]
}

browserSuite('a resource cut at the per-resource cap', () => {
  const setup = withRenderer(2, (request, response) => {
    const [type, body] = PAGES[request.url ?? ''] ?? ['text/plain', 'not found']
    response.writeHead(200, { 'content-type': type }).end(body)
  })

  it('answers a document cut short as stopped for its bytes, never as a complete render', async () => {
    const r = await setup.renderer.render(`${setup.site.origin}/big-document`, { maxBytes: 8 << 20 })
    expect([r.status, r.stopped]).toEqual([200, 'bytes'])
    expect(r.raw?.body.length).toBe(5 * 1024 * 1024)
    expect(r.html ?? '').not.toContain('End of the document')
  })

  it('refuses a script cut short instead of serving half of it, and says the render did not complete', async () => {
    const r = await setup.renderer.render(`${setup.site.origin}/shell`, { maxBytes: 8 << 20 })
    expect([r.status, r.stopped]).toEqual([200, 'bytes'])
    expect(r.refused).toEqual([{ url: `${setup.site.origin}/big-app.js`, reason: 'bytes', code: null }])
    expect(r.html ?? '').not.toContain('The script ran')
  })
})
