import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testConfig } from '@utility-apis/service-kit'
import { buildTestApp, KEY } from '../helpers/app.js'
import { startFixtureServer, type FixtureServer, type FixtureSite } from '../helpers/fixture-server.js'

const LATENCY_MS = 300
const CONCURRENCY = 8
const SLOW_HOSTS = Array.from({ length: 25 }, (_, i) => `brand${i + 1}.test`)
/** Sites of a batch whose caller leaves: one more than the batch runs at once, each slow to answer. */
const GONE_HOSTS = Array.from({ length: CONCURRENCY + 4 }, (_, i) => `gone${i + 1}.test`)

let server: FixtureServer
let app: FastifyInstance
let active = 0
let maxActive = 0

const page = (name: string) => `<!doctype html><title>${name}</title><meta property="og:site_name" content="${name}">
<link rel="icon" href="/icon.svg" type="image/svg+xml">`

function slowSite (name: string): FixtureSite {
  return {
    '/': {
      handler: (_request, response) => {
        active++
        maxActive = Math.max(maxActive, active)
        setTimeout(() => {
          active--
          response.writeHead(200, { 'content-type': 'text/html' })
          response.end(page(name))
        }, LATENCY_MS)
      }
    }
  }
}

beforeAll(async () => {
  server = await startFixtureServer({
    ...Object.fromEntries(SLOW_HOSTS.map((host, i) => [host, slowSite(`Brand ${i + 1}`)])),
    'alpha.test': { '/': { body: page('Alpha') } },
    'glacial.test': { '/': { body: page('Glacial'), delayMs: 5000 } },
    ...Object.fromEntries(GONE_HOSTS.map((host) => [host, { '/': { body: page(host), delayMs: 1500 } }]))
  })
  app = await buildTestApp([...SLOW_HOSTS, ...GONE_HOSTS, 'alpha.test', 'glacial.test', 'closed.test', 'warm.test'], { batchConcurrency: CONCURRENCY })
  // the first profile of a process loads and compiles the parser: the batch tests start after it
  server.addSite('warm.test', { '/': { body: page('Warm') } })
  await batch({ domains: [`${server.origin('warm.test')}/`] })
})

afterAll(async () => {
  await app?.close()
  await server?.close()
})

async function batch (payload: unknown, target = app) {
  return await target.inject({ method: 'POST', url: '/v1/domain/profile/batch', headers: KEY, payload: payload as object })
}

describe('POST /v1/domain/profile/batch', () => {
  // each profile also reads its icon's first bytes: one more round trip, answered at once by the fixture server
  // How many sites are profiled at once is asserted here; how fast a batch is belongs to `pnpm bench`, not to a timed test
  it(`profiles 25 domains of ${LATENCY_MS} ms latency with ${CONCURRENCY} of them in flight at once`, async () => {
    const res = await batch({ domains: SLOW_HOSTS.map((host) => `${server.origin(host)}/`) })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.succeeded).toBe(25)
    expect(body.results.map((item: { profile: { brand_name: string } }) => item.profile.brand_name))
      .toEqual(SLOW_HOSTS.map((_host, i) => `Brand ${i + 1}`))
    expect(maxActive).toBe(CONCURRENCY)
  })

  it('reports per-item failures in input order without failing the batch, and fetches duplicates once', async () => {
    const alpha = `${server.origin('alpha.test')}/`
    const before = server.requests.filter((request) => request.host === 'alpha.test' && request.path === '/').length
    const res = await batch({ domains: [alpha, 'exa mple.com', 'http://10.0.0.1/', 'ftp://alpha.test/', 'closed.test:1', alpha.toUpperCase().replace('HTTP', 'http')] })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.results.map((item: { input: string, ok: boolean, error?: unknown }) => [item.input, item.ok, item.error ?? null])).toEqual([
      [alpha, true, null],
      ['exa mple.com', false, { status: 422, detail: 'domain must not contain whitespace', code: 'validation_failed' }],
      ['http://10.0.0.1/', false, { status: 400, detail: 'Target address is not allowed', code: 'target_not_allowed' }],
      ['ftp://alpha.test/', false, { status: 422, detail: "URL scheme should be 'http' or 'https'", code: 'validation_failed' }],
      ['closed.test:1', true, null],
      [alpha.toUpperCase().replace('HTTP', 'http'), true, null]
    ])
    expect(body.results[0].profile).toMatchObject({ brand_name: 'Alpha', reachable: true })
    expect(body.results[4].profile).toMatchObject({ domain: 'closed.test', reachable: false, error: { code: 'connect' } })
    expect(body.results[5].profile).toEqual(body.results[0].profile)
    expect({ succeeded: body.succeeded, failed: body.failed }).toEqual({ succeeded: 3, failed: 3 })
    expect(server.requests.filter((request) => request.host === 'alpha.test' && request.path === '/').length - before).toBe(1)
  })

  it('answers at the overall deadline, marking what did not finish', async () => {
    const hurried = await buildTestApp(['alpha.test', 'glacial.test'], { batchDeadlineMs: 400 })
    try {
      const body = (await batch({ domains: [`${server.origin('glacial.test')}/`, `${server.origin('alpha.test')}/`] }, hurried)).json()
      expect(body.results[0]).toEqual({
        input: `${server.origin('glacial.test')}/`,
        ok: false,
        error: { status: 504, detail: 'The batch deadline passed before this domain was profiled', code: 'batch_deadline_exceeded' }
      })
      expect(body.results[1]).toMatchObject({ ok: true, profile: { brand_name: 'Alpha' } })
    } finally {
      await hurried.close()
    }
  })

  it('charges one unit of quota per domain', async () => {
    const first = await batch({ domains: [`${server.origin('alpha.test')}/`] })
    const second = await batch({ domains: Array.from({ length: 3 }, () => `${server.origin('alpha.test')}/`) })
    expect(Number(first.headers['x-ratelimit-remaining']) - Number(second.headers['x-ratelimit-remaining'])).toBe(3)
  })

  it('charges nothing for a domain that fails inside the batch', async () => {
    const first = await batch({ domains: [`${server.origin('alpha.test')}/`] })
    const mixed = await batch({ domains: [`${server.origin('alpha.test')}/`, 'not a domain'] })
    expect([mixed.json().succeeded, mixed.json().failed]).toEqual([1, 1])
    expect(Number(first.headers['x-ratelimit-remaining']) - Number(mixed.headers['x-ratelimit-remaining'])).toBe(1)
  })

  it.each([
    [{ domains: [] }, [{ type: 'too_short', loc: ['body', 'domains'], msg: 'List should have at least 1 item after validation, not 0', input: [], ctx: { field_type: 'List', min_length: 1, actual_length: 0 } }]],
    [{ domains: 'alpha.test' }, [{ type: 'list_type', loc: ['body', 'domains'], msg: 'Input should be a valid list', input: 'alpha.test' }]],
    [{ domains: ['alpha.test', 7] }, [{ type: 'string_type', loc: ['body', 'domains', 1], msg: 'Input should be a valid string', input: 7 }]],
    [{ domains: ['alpha.test'], timeout_seconds: 60 }, [{ type: 'less_than_equal', loc: ['body', 'timeout_seconds'], msg: 'Input should be less than or equal to 30', input: 60, ctx: { le: 30 } }]]
  ])('422 for %j', async (payload, detail) => {
    const res = await batch(payload)
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({ detail, code: 'validation_failed', request_id: res.headers['x-request-id'] })
  })

  it('422 for more than 25 domains, echoing the first 200 characters of the list', async () => {
    const domains = Array.from({ length: 26 }, (_, i) => `site${i}.test`)
    const res = await batch({ domains })
    expect(res.statusCode).toBe(422)
    expect(res.json().detail).toEqual([{
      type: 'too_long',
      loc: ['body', 'domains'],
      msg: 'List should have at most 25 items after validation, not 26',
      input: `${JSON.stringify(domains).slice(0, 200)}...[truncated: a list of 26 items]`,
      ctx: { field_type: 'List', max_length: 25, actual_length: 26 }
    }])
  })
})

describe('item errors in OpenAPI', () => {
  it('name the code of a batch item error and of a job item error, as a single call\'s error body does', async () => {
    const schemas = (await app.inject({ method: 'GET', url: '/openapi.json' })).json().components.schemas
    for (const name of ['DomainProfileBatchItemError', 'JobItemError']) {
      expect(schemas[name]).toMatchObject({ required: ['status', 'detail', 'code'], properties: { code: { type: 'string' } } })
    }
  })

  it('stops fetching when its caller closes the connection: the domains not started are never asked', async () => {
    const url = await app.listen({ host: '127.0.0.1', port: 0 })
    const gone = new AbortController()
    const call = fetch(`${url}/v1/domain/profile/batch`, {
      method: 'POST',
      headers: { ...KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ domains: GONE_HOSTS.map((host) => `${server.origin(host)}/`) }),
      signal: gone.signal
    })
    const asked = () => server.requests.filter((request) => GONE_HOSTS.includes(request.host) && request.path === '/').length
    for (let i = 0; i < 200 && asked() < CONCURRENCY; i++) await new Promise((resolve) => setTimeout(resolve, 10))
    expect(asked()).toBe(CONCURRENCY)
    gone.abort()
    await call.catch(() => {})
    // past the time the first sites answer (1.5 s), the batch would have asked the rest
    await new Promise((resolve) => setTimeout(resolve, 2500))
    expect(asked()).toBe(CONCURRENCY)
  })
})

describe('profiles of the process, whoever asks', () => {
  const A_HOSTS = Array.from({ length: 6 }, (_, i) => `a${i + 1}.test`)
  // slow sites of each test of its own: a profile made once is answered from the cache after
  const S_HOSTS = Array.from({ length: 5 }, (_, i) => `s${i + 1}.test`)
  const T_HOSTS = Array.from({ length: 3 }, (_, i) => `t${i + 1}.test`)
  const SLOW = [...A_HOSTS, ...S_HOSTS, ...T_HOSTS]
  let fixtures: FixtureServer
  let slotted: FastifyInstance

  beforeAll(async () => {
    fixtures = await startFixtureServer({
      ...Object.fromEntries(SLOW.map((host) => [host, { '/': { body: page(host), delayMs: 1000 } }])),
      'b.test': { '/': { body: page('B') } },
      'shared.test': { '/': { body: page('Shared') } },
      'late.test': { '/': { body: page('Late') } }
    })
    slotted = await buildTestApp([...SLOW, 'b.test', 'shared.test', 'late.test'], { config: testConfig({ keys: 'key-a,key-b' }), profileSlots: 2, batchConcurrency: 8 })
  })
  afterAll(async () => {
    await slotted?.close()
    await fixtures?.close()
  })

  it('are made a few at a time, in turn by key: one key\'s batch does not make another key\'s single profile wait for all of it', async () => {
    const homepages = () => fixtures.requests.filter((request) => request.path === '/').map((request) => request.host)
    const batch = slotted.inject({
      method: 'POST',
      url: '/v1/domain/profile/batch',
      headers: { 'x-api-key': 'key-a' },
      payload: { domains: A_HOSTS.map((host) => `${fixtures.origin(host)}/`) }
    })
    for (let i = 0; i < 200 && homepages().length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 10))
    // two slots: the batch's first two sites, its other four waiting
    expect(homepages().sort()).toEqual(['a1.test', 'a2.test'])
    const single = await slotted.inject({ method: 'POST', url: '/v1/domain/profile', headers: { 'x-api-key': 'key-b' }, payload: { domain: `${fixtures.origin('b.test')}/` } })
    expect(single.statusCode).toBe(200)
    expect(single.json().brand_name).toBe('B')
    const answered = (await batch).json()
    expect(answered).toMatchObject({ succeeded: 6, failed: 0 })
    // key a was waiting first: its next site took the first free slot, key b's profile the second, before the rest of
    // key a's batch (which, in one line, it would have waited for whole)
    expect(homepages().slice(0, 2).sort()).toEqual(['a1.test', 'a2.test'])
    expect(homepages().slice(2)).toEqual(['a3.test', 'b.test', 'a4.test', 'a5.test', 'a6.test'])
  })

  const single = async (key: string, host: string, timeoutSeconds?: number) => await slotted.inject({
    method: 'POST', url: '/v1/domain/profile', headers: { 'x-api-key': key }, payload: { domain: `${fixtures.origin(host)}/`, timeout_seconds: timeoutSeconds }
  })
  const homepagesSince = (from: number) => fixtures.requests.slice(from).filter((request) => request.path === '/').map((request) => request.host)
  const used = async (key: string) => (await slotted.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': key } })).json().used as number

  it('share a profile only once it runs: a key asking what another key has waiting waits in its own turn', async () => {
    const from = fixtures.requests.length
    // key a: five slow sites, then one its turn comes to last
    const aSlow = S_HOSTS.map(async (host) => await single('key-a', host))
    await new Promise((resolve) => setTimeout(resolve, 100))
    const aShared = single('key-a', 'shared.test')
    await new Promise((resolve) => setTimeout(resolve, 100))
    const bShared = await single('key-b', 'shared.test')
    expect(bShared.statusCode).toBe(200)
    await Promise.all([...aSlow, aShared])
    const order = homepagesSince(from)
    // key b's turn came at the first free slots, beside key a's next: before the rest of key a's line
    expect(order.indexOf('shared.test')).toBeGreaterThan(0)
    expect(order.indexOf('shared.test')).toBeLessThan(order.indexOf('s4.test'))
  })

  it('answer a profile whose turn came too late as a 503, uncharged, never as the site\'s timeout', async () => {
    const from = fixtures.requests.length
    const aSlow = T_HOSTS.map(async (host) => await single('key-a', host, 10))
    await new Promise((resolve) => setTimeout(resolve, 100))
    const before = await used('key-b')
    // both slots are held for about the whole of key b's second: its turn comes with next to no time left
    const late = await single('key-b', 'late.test', 1)
    expect(late.statusCode).toBe(503)
    expect(late.json().code).toBe('service_overloaded')
    expect(late.headers['retry-after']).toBe('10')
    expect(await used('key-b')).toBe(before)
    expect(homepagesSince(from)).not.toContain('late.test')
    await Promise.all(aSlow)
  })
})
