import { once } from 'node:events'
import { afterEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { testConfig } from '../src/index.js'
import { buildDemo } from './fixtures/demo-service.js'
import { hasRedisServer, startRedis } from './helpers/redis-servers.js'

const now = new Date('2026-11-21T06:00:00Z')
const echo = (key: string, count: unknown = 1) => ({ method: 'POST' as const, url: '/v1/echo', headers: { 'x-api-key': key }, payload: { name: 'a', secret: 's', count } })
const usage = (key?: string) => ({ method: 'GET' as const, url: '/v1/usage', headers: key === undefined ? {} : { 'x-api-key': key } })

let apps: FastifyInstance[] = []
afterEach(async () => { await Promise.all(apps.splice(0).map(async (app) => await app.close())) })

describe('GET /v1/usage', () => {
  test('the calling key\'s limit, units used and left, period and reset; never charged; 2xx calls only counted', async () => {
    const app = await buildDemo({ config: testConfig({ keys: 'key-a:10,key-b' }), clock: () => now, processMetrics: false })
    apps.push(app)
    const first = await app.inject(usage('key-a'))
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ limit: 10, used: 0, remaining: 10, period: '2026-11', resets_at: '2026-12-01T00:00:00Z' })
    expect(first.headers['x-ratelimit-remaining']).toBe('10')
    expect(first.headers['x-ratelimit-reset']).toBe(String(9 * 86400 + 18 * 3600))
    await app.inject(echo('key-a'))
    await app.inject(echo('key-a'))
    expect((await app.inject(echo('key-a', 'x'))).statusCode).toBe(422)
    for (let i = 0; i < 3; i++) expect((await app.inject(usage('key-a'))).json()).toMatchObject({ used: 2, remaining: 8 })
    expect((await app.inject(usage('key-b'))).json()).toMatchObject({ limit: 1000, used: 0 })
  })

  test('with the quota spent it still answers (never a 429); without a key it is a 401', async () => {
    const app = await buildDemo({ config: testConfig({ keys: 'key-a:1' }), clock: () => now, processMetrics: false })
    apps.push(app)
    await app.inject(echo('key-a'))
    expect((await app.inject(echo('key-a'))).statusCode).toBe(429)
    const spent = await app.inject(usage('key-a'))
    expect([spent.statusCode, spent.json().remaining]).toEqual([200, 0])
    expect((await app.inject(usage())).statusCode).toBe(401)
    expect((await app.inject(usage('nope'))).statusCode).toBe(401)
  })

  test('is in the OpenAPI document as the `Usage` schema, with 401, 403 and 503 but no 429, its 200 with the quota headers', async () => {
    const app = await buildDemo({ config: testConfig(), processMetrics: false })
    apps.push(app)
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
    const operation = document.paths['/v1/usage'].get
    expect(operation.operationId).toBe('getUsage')
    expect(operation.security).toEqual([{ APIKeyHeader: [] }, { APIKeyBearer: [] }])
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '401', '403', '404', '405', '408', '500', '503'])
    expect(operation.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Usage' })
    // never charged, yet it sends the quota headers as a charged answer does, and says so
    expect(Object.keys(operation.responses['200'].headers).sort()).toEqual(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-Request-Id'])
    expect(Object.keys(document.components.schemas.Usage.properties)).toEqual(['limit', 'used', 'remaining', 'period', 'resets_at'])
  })

  describe.skipIf(!hasRedisServer)('with Redis (skipped without redis-server on PATH)', () => {
    test('exact across replicas, and a 503 rather than a guess while Redis is unreachable', async () => {
      // A redis-server of this test's own, which it can stop
      const port = 7110
      const server = await startRedis(port)
      try {
        const config = testConfig({ keys: 'shared-key:100', redisUrl: `redis://127.0.0.1:${port}`, quotaFailMode: 'open' })
        apps = await Promise.all([0, 1].map(async () => await buildDemo({ config, processMetrics: false })))
        await Promise.all(Array.from({ length: 30 }, async (_, i) => await apps[i % 2].inject(echo('shared-key'))))
        for (const app of apps) expect((await app.inject(usage('shared-key'))).json()).toMatchObject({ limit: 100, used: 30, remaining: 70 })
        server.kill('SIGKILL')
        await once(server, 'exit')
        const down = await apps[1].inject(usage('shared-key'))
        expect([down.statusCode, down.headers['retry-after'], down.json().detail]).toEqual([503, '30', 'Quota service unavailable'])
      } finally {
        server.kill('SIGKILL')
      }
    })
  })
})
