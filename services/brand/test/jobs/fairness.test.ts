import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'
import { buildJobsApp, dropPrefix, REDIS_URL, testKey, testPrefix, waitFor } from '../helpers/jobs.js'

// One key's 10,000-item job must not hold back another key's 10-item job on the same workers. Every fixture site
// answers after 100 ms, so the large job keeps every worker slot busy for minutes.
const BIG = Array.from({ length: 10_000 }, (_, i) => `big${i}.test`)
const SMALL = Array.from({ length: 10 }, (_, i) => `small${i}.test`)
const page = (name: string) => `<!doctype html><title>${name}</title>`

let server: FixtureServer
let app: FastifyInstance
let probe: Redis
const bigKey = testKey()
const smallKey = testKey()
let bigJob = ''
const prefix = testPrefix()

const unitsUsed = async (key: string): Promise<number> =>
  Number(await probe.get(`q:{${createHash('sha256').update(key).digest('hex')}}:${new Date().toISOString().slice(0, 7)}`))

describe.skipIf(REDIS_URL === undefined)('fairness between keys (skipped without REDIS_URL)', () => {
  beforeAll(async () => {
    server = await startFixtureServer(Object.fromEntries([...BIG, ...SMALL].map((host) => [host, { '/': { body: page(host), delayMs: 100 } }])))
    app = await buildJobsApp({
      keys: `${bigKey},${smallKey}`,
      hosts: [...BIG, ...SMALL],
      prefix,
      config: { monthlyQuota: 20_000 },
      overrides: { jobs: { inlineWorker: true, concurrency: 8 }, jobEngine: { chunkSize: 20 } }
    })
    probe = new Redis(REDIS_URL as string)
  })
  afterAll(async () => {
    await app?.close()
    await server?.close()
    // the cancelled job's chunks that no worker drained would stay in the shared Redis
    if (REDIS_URL !== undefined) await dropPrefix(REDIS_URL, prefix)
    probe?.disconnect()
  })

  it('completes another key\'s 10-item job within 10 s while a 10,000-item job runs', async () => {
    const big = await app.inject({
      method: 'POST', url: '/v1/domain/profile/jobs', headers: { 'x-api-key': bigKey }, payload: { domains: BIG.map((host) => `${server.origin(host)}/`) }
    })
    expect(big.statusCode).toBe(202)
    bigJob = big.json().id
    const status = async (key: string, id: string) => (await app.inject({ method: 'GET', url: `/v1/domain/profile/jobs/${id}`, headers: { 'x-api-key': key } })).json()
    await waitFor(async () => await status(bigKey, bigJob), (job) => job.done >= 40, 30_000)

    const started = Date.now()
    const small = await app.inject({
      method: 'POST', url: '/v1/domain/profile/jobs', headers: { 'x-api-key': smallKey }, payload: { domains: SMALL.map((host) => `${server.origin(host)}/`) }
    })
    const done = await waitFor(async () => await status(smallKey, small.json().id), (job) => job.status === 'completed', 10_000)
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(done).toMatchObject({ done: 10, failed: 0 })
    expect((await status(bigKey, bigJob)).status).toBe('running')
  }, 60_000)

  it('refunds the items of a cancelled job that never ran, once', async () => {
    const before = await unitsUsed(bigKey)
    const cancelled = await app.inject({ method: 'DELETE', url: `/v1/domain/profile/jobs/${bigJob}`, headers: { 'x-api-key': bigKey } })
    expect(cancelled.statusCode).toBe(200)
    const job = cancelled.json()
    expect(job.status).toBe('cancelled')
    // every item whose results were not written is given back (the cancellation itself is free)
    expect(await unitsUsed(bigKey)).toBe(before - (BIG.length - job.done))
    const again = await app.inject({ method: 'DELETE', url: `/v1/domain/profile/jobs/${bigJob}`, headers: { 'x-api-key': bigKey } })
    expect(again.json().status).toBe('cancelled')
    expect(await unitsUsed(bigKey)).toBe(before - (BIG.length - job.done))
  })

  it('stops a cancelled job: no result is written after the cancellation', async () => {
    await app.inject({ method: 'DELETE', url: `/v1/domain/profile/jobs/${bigJob}`, headers: { 'x-api-key': bigKey } })
    const read = async () => (await app.inject({ method: 'GET', url: `/v1/domain/profile/jobs/${bigJob}`, headers: { 'x-api-key': bigKey } })).json()
    const atCancel = await read()
    expect(atCancel.status).toBe('cancelled')
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect((await read()).done).toBe(atCancel.done)
  })
})
