import type { ChildProcess } from 'node:child_process'
import { Redis } from 'ioredis'
import { afterEach, describe, expect, test } from 'vitest'
import { testConfig } from '../src/index.js'
import { buildDemo } from './fixtures/demo-service.js'
import { captureLog } from './helpers/log-capture.js'
import { freePort, hasRedisServer, startRedis } from './helpers/redis-servers.js'

const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('condition not reached in 10 s')
}

const servers: ChildProcess[] = []
afterEach(() => { for (const server of servers.splice(0)) server.kill('SIGKILL') })

const call = { method: 'POST' as const, url: '/v1/echo', headers: { 'x-api-key': 'test-key' }, payload: { name: 'a', secret: 's', count: 1 } }

describe.skipIf(!hasRedisServer)('Redis unreachable at start (skipped without redis-server on PATH)', () => {
  test.each(['open', 'closed'] as const)('fail mode %s: the service starts and is ready; quota_store_up is 0, then 1 once Redis is up', async (mode) => {
    const port = mode === 'open' ? 7120 : 7121
    const log = captureLog()
    const app = await buildDemo({
      config: testConfig({ redisUrl: `redis://127.0.0.1:${port}`, quotaFailMode: mode, monthlyQuota: 50, adminKey: 'admin' }),
      logger: { level: 'info', stream: log.stream }
    })
    const storeUp = async () => (await app.inject({ method: 'GET', url: '/admin/metrics', headers: { 'x-admin-key': 'admin' } })).json().quota_store_up
    try {
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200)
      // Readiness is this process's: a Redis outage must not take every replica out of its Service
      const ready = await app.inject({ method: 'GET', url: '/ready' })
      expect(ready.statusCode).toBe(200)
      expect(await storeUp()).toBe(0)
      const exposition = (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer admin' } })).body
      expect(exposition).toMatch(/^quota_store_up\{service="demo"\} 0$/m)
      const during = await app.inject(call)
      expect(during.statusCode).toBe(mode === 'open' ? 200 : 503)
      // the count is unknown: no number is claimed
      expect(during.headers['x-ratelimit-remaining']).toBeUndefined()
      expect(during.headers['x-ratelimit-limit']).toBeUndefined()

      servers.push(await startRedis(port))
      await until(async () => await storeUp() === 1)
      const counted = await app.inject(call)
      expect(counted.statusCode).toBe(200)
      expect(counted.headers['x-ratelimit-remaining']).toBe('49')
      await app.inject(call)
      expect(log.messages('warn').filter((msg) => msg.includes('quota store'))).toHaveLength(1)
      expect(log.messages('info').filter((msg) => msg.includes('quota store'))).toHaveLength(1)
    } finally {
      await app.close()
    }
  }, 30_000)

  test('Redis lost under load and back: no 5xx beyond the fail mode, and counting resumes', async () => {
    const port = await freePort()
    servers.push(await startRedis(port))
    const app = await buildDemo({ config: testConfig({ redisUrl: `redis://127.0.0.1:${port}`, quotaFailMode: 'open', monthlyQuota: 100_000 }) })
    try {
      await until(async () => (await app.metrics.snapshot()).quota_store_up === 1)
      const statuses = new Set<number>()
      const load = async (rounds: number) => {
        for (let i = 0; i < rounds; i++) {
          const answers = await Promise.all(Array.from({ length: 10 }, async () => await app.inject(call)))
          for (const answer of answers) statuses.add(answer.statusCode)
        }
      }
      const during = load(60)
      await new Promise((resolve) => setTimeout(resolve, 50))
      const [server] = servers.splice(0)
      server.kill('SIGKILL')
      await during
      servers.push(await startRedis(port))
      await until(async () => (await app.metrics.snapshot()).quota_store_up === 1)
      await load(5)
      expect([...statuses]).toEqual([200])
      const after = await app.inject(call)
      expect(Number(after.headers['x-ratelimit-remaining'])).toBeLessThan(100_000)
    } finally {
      await app.close()
    }
  }, 30_000)
})

describe.skipIf(!hasRedisServer)('Redis full (maxmemory with noeviction; skipped without redis-server on PATH)', () => {
  // A full Redis answers at once and PINGs fine: reported as an outage, it came back at the next health check and went
  // down again at the next call, a warning and a recovery line per call
  test('is not an outage: each call meets the fail mode, the store stays up, and one warning says it is full', async () => {
    const port = await freePort()
    servers.push(await startRedis(port, ['--maxmemory-policy', 'noeviction']))
    const log = captureLog()
    const app = await buildDemo({
      config: testConfig({ redisUrl: `redis://127.0.0.1:${port}`, quotaFailMode: 'open', monthlyQuota: 50 }),
      logger: { level: 'info', stream: log.stream }
    })
    const admin = new Redis(port, '127.0.0.1')
    try {
      await until(async () => (await app.metrics.snapshot()).quota_store_up === 1)
      expect((await app.inject(call)).headers['x-ratelimit-remaining']).toBe('49')
      await admin.config('SET', 'maxmemory', '1')
      for (let i = 0; i < 6; i++) {
        const answer = await app.inject(call)
        expect(answer.statusCode).toBe(200)
        // counted by this replica's fallback: no shared count is claimed
        expect(answer.headers['x-ratelimit-remaining']).toBeUndefined()
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      const metrics = await app.metrics.snapshot()
      expect([metrics.quota_store_up, metrics.quota_store_full, metrics.quota_fail_open]).toEqual([1, { total: 6 }, { total: 6 }])
      expect(log.messages('warn').filter((msg) => msg.includes('quota store'))).toEqual([expect.stringContaining('is full')])
      expect(log.messages('info').filter((msg) => msg.includes('quota store'))).toEqual([])
      await admin.config('SET', 'maxmemory', '0')
      expect((await app.inject(call)).headers['x-ratelimit-remaining']).toBe('48')
    } finally {
      admin.disconnect()
      await app.close()
    }
  }, 30_000)
})

describe.skipIf(!hasRedisServer)('Redis paused at the close (skipped without redis-server on PATH)', () => {
  test('the close waits a second for QUIT, not the command timeout: the drain\'s time is the requests\'', async () => {
    const port = await freePort()
    servers.push(await startRedis(port))
    const admin = new Redis(`redis://127.0.0.1:${port}`)
    const app = await buildDemo({ config: testConfig({ redisUrl: `redis://127.0.0.1:${port}` }), quotaStoreTimeoutMs: 15_000 })
    try {
      expect((await app.inject(call)).statusCode).toBe(200)
      const pauseMs = 8000
      const pauseEnds = Date.now() + pauseMs
      await admin.call('CLIENT', 'PAUSE', String(pauseMs), 'ALL')
      await app.close()
      expect(Date.now()).toBeLessThan(pauseEnds)
    } finally {
      // Redis 7.0 holds even CLIENT UNPAUSE during a pause of ALL: the admin's PING waits it out
      await admin.ping()
      admin.disconnect()
    }
  })
})
