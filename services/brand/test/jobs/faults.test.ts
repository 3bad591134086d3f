import type { ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { freePort, hasRedisServer, startRedis } from '../../../../packages/service-kit/test/helpers/redis-servers.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'
import { buildJobsApp, testKey, testPrefix, waitFor } from '../helpers/jobs.js'
import { spawnWorker, stopProcess } from '../helpers/worker-process.js'

// Faults for real: a redis-server of this test's own (ports 7200-7299 are this work's), worker processes that are
// SIGKILLed, a Redis restarted from its append-only file, and an API replica replaced mid-job.
const REDIS_PORT = 7201
const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`
const HOSTS = Array.from({ length: 40 }, (_, i) => `fault${i}.test`)
const page = (name: string) => `<!doctype html><title>${name}</title><meta property="og:site_name" content="${name}">`

let redis: ChildProcess
let dataDir: string
let server: FixtureServer
let probe: Redis
const workers: ChildProcess[] = []
const apps: FastifyInstance[] = []

async function startOwnRedis (): Promise<ChildProcess> {
  return await startRedis(REDIS_PORT, ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', dataDir])
}

async function api (key: string, prefix: string): Promise<FastifyInstance> {
  const app = await buildJobsApp({ keys: key, hosts: HOSTS, prefix, redisUrl: REDIS_URL, overrides: { jobs: { inlineWorker: false } } })
  apps.push(app)
  return app
}

async function worker (prefix: string): Promise<ChildProcess> {
  const child = spawnWorker({ redisUrl: REDIS_URL, prefix, hosts: HOSTS, concurrency: 4, metricsPort: await freePort() })
  workers.push(child)
  return child
}

async function create (app: FastifyInstance, key: string): Promise<string> {
  const domains = HOSTS.map((host) => `${server.origin(host)}/`)
  const created = await app.inject({ method: 'POST', url: '/v1/domain/profile/jobs', headers: { 'x-api-key': key }, payload: { domains } })
  expect(created.statusCode).toBe(202)
  return created.json().id
}

/** The job's record as stored, read around the API so that polling costs no quota. */
async function stored (prefix: string, id: string): Promise<Record<string, string>> {
  for (;;) {
    try {
      return await probe.hgetall(`${prefix}:job:${id}`)
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100)) // Redis restarting
    }
  }
}

async function unitsUsed (key: string): Promise<number> {
  const month = new Date().toISOString().slice(0, 7)
  return Number(await probe.get(`q:{${createHash('sha256').update(key).digest('hex')}}:${month}`))
}

async function allResults (app: FastifyInstance, key: string, id: string): Promise<Array<{ index: number, ok: boolean }>> {
  const response = await app.inject({ method: 'GET', url: `/v1/domain/profile/jobs/${id}/results`, headers: { 'x-api-key': key, accept: 'application/x-ndjson' } })
  return response.body.trim().split('\n').map((line) => JSON.parse(line))
}

async function expectEveryInputOnce (app: FastifyInstance, key: string, id: string): Promise<void> {
  const results = await allResults(app, key, id)
  expect(results.map((line) => line.index)).toEqual(HOSTS.map((_, i) => i))
  expect(results.filter((line) => !line.ok)).toEqual([])
}

describe.skipIf(!hasRedisServer)('brand jobs under faults (skipped without redis-server on PATH)', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'jobs-faults-'))
    redis = await startOwnRedis()
    probe = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 })
    probe.on('error', () => {})
    server = await startFixtureServer(Object.fromEntries(HOSTS.map((host, i) => [host, { '/': { body: page(`Fault ${i}`), delayMs: 100 } }])))
  })
  afterEach(async () => {
    await Promise.all(workers.splice(0).map(async (child) => await stopProcess(child, 'SIGKILL')))
    await Promise.all(apps.splice(0).map(async (app) => await app.close()))
  })
  afterAll(async () => {
    probe?.disconnect()
    await server?.close()
    if (redis !== undefined) await stopProcess(redis, 'SIGKILL')
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true })
  })

  it('completes a job whose worker is SIGKILLed mid-job: every input exactly once, exactly total units charged', async () => {
    const key = testKey()
    const prefix = testPrefix()
    const app = await api(key, prefix)
    const victim = await worker(prefix)
    await worker(prefix)
    const id = await create(app, key)
    await waitFor(async () => await stored(prefix, id), (job) => Number(job.done) >= 8, 30_000)
    await stopProcess(victim, 'SIGKILL')
    const job = await waitFor(async () => await stored(prefix, id), (job) => job.status === 'completed', 60_000)
    expect(Number(job.done)).toBe(HOSTS.length)
    expect(await unitsUsed(key)).toBe(HOSTS.length)
    await expectEveryInputOnce(app, key, id)
  }, 90_000)

  it('completes a job while Redis is restarted from its append-only file', async () => {
    const key = testKey()
    const prefix = testPrefix()
    const app = await api(key, prefix)
    await worker(prefix)
    await worker(prefix)
    const id = await create(app, key)
    await waitFor(async () => await stored(prefix, id), (job) => Number(job.done) >= 8, 30_000)
    await stopProcess(redis, 'SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 500))
    redis = await startOwnRedis()
    const job = await waitFor(async () => await stored(prefix, id), (job) => job.status === 'completed', 60_000)
    expect(Number(job.done)).toBe(HOSTS.length)
    expect(await unitsUsed(key)).toBe(HOSTS.length)
    await expectEveryInputOnce(app, key, id)
  }, 90_000)

  it('changes nothing when the API replica that created a job is replaced mid-job', async () => {
    const key = testKey()
    const prefix = testPrefix()
    const first = await api(key, prefix)
    await worker(prefix)
    const id = await create(first, key)
    await waitFor(async () => await stored(prefix, id), (job) => Number(job.done) >= 4, 30_000)
    await first.close()
    apps.splice(apps.indexOf(first), 1)
    const second = await api(key, prefix)
    await waitFor(async () => await stored(prefix, id), (job) => job.status === 'completed', 60_000)
    const status = (await second.inject({ method: 'GET', url: `/v1/domain/profile/jobs/${id}`, headers: { 'x-api-key': key } })).json()
    expect(status).toMatchObject({ id, status: 'completed', total: HOSTS.length, done: HOSTS.length, failed: 0 })
    await expectEveryInputOnce(second, key, id)
  }, 90_000)
})
