import type { ChildProcess } from 'node:child_process'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { testConfig } from '../src/index.js'
import { buildDemo } from './fixtures/demo-service.js'
import { captureLog } from './helpers/log-capture.js'
import { hasRedisServer, startCluster } from './helpers/redis-servers.js'

// Twelve keys: their counters' slots are spread over the three primaries
const KEYS = Array.from({ length: 12 }, (_, i) => `cluster-key-${i}`)
const call = (key: string) => ({ method: 'POST' as const, url: '/v1/echo', headers: { 'x-api-key': key }, payload: { name: 'a', secret: 's', count: 1 } })

describe.skipIf(!hasRedisServer)('a Redis Cluster primary killed (skipped without redis-server on PATH)', () => {
  let servers: ChildProcess[] = []
  const apps: Record<'open' | 'closed', FastifyInstance | null> = { open: null, closed: null }
  const logs = { open: captureLog(), closed: captureLog() }

  beforeAll(async () => {
    const cluster = await startCluster()
    servers = cluster.servers
    for (const mode of ['open', 'closed'] as const) {
      apps[mode] = await buildDemo({
        config: testConfig({ keys: KEYS.join(','), monthlyQuota: 100, redisClusterNodes: cluster.nodes, quotaFailMode: mode, adminKey: 'admin' }),
        logger: { level: 'info', stream: logs[mode].stream },
        processMetrics: false
      })
    }
  }, 30_000)

  afterAll(async () => {
    for (const app of Object.values(apps)) await app?.close()
    for (const server of servers) server.kill('SIGKILL')
  })

  const storeUp = async (app: FastifyInstance) =>
    (await app.inject({ method: 'GET', url: '/admin/metrics', headers: { 'x-admin-key': 'admin' } })).json().quota_store_up

  test('quota_store_up goes to 0 with one warning, /ready stays 200, the fail mode applies and no call waits on the store', async () => {
    const open = apps.open as FastifyInstance
    const closed = apps.closed as FastifyInstance
    // a fresh cluster client may still be learning the slots (slow on a loaded machine): start from a store both see up
    for (let i = 0; i < 50 && (await storeUp(open) !== 1 || await storeUp(closed) !== 1); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    for (const key of KEYS) {
      expect((await open.inject(call(key))).headers['x-ratelimit-remaining']).toBe('99')
      expect((await closed.inject(call(key))).headers['x-ratelimit-remaining']).toBe('98')
    }
    expect([await storeUp(open), await storeUp(closed)]).toEqual([1, 1])

    servers[0].kill('SIGKILL')
    for (let i = 0; i < 50 && (await storeUp(open) !== 0 || await storeUp(closed) !== 0); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect([await storeUp(open), await storeUp(closed)]).toEqual([0, 0])

    // Every key, whichever primary holds its counter: the fail mode, at once (a wait on the dead primary was ~0.9 s each)
    const started = performance.now()
    for (const key of KEYS) {
      const refused = await closed.inject(call(key))
      expect([refused.statusCode, refused.headers['retry-after']]).toEqual([503, '30'])
      const admitted = await open.inject(call(key))
      expect(admitted.statusCode).toBe(200)
      // the count is unknown: no number is claimed
      expect(admitted.headers['x-ratelimit-remaining']).toBeUndefined()
    }
    expect(performance.now() - started).toBeLessThan(1000)

    for (const app of [open, closed]) expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200)
    for (const log of Object.values(logs)) expect(log.messages('warn').filter((msg) => msg.includes('quota store'))).toHaveLength(1)
  }, 30_000)
})
