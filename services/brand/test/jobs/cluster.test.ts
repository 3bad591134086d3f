import type { ChildProcess } from 'node:child_process'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Redis } from 'ioredis'
import { hasRedisServer, holdShareOfMaxmemory, startCluster } from '../../../../packages/service-kit/test/helpers/redis-servers.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'
import { buildJobsApp, testKey, waitFor } from '../helpers/jobs.js'
import { stopProcess } from '../helpers/worker-process.js'

// A real three-primary Redis Cluster (ports 7210-7212 of this work's range): BullMQ's scripts and ours each touch
// one slot, because every key carries the jobs' hash tag.
const HOSTS = Array.from({ length: 12 }, (_, i) => `cluster${i}.test`)

let servers: ChildProcess[] = []
let nodes: Array<{ host: string, port: number }> = []
let server: FixtureServer
let app: FastifyInstance
const key = testKey()

describe.skipIf(!hasRedisServer)('brand jobs on a Redis Cluster (skipped without redis-server on PATH)', () => {
  beforeAll(async () => {
    const cluster = await startCluster([7210, 7211, 7212])
    servers = cluster.servers
    nodes = cluster.nodes
    server = await startFixtureServer(Object.fromEntries(HOSTS.map((host) => [host, { '/': { body: `<title>${host}</title>`, delayMs: 20 } }])))
    app = await buildJobsApp({
      keys: key,
      hosts: HOSTS,
      prefix: '{jobs:brand}',
      redisUrl: null,
      config: { redisClusterNodes: cluster.nodes }
    })
  }, 30_000)
  afterAll(async () => {
    await app?.close()
    await server?.close()
    await Promise.all(servers.map(async (child) => await stopProcess(child, 'SIGKILL')))
  })

  it('runs a job to completion with its results, idempotency key and cancellation', async () => {
    const headers = { 'x-api-key': key, 'idempotency-key': 'cluster-run' }
    const payload = { domains: HOSTS.map((host) => `${server.origin(host)}/`) }
    const created = await app.inject({ method: 'POST', url: '/v1/domain/profile/jobs', headers, payload })
    expect(created.statusCode).toBe(202)
    const { id } = created.json()
    expect((await app.inject({ method: 'POST', url: '/v1/domain/profile/jobs', headers, payload })).json().id).toBe(id)
    const done = await waitFor(async () => (await app.inject({ method: 'GET', url: `/v1/domain/profile/jobs/${id}`, headers })).json(),
      (job) => job.status === 'completed', 20_000)
    expect(done).toMatchObject({ total: HOSTS.length, done: HOSTS.length, failed: 0 })
    const page = (await app.inject({ method: 'GET', url: `/v1/domain/profile/jobs/${id}/results?limit=1000`, headers })).json()
    expect(page.results.map((line: { index: number }) => line.index)).toEqual(HOSTS.map((_, i) => i))
    const cancel = await app.inject({ method: 'DELETE', url: `/v1/domain/profile/jobs/${id}`, headers })
    expect(cancel.json().status).toBe('completed')
  })

  // The jobs' keys share one hash tag: their room is the one primary holding that slot. Another primary full (caches,
  // another service's jobs) must not refuse a creation; theirs full must.
  it('answers jobs_storage_full only when the primary holding the jobs is near full', async () => {
    const primaries = nodes.map((node) => new Redis(node.port, node.host))
    const headers = { 'x-api-key': key }
    const payload = { domains: [`${server.origin(HOSTS[0])}/`] }
    // past the gauge's 5 s between looks, so the next creation reads memory as it is now
    const create = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5100))
      return await app.inject({ method: 'POST', url: '/v1/domain/profile/jobs', headers, payload })
    }
    try {
      const slot = Number(await primaries[0].call('CLUSTER', 'KEYSLOT', '{jobs:brand}'))
      const holds = await Promise.all(primaries.map(async (primary) => Number(await primary.call('CLUSTER', 'COUNTKEYSINSLOT', slot)) > 0))
      const holder = primaries[holds.indexOf(true)]
      const other = primaries[(holds.indexOf(true) + 1) % primaries.length]
      await holdShareOfMaxmemory(other, 0.95)
      expect((await create()).statusCode).toBe(202)
      await other.config('SET', 'maxmemory', '0')
      await holdShareOfMaxmemory(holder, 0.95)
      const full = await create()
      expect([full.statusCode, full.json().code]).toEqual([503, 'jobs_storage_full'])
    } finally {
      for (const primary of primaries) {
        await primary.config('SET', 'maxmemory', '0')
        primary.disconnect()
      }
    }
  }, 30_000)
})
