import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { testConfig } from '@utility-apis/service-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, KEY } from '../helpers/app.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'
import { pngOf, type Rgba } from '../helpers/images.js'
import { REDIS_URL, waitFor } from '../helpers/jobs.js'

// Issue 36, acceptance 3: a rendered variant is answered from the cache (Redis when set, else memory) without fetching
// the site again, a 304 answers its ETag and costs nothing, and once stale it is answered at once and made again behind.

const image = (body: Buffer) => ({ body, headers: { 'content-type': 'image/png' } })
const BLUE: Rgba = [20, 40, 200, 255]
const GREEN: Rgba = [0, 160, 0, 255]
const TTL_SECONDS = 3600

const stores = [
  { name: 'memory', redisUrl: null, skip: false },
  // the Redis cache needs a Redis: REDIS_URL unset runs the memory cache only
  { name: 'Redis', redisUrl: REDIS_URL ?? null, skip: REDIS_URL === undefined }
]

const homepage = (name: string) => ({ body: `<!doctype html><title>${name}</title><link rel="apple-touch-icon" href="/touch.png">` })
const FAILING = { status: 503, body: 'Service Unavailable' }
// the same pixels every run (a fixed integer hash): no PNG encoder finds anything to compress in them
const noise = (x: number, y: number): Rgba => {
  const hash = Math.imul(x * 374761393 + y * 668265263, 1274126177) >>> 0
  return [hash & 255, (hash >>> 8) & 255, (hash >>> 16) & 255, 255]
}

describe.each(stores)('the logo cache in $name', ({ redisUrl, skip }) => {
  let server: FixtureServer
  let app: FastifyInstance
  let now = Date.parse('2026-11-29T00:00:00Z')
  const host = 'cached.test'
  // a site whose logo file fails for a moment (a 503), and one that has it from the start
  const flaky = 'flaky.test'
  const steady = 'steady.test'
  // a site whose best icon fails for a moment while a lesser one answers
  const lesser = 'lesser.test'
  // a site whose icon is noise, as a photograph's pixels are to a PNG encoder
  const noisy = 'noisy.test'

  beforeAll(async () => {
    if (skip) return
    server = await startFixtureServer({
      [host]: { '/': homepage('Cached'), '/touch.png': image(pngOf(180, 180, () => BLUE)) },
      [flaky]: { '/': homepage('Flaky'), '/touch.png': FAILING },
      [steady]: { '/': homepage('Steady'), '/touch.png': image(pngOf(180, 180, () => BLUE)) },
      [lesser]: {
        '/': { body: '<!doctype html><title>Lesser</title><link rel="icon" sizes="16x16" href="/small.png"><link rel="apple-touch-icon" href="/touch.png">' },
        '/small.png': image(pngOf(16, 16, () => GREEN)),
        '/touch.png': FAILING
      },
      [noisy]: { '/': homepage('Noisy'), '/touch.png': image(pngOf(300, 300, (x, y) => noise(x, y))) }
    })
    const config = testConfig({ redisUrl, keys: `${KEY['x-api-key']}:1000` })
    app = await buildTestApp([host, flaky, steady, lesser, noisy], { config, clock: () => new Date(now), logo: { ttlSeconds: TTL_SECONDS } })
  })

  afterAll(async () => {
    await app?.close()
    await server?.close()
  })

  // size 64 unless the query names its own
  const url = (of = host, query = '') =>
    `/v1/domain/logo/${encodeURIComponent(`${server.origin(of)}/`)}?${/(^|&)size=/.test(query) ? query.replace(/^&/, '') : `size=64${query}`}`
  const get = async (headers: Record<string, string> = {}, of = host, query = '') =>
    await app.inject({ method: 'GET', url: url(of, query), headers: { ...KEY, ...headers } })
  const fetchesOf = (path: string, of = host) => server.requests.filter((request) => request.host === of && request.path === path).length
  const centre = async (body: Buffer) => {
    const { data } = await sharp(body).ensureAlpha().extract({ left: 32, top: 32, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true })
    return [...data]
  }

  it.skipIf(skip)('answers the same variant again without fetching anything from the site, for one unit each', async () => {
    const first = await get()
    expect(first.statusCode).toBe(200)
    const fetched = server.requests.length
    expect(fetchesOf('/touch.png')).toBeGreaterThan(0)
    const second = await get()
    expect(second.statusCode).toBe(200)
    expect(server.requests.length).toBe(fetched)
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true)
    expect(second.headers.etag).toBe(first.headers.etag)
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1)
  })

  it.skipIf(skip)('answers 304 to its ETag, with no body and at no cost', async () => {
    const fresh = await get()
    const notModified = await get({ 'if-none-match': fresh.headers.etag as string })
    expect(notModified.statusCode).toBe(304)
    expect(notModified.rawPayload.length).toBe(0)
    expect(notModified.headers.etag).toBe(fresh.headers.etag)
    expect(notModified.headers['x-ratelimit-remaining']).toBe(fresh.headers['x-ratelimit-remaining'])
    expect((await get({ 'if-none-match': '"another"' })).statusCode).toBe(200)
  })

  // The largest variant (1024 px) of a photograph-like icon is a PNG of several MiB: kept like any other, or every
  // request for it fetched the site's file and rendered it again
  it.skipIf(skip)('keeps the largest variant of a noisy icon: a second request fetches nothing from the site', async () => {
    const first = await get({}, noisy, '&size=512&retina=true')
    expect(first.statusCode).toBe(200)
    expect(first.rawPayload.length).toBeGreaterThan(1024 * 1024)
    const fetched = fetchesOf('/touch.png', noisy)
    const second = await get({}, noisy, '&size=512&retina=true')
    expect([second.statusCode, second.headers.etag]).toEqual([200, first.headers.etag])
    expect(fetchesOf('/touch.png', noisy)).toBe(fetched)
    const revalidated = await get({ 'if-none-match': first.headers.etag as string }, noisy, '&size=512&retina=true')
    expect([revalidated.statusCode, revalidated.headers['x-ratelimit-remaining']]).toEqual([304, second.headers['x-ratelimit-remaining']])
    expect(fetchesOf('/touch.png', noisy)).toBe(fetched)
  })

  // `*` names any image the service has: one it had to make for this very request was not there when it came. A 304
  // to it would make every logo, fetches and render, for nothing.
  it.skipIf(skip)('makes and charges an image asked for with If-None-Match: * that it did not have; once cached, * is a free 304', async () => {
    const before = await get()
    const made = await get({ 'if-none-match': '*' }, steady, '&format=webp')
    expect(made.statusCode).toBe(200)
    expect(made.rawPayload.length).toBeGreaterThan(0)
    expect(Number(made.headers['x-ratelimit-remaining'])).toBe(Number(before.headers['x-ratelimit-remaining']) - 1)
    const again = await get({ 'if-none-match': '*' }, steady, '&format=webp')
    expect([again.statusCode, again.headers['x-ratelimit-remaining']]).toEqual([304, made.headers['x-ratelimit-remaining']])
  })

  it.skipIf(skip)('once stale, answers the stale image at once and makes the new one in the background', async () => {
    server.addSite(host, { '/touch.png': image(pngOf(180, 180, () => GREEN)) })
    const before = fetchesOf('/touch.png')
    expect(await centre((await get()).rawPayload)).toEqual(BLUE)
    expect(fetchesOf('/touch.png')).toBe(before)
    now += (TTL_SECONDS + 1) * 1000
    const stale = await get()
    expect(stale.statusCode).toBe(200)
    expect(await centre(stale.rawPayload)).toEqual(BLUE)
    // the refresh fetches the logo again behind the answer; then the new image is the one answered
    await waitFor(async () => await centre((await get()).rawPayload), (pixel) => pixel.join() === GREEN.join())
    expect(fetchesOf('/touch.png')).toBe(before + 1)
  })

  it.skipIf(skip)('answers a logo file failing for a moment with a provisional monogram, and tries the site again after 5 minutes', async () => {
    const monogram = await get({}, flaky)
    expect(monogram.statusCode).toBe(200)
    expect(monogram.headers).toMatchObject({ 'x-logo-source': 'monogram', 'x-logo-provisional': 'true', 'cache-control': 'public, max-age=300' })
    // with fallback=404 a 404 all the same (the client shows its placeholder), which says it is not known yet; free
    const unknown = await get({}, flaky, '&fallback=404')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ code: 'logo_unavailable' })
    expect(unknown.headers['retry-after']).toBe('300')
    expect(unknown.headers['x-ratelimit-remaining']).toBe(monogram.headers['x-ratelimit-remaining'])
    // the logo is back: within the 5 minutes the monogram is answered without asking the site again, then it is replaced
    server.addSite(flaky, { '/touch.png': image(pngOf(180, 180, () => BLUE)) })
    const tried = fetchesOf('/touch.png', flaky)
    expect((await get({}, flaky)).headers['x-logo-provisional']).toBe('true')
    expect(fetchesOf('/touch.png', flaky)).toBe(tried)
    now += 301 * 1000
    const logo = await waitFor(async () => await get({}, flaky), (answer) => answer.headers['x-logo-source'] === 'logo')
    expect(logo.headers['x-logo-provisional']).toBeUndefined()
    expect(logo.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800')
    expect(await centre(logo.rawPayload)).toEqual(BLUE)
  })

  it.skipIf(skip)('answers a lesser icon as provisional while the better one fails for a moment, then the better one', async () => {
    const small = await get({}, lesser)
    expect(small.headers).toMatchObject({ 'x-logo-source': 'logo', 'x-logo-provisional': 'true', 'cache-control': 'public, max-age=300' })
    expect(await centre(small.rawPayload)).toEqual(GREEN)
    server.addSite(lesser, { '/touch.png': image(pngOf(180, 180, () => BLUE)) })
    now += 301 * 1000
    const best = await waitFor(async () => {
      const answer = await get({}, lesser)
      return { provisional: answer.headers['x-logo-provisional'], pixel: (await centre(answer.rawPayload)).join() }
    }, (answer) => answer.pixel === BLUE.join())
    expect(best.provisional).toBeUndefined()
  })

  it.skipIf(skip)('keeps the logo it has when the refresh meets its file failing for a moment', async () => {
    expect(await centre((await get({}, steady)).rawPayload)).toEqual(BLUE)
    server.addSite(steady, { '/touch.png': FAILING })
    const before = fetchesOf('/touch.png', steady)
    now += (TTL_SECONDS + 1) * 1000
    expect(await centre((await get({}, steady)).rawPayload)).toEqual(BLUE)
    await waitFor(async () => fetchesOf('/touch.png', steady), (fetches) => fetches > before)
    // the refresh has written what it keeps by the time its fetch is answered and rendered
    await new Promise((resolve) => setTimeout(resolve, 300))
    const after = await get({}, steady)
    expect(after.headers['x-logo-source']).toBe('logo')
    expect(after.headers['x-logo-provisional']).toBeUndefined()
    expect(await centre(after.rawPayload)).toEqual(BLUE)
  })
})
