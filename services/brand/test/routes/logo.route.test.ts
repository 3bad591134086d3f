import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, KEY } from '../helpers/app.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'
import { ico, pngOf, type Rgba } from '../helpers/images.js'

// Issue 36: GET /v1/domain/logo/{domain} answers the site's logo as a square image of the asked size and format.

const image = (type: string, body: Buffer | string) => ({ body, headers: { 'content-type': type } })
const RED: Rgba = [220, 20, 30, 255]
const BLUE: Rgba = [20, 40, 200, 255]
const WHITE: Rgba = [255, 255, 255, 255]

function useBomb (levels = 4, fan = 10): string {
  let svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100"><defs>' +
    '<g id="l0"><rect width="100" height="100" fill="red" opacity="0.5"/></g>'
  for (let i = 1; i <= levels; i++) svg += `<g id="l${i}">` + `<use href="#l${i - 1}" opacity="0.9"/>`.repeat(fan) + '</g>'
  return svg + `</defs><use href="#l${levels}"/></svg>`
}

let server: FixtureServer
let app: FastifyInstance

beforeAll(async () => {
  server = await startFixtureServer({
    // a square touch icon and a wordmark: the square mark wins at or under its size, the wordmark above it
    'marks.test': {
      '/': { body: '<!doctype html><title>Marks</title><header><a href="/"><img class="logo" src="/wordmark.png" alt="Marks"></a></header><link rel="apple-touch-icon" href="/touch.png">' },
      '/wordmark.png': image('image/png', pngOf(300, 100, () => RED)),
      '/touch.png': image('image/png', pngOf(180, 180, () => BLUE))
    },
    // only a wordmark: fitted into the square, transparent above and below
    'wordmark.test': {
      '/': { body: '<!doctype html><title>Wordmark</title><header><a href="/"><img class="logo" src="/wordmark.png" alt="Wordmark"></a></header>' },
      '/wordmark.png': image('image/png', pngOf(300, 100, () => RED))
    },
    // a light and a dark icon: the theme picks
    'themes.test': {
      '/': {
        body: '<!doctype html><title>Themes</title><link rel="icon" href="/light.png" media="(prefers-color-scheme: light)">' +
          '<link rel="icon" href="/dark.png" media="(prefers-color-scheme: dark)">'
      },
      '/light.png': image('image/png', pngOf(64, 64, () => [10, 10, 10, 255])),
      '/dark.png': image('image/png', pngOf(64, 64, () => WHITE))
    },
    // an SVG logo that names an image elsewhere and a script: rasterised without either
    'vector.test': {
      '/': { body: '<!doctype html><title>Vector</title><link rel="icon" href="/logo.svg" type="image/svg+xml">' },
      '/logo.svg': image('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">' +
        '<script>alert(1)</script><rect width="10" height="10" fill="#00a000"/><image xlink:href="/tracker.png" width="10" height="10"/></svg>'),
      '/tracker.png': image('image/png', pngOf(10, 10, () => RED))
    },
    // a bitmap embedded under an xlink prefix of the file's own naming, and one hidden by quotes paired across attributes
    'prefixed.test': {
      '/': { body: '<!doctype html><title>Prefixed</title><link rel="icon" href="/logo.svg" type="image/svg+xml">' },
      '/logo.svg': image('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xl="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">' +
        `<rect width="10" height="10" fill="#00a000"/><image xl:href="data:image/png;base64,${pngOf(10, 10, () => RED).toString('base64')}" width="10" height="10"/></svg>`)
    },
    'paired.test': {
      '/': { body: '<!doctype html><title>Paired</title><link rel="icon" href="/logo.svg" type="image/svg+xml">' },
      '/logo.svg': image('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" xmlns:a="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">' +
        `<rect width="10" height="10" fill="#00a000"/><image id=" href='" a:href="data:image/png;base64,${pngOf(10, 10, () => RED).toString('base64')}" y='0' width="10" height="10"/></svg>`)
    },
    // stacked blurs, by attribute and by style: what each costs to draw is the file's to choose (3 KB of them took 20 s)
    'blurred.test': {
      '/': { body: '<!doctype html><title>Blurred</title><link rel="icon" href="/logo.svg" type="image/svg+xml">' },
      '/logo.svg': image('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><filter id="f">' +
        '<feGaussianBlur stdDeviation="30"/><feGaussianBlur stdDeviation="30"/></filter></defs><style>.b { filter: url(#f) }</style>' +
        '<rect width="10" height="10" fill="#00a000" filter="url(#f)"/><rect class="b" width="10" height="5" fill="#00a000"/></svg>')
    },
    // 1.5 KB of <use> nested four deep: 10,000 rects in groups with opacity, which held both decode slots for 40-60 s
    'bomb.test': {
      '/': { body: '<!doctype html><title>Bomb</title><link rel="icon" href="/logo.svg" type="image/svg+xml">' },
      '/logo.svg': image('image/svg+xml', useBomb())
    },
    // only a favicon.ico with a 32-bit bitmap-free PNG entry
    'favicon.test': {
      '/': { body: '<!doctype html><title>Favicon</title>' },
      '/favicon.ico': image('image/x-icon', ico([16, 48]))
    },
    // a black mark and a white one, neither made for a scheme: a dark page gets the one that shows on it
    'contrast.test': {
      '/': { body: '<!doctype html><title>Contrast</title><link rel="apple-touch-icon" href="/black.png"><link rel="icon" href="/white.png" sizes="64x64">' },
      '/black.png': image('image/png', pngOf(180, 180, (x, y) => Math.abs(x - 90) < 50 && Math.abs(y - 90) < 50 ? [0, 0, 0, 255] : [0, 0, 0, 0])),
      '/white.png': image('image/png', pngOf(64, 64, (x, y) => Math.abs(x - 32) < 18 && Math.abs(y - 32) < 18 ? WHITE : [0, 0, 0, 0]))
    },
    'plain.test': { '/': { body: '<!doctype html><title>Plain Example</title><meta name="theme-color" content="#336699">' } }
  })
  app = await buildTestApp(['contrast.test', 'marks.test', 'wordmark.test', 'themes.test', 'vector.test', 'prefixed.test', 'paired.test', 'blurred.test', 'bomb.test', 'favicon.test', 'plain.test'])
})

afterAll(async () => {
  await app?.close()
  await server?.close()
})

async function logo (host: string, query = '', headers: Record<string, string> = KEY) {
  const domain = encodeURIComponent(`${server.origin(host)}/`)
  return await app.inject({ method: 'GET', url: `/v1/domain/logo/${domain}${query === '' ? '' : `?${query}`}`, headers })
}

async function pixels (body: Buffer) {
  const { data, info } = await sharp(body).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { info, at: (x: number, y: number): number[] => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)] }
}

describe('GET /v1/domain/logo/{domain}', () => {
  it('answers the square mark as a 128 px PNG by default, with the headers an image on any page needs', async () => {
    const res = await logo('marks.test')
    expect(res.statusCode).toBe(200)
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'x-logo-source': 'logo',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'cross-origin',
      'cache-control': 'public, max-age=86400, stale-while-revalidate=604800'
    })
    expect(res.headers.etag).toMatch(/^"[\w-]{32}"$/)
    const { info, at } = await pixels(res.rawPayload)
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 128, height: 128 })
    expect(info.width).toBe(128)
    expect(at(64, 64)).toEqual(BLUE)
  })

  it('documents in OpenAPI every header of its own an image answer and its 304 send, and the quota headers they carry', async () => {
    const operation = (await app.inject({ method: 'GET', url: '/openapi.json' })).json().paths['/v1/domain/logo/{domain}'].get
    const res = await logo('marks.test')
    const revalidated = await logo('marks.test', '', { ...KEY, 'if-none-match': res.headers.etag as string })
    expect([res.statusCode, revalidated.statusCode]).toEqual([200, 304])
    for (const answer of [res, revalidated]) {
      const documented = Object.keys(operation.responses[String(answer.statusCode)].headers).map((name) => name.toLowerCase())
      const own = Object.keys(answer.headers).filter((name) => /^(etag|vary|cache-control|x-logo-|x-ratelimit-)/.test(name))
      expect(own.length).toBeGreaterThan(4)
      expect(documented).toEqual(expect.arrayContaining(own))
    }
  })

  it('takes the wordmark when the square mark is smaller than asked, fitted into the square on transparency', async () => {
    const res = await logo('marks.test', 'size=256')
    const { info, at } = await pixels(res.rawPayload)
    expect([info.width, info.height]).toEqual([256, 256])
    // 300 x 100 fitted into 256: 256 x 85, centred; the rows above and below are transparent
    expect(at(128, 128)).toEqual(RED)
    expect(at(128, 10)[3]).toBe(0)
    expect(at(128, 245)[3]).toBe(0)
  })

  it('pads a lone wordmark, and doubles the size for retina', async () => {
    const res = await logo('wordmark.test', 'size=100&retina=true')
    const { info, at } = await pixels(res.rawPayload)
    expect([info.width, info.height]).toEqual([200, 200])
    expect(at(100, 100)).toEqual(RED)
    expect(at(0, 0)[3]).toBe(0)
  })

  it('answers webp and jpg; a jpg is on white, or on the background asked', async () => {
    const webp = await logo('wordmark.test', 'format=webp&size=64')
    expect(webp.headers['content-type']).toBe('image/webp')
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 64, height: 64 })
    const jpg = await logo('wordmark.test', 'format=jpg&size=64')
    expect(jpg.headers['content-type']).toBe('image/jpeg')
    expect(await sharp(jpg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 64 })
    const white = (await pixels(jpg.rawPayload)).at(2, 2)
    for (const channel of white.slice(0, 3)) expect(channel).toBeGreaterThan(245)
    const black = (await pixels((await logo('wordmark.test', 'format=jpg&size=64&background=%23000000')).rawPayload)).at(2, 2)
    for (const channel of black.slice(0, 3)) expect(channel).toBeLessThan(10)
  })

  it('turns the logo grey when asked', async () => {
    const [r, g, b, a] = (await pixels((await logo('marks.test', 'greyscale=true')).rawPayload)).at(64, 64)
    expect(r).toBe(g)
    expect(g).toBe(b)
    expect(a).toBe(255)
    // the blue mark's luminance, not black or white
    expect(r).toBeGreaterThan(20)
    expect(r).toBeLessThan(100)
  })

  it('picks the variant made for the theme asked', async () => {
    expect((await pixels((await logo('themes.test', 'theme=dark&size=32')).rawPayload)).at(16, 16)).toEqual(WHITE)
    expect((await pixels((await logo('themes.test', 'theme=light&size=32')).rawPayload)).at(16, 16)).toEqual([10, 10, 10, 255])
  })

  it('on a dark page, passes over a dark logo for one that shows, when the site made neither for a scheme', async () => {
    expect((await pixels((await logo('contrast.test', 'theme=dark&size=32')).rawPayload)).at(16, 16)).toEqual(WHITE)
    expect((await pixels((await logo('contrast.test', 'theme=light&size=32')).rawPayload)).at(16, 16)).toEqual([0, 0, 0, 255])
    expect((await pixels((await logo('contrast.test', 'size=32')).rawPayload)).at(16, 16)).toEqual([0, 0, 0, 255])
  })

  it('rasterises an SVG without loading what it names or running its script, and never answers SVG', async () => {
    const res = await logo('vector.test', 'size=64')
    expect(res.headers['content-type']).toBe('image/png')
    expect((await pixels(res.rawPayload)).at(32, 32)).toEqual([0, 160, 0, 255])
    expect(server.requests.filter((request) => request.host === 'vector.test' && request.path === '/tracker.png')).toEqual([])
  })

  it('never decodes a bitmap an SVG embeds, under whatever prefix it binds xlink to (librsvg decodes it unbounded)', async () => {
    const prefixed = await logo('prefixed.test', 'size=64')
    expect((await pixels(prefixed.rawPayload)).at(32, 32)).toEqual([0, 160, 0, 255])
    // quotes paired across attributes hide an href from a text pattern, not from a parser: the rectangle, without the bitmap
    const paired = await logo('paired.test', 'size=64')
    expect(paired.headers['x-logo-source']).toBe('logo')
    expect((await pixels(paired.rawPayload)).at(32, 32)).toEqual([0, 160, 0, 255])
  })

  it('draws an SVG without its filter effects, whose cost the file chooses', async () => {
    const res = await logo('blurred.test', 'size=64')
    expect(res.headers['x-logo-source']).toBe('logo')
    // unblurred: the rectangles' own green to the edge
    expect([(await pixels(res.rawPayload)).at(32, 32), (await pixels(res.rawPayload)).at(1, 1)]).toEqual([[0, 160, 0, 255], [0, 160, 0, 255]])
  })

  it('answers a monogram for an SVG that asks for too much drawing, holding no decode slot from a logo beside it', async () => {
    const [large, odd, beside] = await Promise.all([
      logo('bomb.test', 'size=512&retina=true'), logo('bomb.test', 'size=511'), logo('vector.test', 'size=96')
    ])
    for (const res of [large, odd]) {
      expect(res.statusCode).toBe(200)
      expect(res.headers['x-logo-source']).toBe('monogram')
      // an unusable file, as one that does not parse: the site's answer, not a failure of the moment
      expect(res.headers['x-logo-provisional']).toBeUndefined()
    }
    expect(beside.headers['x-logo-source']).toBe('logo')
    expect(beside.headers['x-logo-provisional']).toBeUndefined()
    expect((await pixels(beside.rawPayload)).at(48, 48)).toEqual([0, 160, 0, 255])
  })

  it('takes the largest entry of a favicon.ico', async () => {
    const res = await logo('favicon.test', 'size=48')
    expect(res.headers['x-logo-source']).toBe('logo')
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 48, height: 48 })
  })

  it('answers a monogram on the brand colour without a logo, or a 404 with fallback=404', async () => {
    const res = await logo('plain.test', 'size=64')
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-logo-source']).toBe('monogram')
    const { at } = await pixels(res.rawPayload)
    expect(at(2, 2)).toEqual([0x33, 0x66, 0x99, 255])
    // the initials, in white on that colour, cross the centre row
    const row = Array.from({ length: 64 }, (_, x) => at(x, 34)[0])
    expect(Math.max(...row)).toBeGreaterThan(200)
    const missing = await logo('plain.test', 'fallback=404')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ detail: 'No logo found for this domain', code: 'logo_not_found' })
    expect(missing.headers['x-ratelimit-remaining']).toBe(res.headers['x-ratelimit-remaining'])
  })

  it('refuses an unknown option and an out-of-range size with a 422, fetching nothing', async () => {
    const before = server.requests.length
    const unknown = await logo('marks.test', 'colour=red')
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json().detail).toEqual([expect.objectContaining({ type: 'extra_forbidden', loc: ['query', 'colour'] })])
    expect((await logo('marks.test', 'size=8')).statusCode).toBe(422)
    expect((await logo('marks.test', 'size=513')).statusCode).toBe(422)
    expect((await logo('marks.test', 'format=svg')).statusCode).toBe(422)
    expect(server.requests.length).toBe(before)
  })

  it('refuses a target on a private address with a 400 that costs nothing', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/domain/logo/10.0.0.1', headers: KEY })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('target_not_allowed')
  })

  it('charges a HEAD as its GET: it fetches and renders the image its GET would, the body left out', async () => {
    const domain = encodeURIComponent(`${server.origin('wordmark.test')}/`)
    const before = (await app.inject({ method: 'GET', url: '/v1/usage', headers: KEY })).json().used
    const head = await app.inject({ method: 'HEAD', url: `/v1/domain/logo/${domain}?size=72`, headers: KEY })
    expect([head.statusCode, head.headers['content-type'], head.body]).toEqual([200, 'image/png', ''])
    expect((await app.inject({ method: 'GET', url: '/v1/usage', headers: KEY })).json().used).toBe(before + 1)
  })

  it('needs a key', async () => {
    expect((await logo('marks.test', '', {})).statusCode).toBe(401)
  })
})
