import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserRuns, CHROMIUM } from '../../../../packages/renderer/test/helpers/chromium.js'
import { buildTestApp, KEY, profile } from '../helpers/app.js'
import { starterShells } from '../helpers/app-shells.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'
import { png } from '../helpers/images.js'

// Issue 26, part 5: a homepage that is an application shell (a root element and scripts, nothing else) is profiled
// from the page Chromium renders when the renderer is on, and said to need JavaScript when it is off.

const canRender = browserRuns

const SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vite App</title>
<link rel="icon" href="/favicon.png"></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`

// what the bundle writes: the brand's head tags, its header with a logo, its footer with its profiles
const APP_JS = `document.title = 'Dashboards for everyone | Quillmetric'
const meta = (name, content) => { const m = document.createElement('meta'); m.setAttribute(name.startsWith('og:') ? 'property' : 'name', name);
  m.content = content; document.head.appendChild(m) }
meta('description', 'Quillmetric turns your spreadsheets into live dashboards.')
meta('og:site_name', 'Quillmetric')
document.getElementById('root').innerHTML = '<header><a href="/"><img class="logo" src="/logo.png" alt="Quillmetric"></a></header>' +
  '<main><h1>Dashboards for everyone</h1></main><footer><a href="https://twitter.com/quillmetric">X</a></footer>'`

const STATIC = '<!doctype html><title>Plainly</title><meta name="description" content="A plain page."><h1>Plainly</h1>'

// Issue 34: the homepages of the real starters (test/fixtures/app-shells), served with their icons and manifests
const STARTERS = starterShells()

let server: FixtureServer

beforeAll(async () => {
  server = await startFixtureServer({
    ...Object.fromEntries(STARTERS.map((starter) => [starter.host, starter.site])),
    'quillmetric.test': {
      '/': { body: SHELL },
      '/assets/app.js': { body: APP_JS, headers: { 'content-type': 'text/javascript' } },
      '/logo.png': { body: png(240, 60, [30, 60, 200]), headers: { 'content-type': 'image/png' } },
      '/favicon.png': { body: png(32, 32, [30, 60, 200]), headers: { 'content-type': 'image/png' } }
    },
    'plainly.test': { '/': { body: STATIC } },
    // a shell whose script keeps the network busy and never fills the page: its render is always cut short
    'stalled-shell.test': {
      '/': { body: SHELL },
      '/assets/app.js': { body: 'setInterval(() => { fetch("/poll?" + Math.random()).catch(() => {}) }, 20)', headers: { 'content-type': 'text/javascript' } }
    },
    // the same shell under a name of its own, so no other test's cached profile answers for it
    'uncached-shell.test': {
      '/': { body: SHELL },
      '/assets/app.js': { body: APP_JS, headers: { 'content-type': 'text/javascript' } }
    }
  })
})

afterAll(async () => {
  await server?.close()
})

const HOSTS = ['quillmetric.test', 'plainly.test', 'uncached-shell.test', 'stalled-shell.test', ...STARTERS.map((starter) => starter.host)]
const at = (host: string) => `${server.origin(host)}/`

describe('an application shell without the renderer', () => {
  let app: FastifyInstance
  beforeAll(async () => { app = await buildTestApp(HOSTS) })
  afterAll(async () => { await app?.close() })

  it('answers 200 and says the page needs JavaScript, with what the raw page gives', async () => {
    const response = await profile(app, { domain: at('quillmetric.test') })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({ reachable: true, status: 200, error: { code: 'javascript_required' } })
    expect(body.sources).not.toContain('rendered-html')
    expect(body.icons).toEqual([`${server.origin('quillmetric.test')}/favicon.png`])
  })

  it.each(STARTERS.map((starter) => [starter.name, starter] as const))(
    '%s: says the page needs JavaScript, and presents none of the starter\'s placeholders as the brand\'s', async (_name, starter) => {
      const response = await profile(app, { domain: at(starter.host) })
      expect(response.statusCode).toBe(200)
      const body = response.json()
      expect(body).toMatchObject({ reachable: true, status: 200, error: { code: 'javascript_required' } })
      expect(body.sources).not.toContain('rendered-html')
      for (const field of ['brand_name', 'brand_summary', 'title', 'description']) expect(starter.placeholders, field).not.toContain(body[field])
      // the icons it links (and a Nuxt site's /favicon.ico) are still read
      expect(body.icons.length + body.logos.length).toBeGreaterThan(0)
    })

  it('does not take a page with content of its own for a shell', async () => {
    const body = (await profile(app, { domain: at('plainly.test') })).json()
    expect(body.error).toBeNull()
    expect(body.brand_name).toBe('Plainly')
  })
})

const suite = canRender ? describe : describe.skip
suite(canRender ? 'an application shell with the renderer' : `an application shell with the renderer (skipped: no chromium at ${CHROMIUM})`,
  { timeout: 60_000 }, () => {
    let app: FastifyInstance
    beforeAll(async () => {
      app = await buildTestApp(HOSTS, { renderer: { executablePath: CHROMIUM } })
      await app.ready()
    }, 60_000)
    afterAll(async () => { await app?.close() })

    it('is profiled from the rendered page, and sources says rendered-html', async () => {
      const body = (await profile(app, { domain: at('quillmetric.test'), timeout_seconds: 20 })).json()
      expect(body.error).toBeNull()
      expect(body.brand_name).toBe('Quillmetric')
      expect(body.brand_summary).toBe('Quillmetric turns your spreadsheets into live dashboards.')
      expect(body.logos[0]).toMatchObject({ url: `${server.origin('quillmetric.test')}/logo.png`, source: 'header-logo', width: 240, size_source: 'decoded' })
      expect(body.social_links).toEqual(['https://x.com/quillmetric'])
      expect(body.sources).toEqual(expect.arrayContaining(['homepage-html', 'rendered-html']))
    })

    it('is rendered under the default timeout too, whose share for the browser is not whole milliseconds', async () => {
      const response = await profile(app, { domain: at('uncached-shell.test') })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ brand_name: 'Quillmetric', error: null })
    })

    it.each(STARTERS.map((starter) => [starter.name, starter] as const))(
      '%s: is rendered, and the brand name and description its script sets are read', async (_name, starter) => {
        const body = (await profile(app, { domain: at(starter.host), timeout_seconds: 20 })).json()
        expect(body.error).toBeNull()
        expect(body.sources).toContain('rendered-html')
        expect(body.brand_name).toBe(starter.brand.name)
        expect(body.brand_summary).toBe(starter.brand.description)
      })

    it('says a shell whose render was cut short before it showed the page needs JavaScript, and reads nothing from it', async () => {
      const body = (await profile(app, { domain: at('stalled-shell.test'), timeout_seconds: 3 })).json()
      expect(body.error).toMatchObject({ code: 'javascript_required', message: expect.stringContaining('cut short (timeout)') })
      expect(body.sources).not.toContain('rendered-html')
    })

    it('renders no page that is not a shell', async () => {
      const body = (await profile(app, { domain: at('plainly.test') })).json()
      expect(body.sources).not.toContain('rendered-html')
    })

    it('answers the same in a batch', async () => {
      const batch = (await app.inject({
        method: 'POST', url: '/v1/domain/profile/batch', headers: KEY, payload: { domains: [at('quillmetric.test')], timeout_seconds: 20 }
      })).json()
      expect(batch.results[0].profile).toMatchObject({ brand_name: 'Quillmetric', error: null })
      expect(batch.results[0].profile.sources).toContain('rendered-html')
    })
  })
