import { gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, profile } from '../helpers/app.js'
import { startFixtureServer, type FixtureServer, type FixtureSite } from '../helpers/fixture-server.js'

// Every case is refused, or bounded, without a connection to the denied address. The canary listens on every local
// address (dual stack), so a connection to 127.0.0.0/8, ::1 or 0.0.0.0 on its port would be counted.
let canary: FixtureServer
let sites: FixtureServer
let strict: FastifyInstance
let fixtures: FastifyInstance
let rebinding: FastifyInstance

const page = '<!doctype html><title>Fixture Site</title><meta property="og:site_name" content="Fixture">'
const at = (host: string) => `http://${host}:${sites.port}/`

function redirectSites (deniedPort: number): Record<string, FixtureSite> {
  const chain: FixtureSite = { '/': { status: 302, headers: { location: '/hop1' } } }
  for (let hop = 1; hop <= 11; hop++) chain[`/hop${hop}`] = { status: 302, headers: { location: `/hop${hop + 1}` } }
  chain['/hop12'] = { body: page }
  return {
    'to-denied.test': { '/': { status: 302, headers: { location: `http://127.0.0.2:${deniedPort}/` } } },
    'to-metadata.test': { '/': { status: 301, headers: { location: 'http://metadata.test/latest/meta-data/' } } },
    'to-file.test': { '/': { status: 302, headers: { location: 'file:///etc/passwd' } } },
    'chain.test': chain,
    'loop.test': {
      '/': { status: 302, headers: { location: '/a' } },
      '/a': { status: 302, headers: { location: '/b' } },
      '/b': { status: 302, headers: { location: '/a' } }
    },
    'huge.test': { '/': { body: `${page}<p>${'lorem ipsum '.repeat(450_000)}</p><a href="https://x.com/late">late</a>` } },
    'bomb.test': {
      '/': { body: gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20)), headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' } }
    },
    'slow.test': {
      '/': {
        handler: (_request, response) => {
          response.writeHead(200, { 'content-type': 'text/html' })
          response.write('<!doctype html><title>Slow')
          const timer = setInterval(() => response.write(' .'), 100)
          response.on('close', () => clearInterval(timer))
        }
      }
    }
  }
}

beforeAll(async () => {
  canary = await startFixtureServer({}, '::')
  sites = await startFixtureServer(redirectSites(canary.port))
  // nothing allow-listed: loopback is as forbidden as in production
  strict = await buildTestApp([], { fetchPolicy: { hostMap: { 'loopback.test': '127.0.0.1', 'private.test': '10.0.0.1' } } })
  fixtures = await buildTestApp([], {
    fetchPolicy: {
      allowCidrs: ['127.0.0.1/32'],
      hostMap: {
        ...Object.fromEntries(Object.keys(redirectSites(0)).map((host) => [host, '127.0.0.1'])),
        'metadata.test': '169.254.169.254'
      }
    }
  })
  // the first answer passes the check; every later one is a denied loopback address
  let lookups = 0
  rebinding = await buildTestApp([], {
    fetchPolicy: { allowCidrs: ['127.0.0.1/32'], resolver: async () => lookups++ === 0 ? ['127.0.0.1'] : ['127.0.0.2'] }
  })
})

afterAll(async () => {
  await Promise.all([strict?.close(), fixtures?.close(), rebinding?.close()])
  await Promise.all([canary?.close(), sites?.close()])
})

describe('non-public targets: 400 with the generic message and no connection', () => {
  const port = () => canary.port
  it.each([
    ['127.0.0.1', () => `http://127.0.0.1:${port()}/`],
    ['2130706433 (decimal)', () => `http://2130706433:${port()}/`],
    ['0x7f000001 (hex)', () => `http://0x7f000001:${port()}/`],
    ['0177.0.0.1 (octal, bare)', () => `0177.0.0.1:${port()}`],
    ['[::1]', () => `http://[::1]:${port()}/`],
    ['[::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${port()}/`],
    ['0.0.0.0', () => `http://0.0.0.0:${port()}/`],
    ['169.254.169.254 (cloud metadata)', () => 'http://169.254.169.254/latest/meta-data/'],
    ['[fd00:ec2::254] (cloud metadata, IPv6)', () => 'http://[fd00:ec2::254]/'],
    ['10.0.0.1 (bare)', () => '10.0.0.1'],
    ['a hostname resolving to loopback', () => `http://loopback.test:${port()}/`],
    ['a hostname resolving to a private address', () => 'private.test']
  ])('%s', async (_name, domain) => {
    const res = await profile(strict, { domain: domain() })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ detail: 'Target address is not allowed', code: 'target_not_allowed', request_id: expect.any(String) })
    expect(canary.connections()).toBe(0)
  })

  it('DNS rebinding: public when first resolved, loopback at connect time', async () => {
    const res = await profile(rebinding, { domain: `http://rebind.test:${canary.port}/` })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ detail: 'Target address is not allowed', code: 'target_not_allowed', request_id: expect.any(String) })
    expect(canary.connections()).toBe(0)
  })

  it('a redirect from an allowed site to a denied address', async () => {
    const res = await profile(fixtures, { domain: at('to-denied.test') })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ detail: 'Target address is not allowed', code: 'target_not_allowed', request_id: expect.any(String) })
    expect(canary.connections()).toBe(0)
  })

  it('a redirect to a name resolving to the cloud metadata address', async () => {
    const res = await profile(fixtures, { domain: at('to-metadata.test') })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ detail: 'Target address is not allowed', code: 'target_not_allowed', request_id: expect.any(String) })
  })
})

describe('redirect and body limits: 200 with a clear picture', () => {
  it('stops an 11-hop redirect chain after 10 hops', async () => {
    const body = (await profile(fixtures, { domain: at('chain.test') })).json()
    expect(body).toMatchObject({ reachable: false, brand_name: null, error: { code: 'too_many_redirects', message: 'More than 10 redirects' } })
    expect(body.redirects).toHaveLength(11)
    expect(body.redirects[0]).toEqual({ url: at('chain.test'), status: 302, location: `${at('chain.test')}hop1`, kind: 'http' })
  })

  it('detects a redirect loop', async () => {
    const body = (await profile(fixtures, { domain: at('loop.test') })).json()
    expect(body).toMatchObject({ reachable: false, error: { code: 'redirect_loop', message: 'The redirects form a loop' } })
    expect(body.redirects.map((hop: { location: string }) => hop.location)).toEqual([`${at('loop.test')}a`, `${at('loop.test')}b`, `${at('loop.test')}a`])
  })

  it('refuses a redirect to a non-http scheme', async () => {
    const body = (await profile(fixtures, { domain: at('to-file.test') })).json()
    expect(body).toMatchObject({ reachable: false, error: { code: 'scheme', message: 'Only http and https URLs can be fetched' } })
  })

  it('reads an oversized page up to 2 MiB and profiles that prefix', async () => {
    const body = (await profile(fixtures, { domain: at('huge.test') })).json()
    expect(body).toMatchObject({ reachable: true, truncated: true, brand_name: 'Fixture', title: 'Fixture Site', social_links: [] })
  })

  it('stops decompressing a gzip bomb at 2 MiB', async () => {
    const body = (await profile(fixtures, { domain: at('bomb.test') })).json()
    expect(body).toMatchObject({ reachable: true, truncated: true, title: null, error: null })
  })

  it('gives up on a body that is still trickling at the deadline', async () => {
    const body = (await profile(fixtures, { domain: at('slow.test'), timeout_seconds: 1 })).json()
    expect(body).toMatchObject({ reachable: false, brand_name: null, error: { code: 'timeout' } })
  })
})

describe('non-http schemes: 422', () => {
  it.each(['ftp://example.com/', 'file:///etc/passwd', `gopher://127.0.0.1:${6379}/_INFO`, 'javascript://alert(1)'])('%s', async (domain) => {
    const res = await profile(strict, { domain })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({
      detail: [{ type: 'url_scheme', loc: ['body', 'domain'], msg: "URL scheme should be 'http' or 'https'", input: domain, ctx: { expected_schemes: "'http' or 'https'" } }],
      code: 'validation_failed',
      request_id: res.headers['x-request-id']
    })
  })
})
