import { once } from 'node:events'
import net from 'node:net'
import { Redis } from 'ioredis'
import { describe, expect, test } from 'vitest'
import { testConfig } from '../src/index.js'
import { buildDemo } from './fixtures/demo-service.js'

const REDIS_URL = process.env.REDIS_URL

describe.skipIf(!REDIS_URL)('readiness with Redis (skipped without REDIS_URL)', () => {
  test('/ready stays 200 while Redis is unreachable (quota_store_up is 0); business calls fail open, without a 500 or a guessed count', async () => {
    const target = new URL(REDIS_URL as string)
    const sockets = new Set<net.Socket>()
    const relay = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname)
      for (const s of [client, upstream]) { sockets.add(s); s.on('error', () => {}) }
      client.pipe(upstream).pipe(client)
    }).listen(0, '127.0.0.1')
    await once(relay, 'listening')
    const url = `redis://127.0.0.1:${(relay.address() as net.AddressInfo).port}`
    const app = await buildDemo({ config: testConfig({ redisUrl: url, monthlyQuota: 50 }) })
    try {
      expect(app.redis).toBeInstanceOf(Redis)
      expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200)
      await new Promise((resolve) => { relay.close(resolve); for (const s of sockets) s.destroy() })
      await new Promise((resolve) => setTimeout(resolve, 100))
      const ready = await app.inject({ method: 'GET', url: '/ready' })
      expect(ready.statusCode).toBe(200)
      expect((await app.metrics.snapshot()).quota_store_up).toBe(0)
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200)
      const call = await app.inject({ method: 'POST', url: '/v1/echo', headers: { 'x-api-key': 'test-key' }, payload: { name: 'a', secret: 's', count: 1 } })
      expect(call.statusCode).toBe(200)
      expect(call.headers['x-ratelimit-remaining']).toBeUndefined()
      expect(await app.metrics.get('quota_store_errors')).toBe(1)
    } finally {
      await app.close()
    }
  })
})
