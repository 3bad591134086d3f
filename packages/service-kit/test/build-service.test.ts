import { afterEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { testConfig } from '../src/index.js'
import { checkOpenApi } from '../src/testing.js'
import { buildDemo } from './fixtures/demo-service.js'

let app: FastifyInstance
afterEach(() => app?.close())
const key = { 'x-api-key': 'test-key' }

describe('operational endpoints', () => {
  test('/health answers string values only, without a key', async () => {
    app = await buildDemo({ config: testConfig() })
    const res = await app.inject({ method: 'GET', url: '/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok', service: 'demo', version: '0.1.0' })
  })

  test('/ready answers 200 when nothing is missing', async () => {
    app = await buildDemo({ config: testConfig() })
    expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200)
  })

  test('/admin/metrics: 404 without ADMIN_KEY', async () => {
    app = await buildDemo({ config: testConfig() })
    const res = await app.inject({ method: 'GET', url: '/admin/metrics', headers: { 'x-admin-key': 'anything' } })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ detail: 'Not Found', code: 'not_found', request_id: res.headers['x-request-id'] })
  })

  test('/admin/metrics: 401 missing or wrong, 200 with counters', async () => {
    app = await buildDemo({ config: testConfig({ adminKey: 'admin-secret', monthlyQuota: 1 }) })
    expect((await app.inject({ method: 'GET', url: '/admin/metrics' })).statusCode).toBe(401)
    expect((await app.inject({ method: 'GET', url: '/admin/metrics', headers: { 'x-admin-key': 'admin-secreT' } })).statusCode).toBe(401)
    await app.inject({ method: 'POST', url: '/v1/echo', payload: {} })
    await app.inject({ method: 'POST', url: '/v1/echo', headers: key, payload: { name: 'a', secret: 's', count: 'x' } })
    await app.inject({ method: 'POST', url: '/v1/echo', headers: key, payload: { name: 'a', secret: 's', count: 1 } })
    await app.inject({ method: 'POST', url: '/v1/echo', headers: key, payload: { name: 'a', secret: 's', count: 1 } })
    const res = await app.inject({ method: 'GET', url: '/admin/metrics', headers: { 'x-admin-key': 'admin-secret' } })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.service).toBe('demo')
    expect(body.auth_failures).toEqual({ total: 1 })
    expect(body.validation_failures).toEqual({ total: 1 })
    expect(body.quota_rejections).toEqual({ total: 1 })
    expect(body.requests['POST /v1/echo 401']).toBe(1)
    expect(body.requests['POST /v1/echo 422']).toBe(1)
    expect(body.requests['POST /v1/echo 429']).toBe(1)
    expect(typeof body.uptime_seconds).toBe('number')
  })

  test('security headers on every response', async () => {
    app = await buildDemo({ config: testConfig() })
    for (const url of ['/health', '/nope', '/openapi.json']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
    }
  })
})

describe('OpenAPI', () => {
  test('/openapi.json is a valid OpenAPI 3.1 document listing every route with the X-API-Key scheme', async () => {
    app = await buildDemo({ config: testConfig() })
    const check = await checkOpenApi(app)
    const doc = check.document
    expect(check.errors).toEqual([])
    expect(check.version).toBe('3.1')
    expect(doc.components.securitySchemes.APIKeyHeader).toEqual({ type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Your API key.' })
    expect(check.paths).toEqual(['/admin/metrics', '/health', '/metrics', '/ready', '/v1/batch', '/v1/boom', '/v1/echo', '/v1/forbidden', '/v1/lookup', '/v1/usage'])
    expect(check.unsecured).toEqual(['GET /admin/metrics', 'GET /health', 'GET /metrics', 'GET /ready'])
    const echo = doc.paths['/v1/echo'].post
    expect(echo.security).toEqual([{ APIKeyHeader: [] }, { APIKeyBearer: [] }])
    expect(doc.components.securitySchemes.APIKeyBearer).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(Object.keys(echo.responses).sort()).toEqual(['200', '400', '401', '403', '404', '405', '408', '413', '415', '422', '429', '500', '503'])
    // every body a named model
    expect(echo.requestBody.content['application/json'].schema.$ref).toMatch(/^#\/components\/schemas\//)
    expect(doc.paths['/health'].get.security).toEqual([])
  })

  test('Swagger UI is served at /docs', async () => {
    app = await buildDemo({ config: testConfig() })
    const res = await app.inject({ method: 'GET', url: '/docs/' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
  })
})

describe('load shedding', () => {
  test('under pressure: 503 with Retry-After, before authentication and quota', async () => {
    app = await buildDemo({ config: testConfig({ monthlyQuota: 1 }), pressure: { maxEventLoopDelay: 50, retryAfter: 7, sampleInterval: 10 } })
    const blockUntil = Date.now() + 600
    while (Date.now() < blockUntil) { /* keep the event loop busy so under-pressure sees the delay */ }
    await new Promise((resolve) => setTimeout(resolve, 15))
    const res = await app.inject({ method: 'POST', url: '/v1/echo', headers: key, payload: { name: 'a', secret: 's', count: 1 } })
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe('7')
    expect(res.json()).toEqual({ detail: 'Service Unavailable', code: 'service_overloaded', request_id: res.headers['x-request-id'] })
    expect(res.headers['x-ratelimit-limit']).toBeUndefined()
    // a busy process is alive: its health and readiness still answer, so no health check restarts it for its load
    for (const url of ['/health', '/ready']) expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200)
  })

  test('memory near the limit: business calls are shed, health still answers', async () => {
    // any process is above one byte: the limit is reached at the first sample
    app = await buildDemo({ config: testConfig(), pressure: { maxRssBytes: 1, retryAfter: 7, sampleInterval: 10 } })
    await new Promise((resolve) => setTimeout(resolve, 50))
    const res = await app.inject({ method: 'POST', url: '/v1/echo', headers: key, payload: { name: 'a', secret: 's', count: 1 } })
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe('7')
    expect(res.json().code).toBe('service_overloaded')
    for (const url of ['/health', '/ready']) expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200)
  })
})
