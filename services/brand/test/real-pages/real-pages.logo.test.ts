import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, KEY, profile } from '../helpers/app.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'
import { encoded, ico, pngOf } from '../helpers/images.js'
import { loadRealPages } from '../helpers/real-pages.js'

// Issue 36, acceptance 1: the logo route on the 89 real pages of the corpus, each served by a local server under its
// own host name (and every host it links to, all on 127.0.0.1: nothing leaves the machine). The corpus has no images, so
// every image path of every host answers an image of its file's format; /favicon.ico does not, so a page naming no
// icon and no logo has none. A page whose profile lists a logo gets that logo's image, any other a monogram; each image
// is exactly the size and format asked, in a size and format that change from page to page.

const pages = loadRealPages()
const HOST = /(?:https?:)?\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)+)(?=[/"'\s?#)\\]|$)/gi
const SIZES = [16, 32, 48, 64, 100, 128, 180, 256, 512]
const FORMATS = [['png', 'png'], ['webp', 'webp'], ['jpg', 'jpeg']] as const

let server: FixtureServer
/** What each page answered: `logo` or `monogram`. */
const answered = new Map<string, string>()
let app: FastifyInstance

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><rect width="120" height="40" fill="#c03020"/></svg>'

/** What an image path answers, by its extension: a square PNG (for GIF and WebP names too), a wordmark SVG or JPEG, an ICO. */
async function imagesByExtension (): Promise<Record<string, { body: Buffer, type: string }>> {
  const png = { body: pngOf(192, 192, (x, y) => [(x * 3) % 256, (y * 5) % 256, 120, 255]), type: 'image/png' }
  const jpeg = { body: await encoded('jpeg', 300, 100, [30, 90, 160]), type: 'image/jpeg' }
  return { png, gif: png, webp: png, jpg: jpeg, jpeg, svg: { body: Buffer.from(SVG), type: 'image/svg+xml' }, ico: { body: ico([16, 32, 48]), type: 'image/x-icon' } }
}

beforeAll(async () => {
  server = await startFixtureServer({})
  const images = await imagesByExtension()
  const hosts = new Set<string>()
  for (const page of pages) {
    const linked = new Set([page.host, ...[...page.body.toString('latin1').matchAll(HOST)].map((match) => match[1].toLowerCase())])
    for (const host of linked) hosts.add(host)
  }
  for (const host of hosts) {
    server.addSite(host, {
      '/favicon.ico': { status: 404, body: 'not here' },
      '*': {
        handler: (request, response) => {
          const extension = /\.(png|svg|ico|jpe?g|gif|webp)(?:[?#]|$)/i.exec(request.url ?? '')?.[1].toLowerCase()
          const answer = extension === undefined ? undefined : images[extension]
          if (answer === undefined) { response.writeHead(404).end('not here'); return }
          response.writeHead(200, { 'content-type': answer.type }).end(answer.body)
        }
      }
    })
  }
  for (const page of pages) {
    // every link to a host of the corpus goes to the local server, under that host name
    const body = page.body.toString('latin1').replace(HOST, (_, host: string) => `http://${host.toLowerCase()}:${server.port}`)
    server.addSite(page.host, { '/': { body: Buffer.from(body, 'latin1'), headers: { 'content-type': page.contentType } } })
  }
  app = await buildTestApp([...hosts])
}, 60_000)

afterAll(async () => {
  await app?.close()
  await server?.close()
})

describe('the logo of each real page', () => {
  it('has the 89 pages', () => { expect(pages).toHaveLength(89) })

  it.each(pages.map((page, index) => [page.name, page, index] as const))('%s: its logo, or a monogram when its profile has none, at the asked size and format', async (_name, page, index) => {
    const domain = `${server.origin(page.host)}/`
    const facts = (await profile(app, { domain })).json()
    expect(facts.reachable).toBe(true)
    const size = SIZES[index % SIZES.length]
    const [format, decoded] = FORMATS[index % FORMATS.length]
    const res = await app.inject({ method: 'GET', url: `/v1/domain/logo/${encodeURIComponent(domain)}?size=${size}&format=${format}`, headers: KEY })
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-logo-source']).toBe(facts.logos.length > 0 ? 'logo' : 'monogram')
    answered.set(page.name, String(res.headers['x-logo-source']))
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: decoded, width: size, height: size })
  })
  it('answered both kinds across the corpus', () => {
    const counts = { logo: [...answered.values()].filter((kind) => kind === 'logo').length, monogram: [...answered.values()].filter((kind) => kind === 'monogram').length }
    expect(counts.logo).toBeGreaterThan(0)
    expect(counts.monogram).toBeGreaterThan(0)
  })
})
