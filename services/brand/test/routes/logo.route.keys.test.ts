import type { FastifyInstance } from 'fastify'
import { testConfig } from '@utility-apis/service-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../helpers/app.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'
import { pngOf } from '../helpers/images.js'

// Issue 36, acceptance 2: a publishable key works in an <img> tag from its listed origins, nowhere else; a secret key in
// the URL is refused with a 401 that says why, and never reaches a log line.

const SECRET = 'sk-owner-secret-never-logged'
const PUBLISHABLE = 'pk_live_imgtag01'
const SPENDING = 'sk-one-unit-a-month'

let server: FixtureServer
let app: FastifyInstance
const lines: string[] = []

beforeAll(async () => {
  server = await startFixtureServer({
    'keyed.test': {
      '/': { body: '<!doctype html><title>Keyed</title><link rel="apple-touch-icon" href="/touch.png">' },
      '/touch.png': { body: pngOf(180, 180, () => [20, 40, 200, 255]), headers: { 'content-type': 'image/png' } }
    },
    'bare.test': { '/': { body: '<!doctype html><title>Bare</title>' } },
    'other.test': { '/': { body: '<!doctype html><title>Other</title>' } }
  })
  app = await buildTestApp(['keyed.test', 'bare.test', 'other.test'], {
    config: testConfig({ keys: `test-key,${SECRET}:10,${SPENDING}:1`, publishable: `${PUBLISHABLE}=${SECRET}@https://app.example.com` }),
    logger: { level: 'trace', stream: { write: (line: string) => { lines.push(line) } } }
  })
})

afterAll(async () => {
  await app?.close()
  await server?.close()
})

const logoUrl = (token: string) => `/v1/domain/logo/${encodeURIComponent(`${server.origin('keyed.test')}/`)}?size=32&token=${token}`

describe('keys on the logo route', () => {
  it('takes a publishable key from a listed origin, metered on its owner\'s quota', async () => {
    const res = await app.inject({ method: 'GET', url: logoUrl(PUBLISHABLE), headers: { referer: 'https://app.example.com/crm/contacts' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.headers.vary).toBe('Origin, Referer')
    // a public image (any visitor, any cache in front) says nothing of its owner's account; the owner reads the usage
    expect(Object.keys(res.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([])
    const usage = await app.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': SECRET } })
    expect(usage.json()).toMatchObject({ limit: 10, used: 1, remaining: 9 })
    // a 304 to a page revalidating the image neither
    const revalidated = await app.inject({ method: 'GET', url: logoUrl(PUBLISHABLE), headers: { referer: 'https://app.example.com/crm/contacts', 'if-none-match': res.headers.etag as string } })
    expect(revalidated.statusCode).toBe(304)
    expect(Object.keys(revalidated.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([])
  })

  it('is a 403 from another origin, and on every other route', async () => {
    const other = await app.inject({ method: 'GET', url: logoUrl(PUBLISHABLE), headers: { origin: 'https://evil.example' } })
    expect(other.statusCode).toBe(403)
    expect(other.json().code).toBe('origin_not_allowed')
    const profile = await app.inject({ method: 'POST', url: `/v1/domain/profile?token=${PUBLISHABLE}`, headers: { origin: 'https://app.example.com' }, payload: { domain: 'keyed.test' } })
    expect(profile.statusCode).toBe(403)
    expect(profile.json().code).toBe('publishable_key_not_allowed')
    const usage = await app.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': PUBLISHABLE } })
    expect(usage.statusCode).toBe(403)
  })

  it('answers a spent key the free answers it has, from the cache: a 304 to an image it holds, a 404 with fallback=404', async () => {
    const get = async (host: string, query: string, headers: Record<string, string> = {}) => await app.inject({
      method: 'GET', url: `/v1/domain/logo/${encodeURIComponent(`${server.origin(host)}/`)}?${query}`, headers: { 'x-api-key': SPENDING, ...headers }
    })
    expect((await get('bare.test', 'size=32&fallback=404')).statusCode).toBe(404)
    const image = await get('keyed.test', 'size=32')
    expect(image.statusCode).toBe(200)
    expect(image.headers['x-ratelimit-remaining']).toBe('0')
    // the key is spent: what the caller holds is still current, and a site without a logo still has none
    const revalidated = await get('keyed.test', 'size=32', { 'if-none-match': image.headers.etag as string })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.headers).toMatchObject({ etag: image.headers.etag, 'cache-control': image.headers['cache-control'], vary: 'X-API-Key, Authorization' })
    expect((await get('bare.test', 'size=32&fallback=404')).json().code).toBe('logo_not_found')
    // anything the service would have to make is refused before a site is fetched
    const before = server.requests.length
    expect((await get('other.test', 'size=32&fallback=404')).statusCode).toBe(429)
    expect((await get('keyed.test', 'size=48', { 'if-none-match': image.headers.etag as string })).statusCode).toBe(429)
    expect(server.requests.length).toBe(before)
    expect((await app.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': SPENDING } })).json().used).toBe(1)
  })

  it('refuses a secret key in ?token= with a 401 that says why, and logs the request without it', async () => {
    const res = await app.inject({ method: 'GET', url: logoUrl(SECRET), headers: { origin: 'https://app.example.com' } })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'secret_key_in_query', detail: expect.stringContaining('secret API key was sent in the URL') })
    await new Promise((resolve) => setImmediate(resolve))
    const requestLines = lines.filter((line) => line.includes(res.headers['x-request-id'] as string))
    expect(requestLines.length).toBeGreaterThan(0)
    expect(lines.join('\n')).not.toContain(SECRET)
  })
})
