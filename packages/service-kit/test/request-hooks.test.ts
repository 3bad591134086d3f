import { Writable } from 'node:stream'
import { afterEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { testConfig } from '../src/index.js'
import { buildDemo } from './fixtures/demo-service.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const key = { 'x-api-key': 'test-key' }
let apps: FastifyInstance[] = []
afterEach(async () => { await Promise.all(apps.map(async (app) => await app.close())); apps = [] })

function capture () {
  const lines: Array<Record<string, unknown>> = []
  const stream = new Writable({ write (chunk, _enc, done) { lines.push(JSON.parse(String(chunk))); done() } })
  return { lines, stream }
}

async function demo (options: Partial<Parameters<typeof buildDemo>[0]> = {}, extra?: (app: FastifyInstance) => void) {
  const app = await buildDemo({ config: testConfig(), processMetrics: false, ...options }, extra)
  apps.push(app)
  return app
}

describe('request ids', () => {
  test('a UUID is generated for every response, errors and 404s included, and ids never repeat across replicas', async () => {
    const [a, b] = [await demo(), await demo()]
    const ids = new Set<string>()
    for (const app of [a, b]) {
      for (const request of [{ url: '/health' }, { url: '/nope' }, { method: 'POST' as const, url: '/v1/echo', payload: {} }]) {
        const id = (await app.inject(request)).headers['x-request-id'] as string
        expect(id).toMatch(UUID)
        ids.add(id)
      }
    }
    expect(ids.size).toBe(6)
  })

  test("the caller's id is kept when it is short printable ASCII, replaced otherwise", async () => {
    const app = await demo()
    const idFor = async (given: string) => (await app.inject({ url: '/health', headers: { 'x-request-id': given } })).headers['x-request-id']
    expect(await idFor('trace-7f3a:span/1')).toBe('trace-7f3a:span/1')
    for (const bad of ['has space', 'x'.repeat(129), 'é', '']) expect(await idFor(bad)).toMatch(UUID)
  })

  test('the access line and request.log lines of a route carry the id, and request.log is redacted', async () => {
    const { lines, stream } = capture()
    const app = await demo({ logger: { level: 'info', stream } }, (app) => {
      app.get('/v1/log', async (request) => {
        request.log.warn({ secret: 'hunter2', headers: { 'x-api-key': 'key-in-a-log' } }, 'route says')
        return { ok: true }
      })
    })
    await app.inject({ url: '/v1/log', headers: { 'x-request-id': 'req-abc' } })
    const said = lines.find((line) => line.msg === 'route says')
    expect(said).toMatchObject({ level: 40, reqId: 'req-abc', service: 'demo', secret: '[REDACTED]', headers: { 'x-api-key': '[REDACTED]' } })
    expect(lines.find((line) => line.msg === 'request')).toMatchObject({ reqId: 'req-abc', method: 'GET', route: '/v1/log', status: 200 })
    expect(JSON.stringify(lines)).not.toMatch(/hunter2|key-in-a-log/)
  })
})

describe('/metrics', () => {
  test('Prometheus text behind the admin key, as x-admin-key or a bearer token; documented in OpenAPI', async () => {
    const app = await demo({ config: testConfig({ adminKey: 'admin-secret', monthlyQuota: 1 }) })
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401)
    expect((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401)
    await app.inject({ method: 'POST', url: '/v1/echo', headers: key, payload: { name: 'a', secret: 's', count: 1 } })
    await app.inject({ method: 'POST', url: '/v1/echo', headers: key, payload: { name: 'a', secret: 's', count: 1 } })
    await app.inject({ method: 'POST', url: '/v1/echo', payload: { name: 'a', secret: 's', count: 1 } })
    const scrape = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer admin-secret' } })
    expect(scrape.statusCode).toBe(200)
    expect(scrape.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(scrape.body).toContain('http_request_duration_seconds_count{method="POST",route="/v1/echo",status="200",service="demo"} 1')
    expect(scrape.body).toContain('http_request_duration_seconds_count{method="POST",route="/v1/echo",status="429",service="demo"} 1')
    // A counter without labels has none but the service; one with an outcome has it as its label
    expect(scrape.body).toContain('quota_rejections_total{service="demo"} 1')
    expect(scrape.body).toContain('auth_failures_total{service="demo"} 1')
    expect((await app.inject({ url: '/metrics', headers: { 'x-admin-key': 'admin-secret' } })).statusCode).toBe(200)
    const document = (await app.inject({ url: '/openapi.json' })).json()
    expect(document.paths['/metrics'].get.security).toEqual([{ AdminKeyHeader: [] }, { AdminBearer: [] }])
    expect(Object.keys(document.paths['/metrics'].get.responses['200'].content)).toEqual(['text/plain'])
  })

  test('404 while no admin key is configured', async () => {
    const app = await demo()
    expect((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer x' } })).statusCode).toBe(404)
  })
})

describe('CORS', () => {
  const preflight = { method: 'OPTIONS' as const, url: '/v1/echo', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-api-key' } }

  test('off by default: no CORS headers, even for a preflight', async () => {
    const app = await demo()
    const call = await app.inject({ method: 'POST', url: '/v1/echo', headers: { ...key, origin: 'https://app.example' }, payload: { name: 'a', secret: 's', count: 1 } })
    expect(call.headers['access-control-allow-origin']).toBeUndefined()
    expect((await app.inject(preflight)).headers['access-control-allow-origin']).toBeUndefined()
  })

  test('with CORS_ORIGINS: the listed origins only, and the preflight answered', async () => {
    const app = await demo({ config: testConfig({ corsOrigins: ['https://app.example'] }) })
    const answer = await app.inject(preflight)
    expect(answer.statusCode).toBe(204)
    expect(answer.headers['access-control-allow-origin']).toBe('https://app.example')
    expect(String(answer.headers['access-control-allow-headers'])).toContain('x-api-key')
    const call = await app.inject({ method: 'POST', url: '/v1/echo', headers: { ...key, origin: 'https://app.example' }, payload: { name: 'a', secret: 's', count: 1 } })
    expect(call.headers['access-control-allow-origin']).toBe('https://app.example')
    expect(String(call.headers['access-control-expose-headers'])).toContain('x-ratelimit-remaining')
    const other = await app.inject({ ...preflight, headers: { ...preflight.headers, origin: 'https://evil.example' } })
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('CORS for every route a browser may call', () => {
  test('the preflight allows DELETE (cancelling a job) and the Idempotency-Key header (creating one safely)', async () => {
    const app = await demo({ config: testConfig({ corsOrigins: ['https://app.example'] }) })
    const preflight = (method: string, headers: string) => app.inject({
      method: 'OPTIONS',
      url: '/v1/jobs/job_1',
      headers: { origin: 'https://app.example', 'access-control-request-method': method, 'access-control-request-headers': headers }
    })
    const cancel = await preflight('DELETE', 'x-api-key')
    expect(cancel.statusCode).toBe(204)
    expect(String(cancel.headers['access-control-allow-methods']).split(/,\s*/)).toContain('DELETE')
    const create = await preflight('POST', 'x-api-key,content-type,idempotency-key')
    expect(String(create.headers['access-control-allow-headers']).split(/,\s*/)).toEqual(expect.arrayContaining(['idempotency-key', 'x-api-key', 'content-type']))
  })
})

describe('paths', () => {
  test('a trailing slash answers like the path without it; a wrong method is still 405', async () => {
    const app = await demo()
    const body = { name: 'a', secret: 's', count: 1 }
    const plain = await app.inject({ method: 'POST', url: '/v1/echo', headers: key, payload: body })
    const slashed = await app.inject({ method: 'POST', url: '/v1/echo/', headers: key, payload: body })
    expect([slashed.statusCode, slashed.json()]).toEqual([plain.statusCode, plain.json()])
    const wrong = await app.inject({ method: 'DELETE', url: '/v1/echo/' })
    expect([wrong.statusCode, wrong.headers.allow]).toEqual([405, 'POST'])
  })
})
