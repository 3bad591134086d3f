import type { ChildProcess } from 'node:child_process'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasRedisServer, startCluster } from '../../../../packages/service-kit/test/helpers/redis-servers.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'
import { buildJobsApp, testKey, waitFor } from '../helpers/jobs.js'
import { stopProcess } from '../helpers/worker-process.js'

// A real three-primary Redis Cluster (ports 7210-7212 of this work's range): BullMQ's scripts and ours each touch
// one slot, because every key carries the jobs' hash tag.
const HOSTS = Array.from({ length: 12 }, (_, i) => `cluster${i}.test`)

let servers: ChildProcess[] = []
let server: FixtureServer
let app: FastifyInstance
const key = testKey()

describe.skipIf(!hasRedisServer)('brand jobs on a Redis Cluster (skipped without redis-server on PATH)', () => {
  beforeAll(async () => {
    const cluster = await startCluster([7210, 7211, 7212])
    servers = cluster.servers
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
})
