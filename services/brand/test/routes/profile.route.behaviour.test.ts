import type { FastifyInstance } from 'fastify'
import { testConfig } from '@utility-apis/service-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, KEY, profile } from '../helpers/app.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'

let server: FixtureServer
let app: FastifyInstance
let closedPort: number

const home = (name: string) => `<!doctype html><html lang="en"><head><title>${name} | Home</title>
<meta property="og:site_name" content="${name}"><meta name="description" content="${name} makes things for people who make things."></head><body></body></html>`

const HOSTS = ['cache.test', 'keyed.test', 'together.test', 'unhurried.test', 'refresh-far.test', 'refresh-slow.test', 'pdf.test', 'gone.test', 'closed.test', 'other-site.test', 'server-error.test']

beforeAll(async () => {
  const closed = await startFixtureServer()
  closedPort = closed.port
  await closed.close()
  server = await startFixtureServer({
    'cache.test': { '/': { body: home('Cachely') } },
    'keyed.test': { '/': { body: home('Keyly') } },
    'together.test': { '/': { body: home('Togetherly'), delayMs: 200 } },
    'unhurried.test': { '/': { body: home('Unhurried'), delayMs: 3000 } },
    'refresh-far.test': { '/': { body: '<!doctype html><title>Wayfarer</title><meta http-equiv="refresh" content="0; url=http://other-site.test/">' } },
    'refresh-slow.test': { '/': { body: '<!doctype html><title>Lantern Books</title><meta http-equiv="refresh" content="30; url=/news">' } },
    'pdf.test': { '/': { body: '%PDF-1.7', headers: { 'content-type': 'application/pdf' } } },
    'gone.test': { '/': { status: 404, body: '<!doctype html><title>Page not found</title>' } },
    'server-error.test': { '/': { status: 503, headers: { server: 'nginx' }, body: '<!doctype html><title>Maintenance</title>' } }
  })
  app = await buildTestApp(HOSTS)
})

afterAll(async () => {
  await app?.close()
  await server?.close()
})

const at = (host: string) => `${server.origin(host)}/`

describe('fetching', () => {
  it('falls back from https to http for a bare domain', async () => {
    const body = (await profile(app, { domain: at('cache.test').replace('http://', '').replace(/\/$/, '') })).json()
    expect(body).toMatchObject({ reachable: true, homepage_url: at('cache.test'), final_url: at('cache.test'), brand_name: 'Cachely' })
  })

  it('keeps the scheme of a URL: https to a plain-http server is a TLS failure, not a fallback', async () => {
    const body = (await profile(app, { domain: at('cache.test').replace('http://', 'https://') })).json()
    expect(body).toMatchObject({ reachable: false, final_url: null, brand_name: null, error: { code: 'tls' } })
  })

  it('does not follow a meta refresh to another site', async () => {
    const body = (await profile(app, { domain: at('refresh-far.test') })).json()
    expect(body).toMatchObject({ final_url: at('refresh-far.test'), redirects: [], brand_name: 'Wayfarer' })
  })

  it('does not follow a meta refresh with a delay over 5 seconds', async () => {
    const body = (await profile(app, { domain: at('refresh-slow.test') })).json()
    expect(body).toMatchObject({ final_url: at('refresh-slow.test'), redirects: [], brand_name: 'Lantern Books' })
  })

  it('reports a homepage that is not HTML', async () => {
    const body = (await profile(app, { domain: at('pdf.test') })).json()
    expect(body).toMatchObject({ reachable: true, status: 200, title: null, error: { code: 'not_html' } })
  })

  it.each([['gone.test', 404], ['server-error.test', 503]])('never takes a brand from an error page (%s)', async (host, status) => {
    const body = (await profile(app, { domain: at(host) })).json()
    expect(body).toMatchObject({ reachable: true, status, title: null, brand_name: null, blocked: false, error: { code: 'http_status', message: `The homepage answered HTTP ${status}` } })
  })
})

describe('unreachable sites: 200 with reachable false', () => {
  it('a refused connection keeps the addresses it resolved', async () => {
    const res = await profile(app, { domain: `closed.test:${closedPort}` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      domain: 'closed.test',
      reachable: false,
      homepage_url: `http://closed.test:${closedPort}/`,
      final_url: null,
      status: null,
      resolved_ips: ['127.0.0.1'],
      brand_name: null,
      icons: [],
      social_links: [],
      error: { code: 'connect' },
      sources: ['dns'],
      cached: false
    })
  })

  it('a name that does not resolve', async () => {
    const failing = await buildTestApp([], {
      fetchPolicy: { resolver: async () => { throw Object.assign(new Error('queryA ENOTFOUND'), { code: 'ENOTFOUND' }) } }
    })
    try {
      const res = await profile(failing, { domain: 'no-such-brand.test' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({
        domain: 'no-such-brand.test',
        reachable: false,
        resolved_ips: [],
        homepage_url: 'https://no-such-brand.test/',
        error: { code: 'dns', message: 'The host name could not be resolved' },
        sources: ['dns']
      })
    } finally {
      await failing.close()
    }
  })
})

describe('cache', () => {
  it('serves a second request for the same origin from the cache', async () => {
    const first = (await profile(app, { domain: at('cache.test') })).json()
    const fetches = server.requests.filter((r) => r.host === 'cache.test').length
    const second = (await profile(app, { domain: at('cache.test').toUpperCase().replace('HTTP://', 'http://') })).json()
    expect(second.cached).toBe(true)
    expect(second).toEqual({ ...first, cached: true })
    expect(server.requests.filter((r) => r.host === 'cache.test')).toHaveLength(fetches)
  })

  it('keys by origin: another scheme or port is fetched afresh', async () => {
    const url = (await profile(app, { domain: at('keyed.test') })).json()
    const bareDomain = at('keyed.test').replace('http://', '').replace(/\/$/, '')
    // a bare domain may be answered over https, so it never shares a key with an http URL
    const bare = (await profile(app, { domain: bareDomain })).json()
    const bareAgain = (await profile(app, { domain: bareDomain })).json()
    expect([url.cached, bare.cached, bareAgain.cached]).toEqual([false, false, true])
  })

  it('fetches once for identical requests that arrive together', async () => {
    const [a, b] = await Promise.all([profile(app, { domain: at('together.test') }), profile(app, { domain: at('together.test') })])
    expect([a.json().brand_name, b.json().brand_name]).toEqual(['Togetherly', 'Togetherly'])
    expect(server.requests.filter((r) => r.host === 'together.test' && r.path === '/')).toHaveLength(1)
  })

  it('keeps each caller\'s timeout: requests with another timeout_seconds do not share a fetch', async () => {
    // the homepage answers in 3 s: the 30 s request gets it, the 1 s one its own timeout (not the 30 s one's answer, late)
    const [patient, hurried] = await Promise.all([
      profile(app, { domain: at('unhurried.test'), timeout_seconds: 30 }),
      profile(app, { domain: at('unhurried.test'), timeout_seconds: 1 })
    ])
    expect(patient.json()).toMatchObject({ reachable: true, brand_name: 'Unhurried' })
    expect(hurried.json()).toMatchObject({ reachable: false, error: { code: 'timeout' } })
    expect(server.requests.filter((r) => r.host === 'unhurried.test' && r.path === '/')).toHaveLength(2)
  })

  it('does not cache an unreachable answer or an error page', async () => {
    for (const domain of [`closed.test:${closedPort}`, at('server-error.test')]) {
      await profile(app, { domain })
      const again = (await profile(app, { domain })).json()
      expect(again.cached).toBe(false)
    }
  })
})

describe('Redis cache', () => {
  const redisUrl = process.env.REDIS_URL ?? null
  it.skipIf(redisUrl === null)('is shared between replicas (skipped without REDIS_URL)', async () => {
    // a host of its own per run, so an entry left in Redis by an earlier run cannot answer
    const host = `r${Date.now()}.shared.test`
    server.addSite(host, { '/': { body: home('Sharedly') } })
    const replicas = [
      await buildTestApp([host], { config: testConfig({ redisUrl }) }),
      await buildTestApp([host], { config: testConfig({ redisUrl }) })
    ]
    try {
      const first = (await profile(replicas[0], { domain: at(host) })).json()
      const second = (await profile(replicas[1], { domain: at(host) })).json()
      expect(first).toMatchObject({ brand_name: 'Sharedly', cached: false })
      expect(second).toEqual({ ...first, cached: true })
    } finally {
      await Promise.all(replicas.map(async (replica) => await replica.close()))
    }
  })
})

describe('validation and auth', () => {
  it.each([
    [{}, [{ type: 'missing', loc: ['body', 'domain'], msg: 'Field required' }]],
    [{ domain: 42 }, [{ type: 'string_type', loc: ['body', 'domain'], msg: 'Input should be a valid string', input: 42 }]],
    [{ domain: '' }, [{ type: 'string_too_short', loc: ['body', 'domain'], msg: 'String should have at least 1 character', input: '', ctx: { min_length: 1 } }]],
    [{ domain: 'example.com', timeout_seconds: 0 }, [{ type: 'greater_than_equal', loc: ['body', 'timeout_seconds'], msg: 'Input should be greater than or equal to 1', input: 0, ctx: { ge: 1 } }]],
    [{ domain: 'example.com', timeout_seconds: 31 }, [{ type: 'less_than_equal', loc: ['body', 'timeout_seconds'], msg: 'Input should be less than or equal to 30', input: 31, ctx: { le: 30 } }]],
    [{ domain: 'example.com', timeout_seconds: '10' }, [{ type: 'int_type', loc: ['body', 'timeout_seconds'], msg: 'Input should be a valid integer', input: '10' }]],
    [{ domain: 'exa mple.com' }, [{ type: 'value_error', loc: ['body', 'domain'], msg: 'Value error, domain must not contain whitespace', input: 'exa mple.com', ctx: { error: 'domain must not contain whitespace' } }]],
    [{ domain: 'bad..name.com' }, [{ type: 'value_error', loc: ['body', 'domain'], msg: 'Value error, domain is not a valid domain name or URL', input: 'bad..name.com', ctx: { error: 'domain is not a valid domain name or URL' } }]]
  ])('422 for %j', async (payload, detail) => {
    const res = await profile(app, payload)
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({ detail, code: 'validation_failed', request_id: res.headers['x-request-id'] })
  })

  it('422 for credentials in the URL, as site answers, without echoing them', async () => {
    // before, brand dropped them and profiled the host after the @ (evil.example here)
    for (const domain of ['https://user:secret@example.com/', 'https://example.com:443@evil.example/']) {
      const res = await profile(app, { domain })
      expect(res.statusCode).toBe(422)
      expect(res.json().detail).toEqual([{
        type: 'value_error', loc: ['body', 'domain'], msg: 'Value error, domain must not contain credentials', ctx: { error: 'domain must not contain credentials' }
      }])
      expect(res.body).not.toContain('secret')
    }
  })

  it('401 without an API key', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/domain/profile', payload: { domain: 'example.com' } })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ detail: 'Missing API key: send it in the X-API-Key header, or as Authorization: Bearer <key>', code: 'missing_api_key', request_id: expect.any(String) })
  })

  it('documents both routes in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v1/domain/profile', '/v1/domain/profile/batch']))
    expect(doc.paths['/v1/domain/profile'].post.responses['200']).toBeDefined()
    expect(doc.info.title).toBe('Domain brand profile API')
  })

  it('counts one unit of quota per call', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/domain/profile', headers: KEY, payload: { domain: at('cache.test') } })
    const before = Number(res.headers['x-ratelimit-remaining'])
    const next = await app.inject({ method: 'POST', url: '/v1/domain/profile', headers: KEY, payload: { domain: at('cache.test') } })
    expect(Number(next.headers['x-ratelimit-remaining'])).toBe(before - 1)
  })
})
