import type { ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, hasRedisServer, holdShareOfMaxmemory, startRedis } from '../../../../packages/service-kit/test/helpers/redis-servers.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'
import { buildJobsApp, dropPrefix, REDIS_URL, testKey, testPrefix, waitFor } from '../helpers/jobs.js'
import { stopProcess } from '../helpers/worker-process.js'

// Job results on a Redis of their own (JOBS_REDIS_URL, a free port, 16 MB of maxmemory), the quota on the shared one
// (REDIS_URL): results fill only their own store, and a full one refuses new jobs with a 503.
let JOBS_REDIS_URL = ''
const HOSTS = ['store0.test', 'store1.test']

let jobsRedis: ChildProcess
let jobsProbe: Redis
let quotaProbe: Redis
let server: FixtureServer
let app: FastifyInstance
const key = testKey()
const prefix = testPrefix()
const counter = `q:{${createHash('sha256').update(key).digest('hex')}}:${new Date().toISOString().slice(0, 7)}`

const create = async () => await app.inject({
  method: 'POST', url: '/v1/domain/profile/jobs', headers: { 'x-api-key': key }, payload: { domains: HOSTS.map((host) => `${server.origin(host)}/`) }
})

describe.skipIf(!hasRedisServer || REDIS_URL === undefined)('brand job results on their own Redis (JOBS_REDIS_URL)', () => {
  beforeAll(async () => {
    const port = await freePort()
    JOBS_REDIS_URL = `redis://127.0.0.1:${port}`
    jobsRedis = await startRedis(port, ['--maxmemory', '16mb', '--maxmemory-policy', 'noeviction'])
    jobsProbe = new Redis(JOBS_REDIS_URL)
    quotaProbe = new Redis(REDIS_URL as string)
    server = await startFixtureServer(Object.fromEntries(HOSTS.map((host) => [host, { '/': { body: `<title>${host}</title>` } }])))
    app = await buildJobsApp({ keys: key, hosts: HOSTS, prefix, overrides: { jobs: { inlineWorker: true, concurrency: 2, perHostConcurrency: 2, redisUrl: JOBS_REDIS_URL } } })
  })
  afterAll(async () => {
    await app?.close()
    await server?.close()
    jobsProbe?.disconnect()
    quotaProbe?.disconnect()
    if (jobsRedis !== undefined) await stopProcess(jobsRedis, 'SIGKILL')
    if (REDIS_URL !== undefined) await dropPrefix(prefix)
  })

  it('keeps a job and its results in the jobs store and the quota counter in the quota store', async () => {
    const created = await create()
    expect(created.statusCode).toBe(202)
    const { id } = created.json()
    const done = await waitFor(async () => (await app.inject({ method: 'GET', url: `/v1/domain/profile/jobs/${id}`, headers: { 'x-api-key': key } })).json(),
      (job) => job.status === 'completed')
    expect(done).toMatchObject({ done: 2, charged: 2 })
    expect(await jobsProbe.exists(`${prefix}:job:${id}`, `${prefix}:job:${id}:chunk:0`)).toBe(2)
    expect(await quotaProbe.exists(`${prefix}:job:${id}`)).toBe(0)
    expect(Number(await quotaProbe.get(counter))).toBe(2)
    expect(await jobsProbe.exists(counter)).toBe(0)
  })

  it('answers 503 jobs_storage_full, never a server error, when the store refuses writes before its gauge saw it fill', async () => {
    // the gauge looked a moment ago and saw room; then the store filled (a limit of 1 byte: Redis refuses every write)
    expect((await create()).statusCode).toBe(202)
    await jobsProbe.config('SET', 'maxmemory', '1')
    try {
      const before = Number(await quotaProbe.get(counter))
      const refused = await create()
      expect(refused.statusCode).toBe(503)
      expect(refused.json()).toMatchObject({ code: 'jobs_storage_full' })
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      // the units it reserved are given back once the answer is sent
      expect(await waitFor(async () => Number(await quotaProbe.get(counter)), (used) => used === before)).toBe(before)
    } finally {
      await jobsProbe.config('SET', 'maxmemory', '16mb')
    }
  })

  it('answers 503 jobs_storage_full with Retry-After while the results store is near full, charging nothing', async () => {
    await holdShareOfMaxmemory(jobsProbe, 0.95)
    const refused = await waitFor(async () => await create(), (response) => response.statusCode !== 202)
    expect(refused.statusCode).toBe(503)
    expect(refused.json()).toMatchObject({ code: 'jobs_storage_full', request_id: expect.any(String) })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // the answer the OpenAPI document gives creation: its 503 names the code, with Retry-After
    const documented = (await app.inject({ method: 'GET', url: '/openapi.json' })).json().paths['/v1/domain/profile/jobs'].post.responses['503']
    expect(documented.description).toContain('`jobs_storage_full`')
    expect(Object.keys(documented.headers)).toContain('Retry-After')
    // a refused creation is never a quota failure, and costs nothing
    const before = Number(await quotaProbe.get(counter))
    expect((await create()).statusCode).toBe(503)
    expect(Number(await quotaProbe.get(counter))).toBe(before)
    // room again: jobs are created again
    await jobsProbe.config('SET', 'maxmemory', '16mb')
    const again = await waitFor(async () => await create(), (response) => response.statusCode === 202, 20_000)
    expect(again.statusCode).toBe(202)
  }, 30_000)
})
