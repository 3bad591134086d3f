import type { ChildProcess } from 'node:child_process'
import type { FastifyInstance } from 'fastify'
import { Cluster } from 'ioredis'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { RedisQuotaStore, sha256 } from '@utility-apis/auth-quota'
import { testConfig } from '../src/index.js'
import { buildDemo } from './fixtures/demo-service.js'
import { hasRedisServer, startCluster } from './helpers/redis-servers.js'

const call = (key: string) => ({ method: 'POST' as const, url: '/v1/echo', headers: { 'x-api-key': key }, payload: { name: 'a', secret: 's', count: 1 } })

describe.skipIf(!hasRedisServer)('quota on a Redis Cluster of three primaries (skipped without redis-server on PATH)', () => {
  let servers: ChildProcess[] = []
  let nodes: Array<{ host: string, port: number }>
  let apps: FastifyInstance[] = []
  let admin: Cluster

  beforeAll(async () => {
    ({ servers, nodes } = await startCluster())
    const now = new Date('2026-11-21T12:00:00Z')
    // Three replicas, each with a cluster client of its own, seeded with REDIS_CLUSTER_NODES
    apps = await Promise.all([0, 1, 2].map(async () => await buildDemo({
      config: testConfig({ keys: 'shared-key,other-key,third-key', monthlyQuota: 150, redisClusterNodes: nodes, quotaFailMode: 'closed' }),
      processMetrics: false,
      // Three replicas and 1,350 concurrent calls in one process on a shared machine: the event loop, not Redis, is
      // what is slow here, and a store timeout would only measure it
      quotaStoreTimeoutMs: 10_000,
      clock: () => now
    })))
    admin = new Cluster(nodes)
  }, 30_000)

  afterAll(async () => {
    await Promise.all(apps.map(async (app) => await app.close()))
    await admin?.quit()
    for (const server of servers) server.kill('SIGKILL')
  })

  test('the replicas are ready on the cluster', async () => {
    for (const app of apps) expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200)
  })

  test('3 x the quota in concurrent calls over three replicas: exactly the quota admitted, each counter equal to it', async () => {
    const keys = ['shared-key', 'other-key', 'third-key']
    const responses = await Promise.all(Array.from({ length: 3 * 150 * keys.length }, async (_, i) =>
      await apps[i % 3].inject(call(keys[Math.floor(i / 3) % keys.length]))))
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(150 * keys.length)
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(2 * 150 * keys.length)
    for (const key of keys) {
      // Each API key's counter is in a slot of its own, chosen by its hash tag
      expect(await admin.get(RedisQuotaStore.keyFor('q', sha256(key), '2026-11'))).toBe('150')
    }
    // on three different slots, so a turn's calls were evaluated slot by slot
    const slots = await Promise.all(keys.map(async (key) => await admin.cluster('KEYSLOT', RedisQuotaStore.keyFor('q', sha256(key), '2026-11'))))
    expect(new Set(slots).size).toBe(3)
  }, 30_000)

  test('refunds on the cluster: keys of three slots in one turn, each lowered atomically and never below zero', async () => {
    const store = new RedisQuotaStore(admin, `refund-${process.pid}`)
    const ids = ['a', 'b', 'c']
    await Promise.all(ids.map(async (id) => await store.consume(id, '2026-11', 5, 10)))
    expect(await Promise.all(ids.map(async (id, i) => await store.refund(id, '2026-11', 2 + 2 * i, null)))).toEqual([3, 1, 0])
    expect(await store.refund('c', '2026-11', 1, null)).toBe(0)
    // a refund with an id, retried on every slot in one turn: applied once each
    const again = async () => await Promise.all(ids.map(async (id) => await store.refund(id, '2026-11', 1, 'job_x:cancel')))
    expect(await Promise.all([again(), again()])).toEqual([[2, 0, 0], [2, 0, 0]])
    expect(await Promise.all(ids.map(async (id) => await admin.get(RedisQuotaStore.keyFor(`refund-${process.pid}`, id, '2026-11'))))).toEqual(['2', '0', '0'])
  })
})
