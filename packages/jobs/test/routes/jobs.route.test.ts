import type { ChildProcess } from 'node:child_process'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, hasRedisServer, startRedis } from '../../../service-kit/test/helpers/redis-servers.js'
import type { JobEngine } from '../../src/engine.js'
import { dropPrefix, gatedProcessor, REDIS_URL, until } from '../helpers.js'
import { buildJobsApp, JOBS_PATH, testKey, testPrefix } from './jobs-app.js'

// The jobs' own Redis (a server of this test, with noeviction) filled up by a running job: a customer must still be
// able to stop the job and get its units back exactly then; reads go on answering.

let jobsRedis: ChildProcess
let probe: Redis
let app: FastifyInstance
let engine: () => JobEngine | null
const key = testKey()
const prefix = testPrefix()
const headers = { 'x-api-key': key }

// the result schema wants an object
const gated = gatedProcessor(() => ({}))

const used = async (): Promise<number> => (await app.inject({ method: 'GET', url: '/v1/usage', headers })).json().used
const status = async (id: string) => await app.inject({ method: 'GET', url: `${JOBS_PATH}/${id}`, headers })

describe.skipIf(!hasRedisServer || REDIS_URL === undefined)('cancelling a job while its Redis is full (REDIS_URL)', () => {
  beforeAll(async () => {
    const port = await freePort()
    jobsRedis = await startRedis(port, ['--maxmemory', '16mb', '--maxmemory-policy', 'noeviction'])
    probe = new Redis(`redis://127.0.0.1:${port}`)
    ;({ app, engine } = await buildJobsApp(`${key}:100`, {
      processor: gated.processor,
      settings: { inlineWorker: true, concurrency: 2, perHostConcurrency: 2, redisUrl: `redis://127.0.0.1:${port}` },
      engine: { prefix, chunkSize: 2 }
    }))
  })
  afterAll(async () => {
    gated.release()
    await app?.close()
    probe?.disconnect()
    jobsRedis?.kill('SIGKILL')
    if (REDIS_URL !== undefined) await dropPrefix(prefix)
  })

  it('cancels, refunds what was not delivered once and keeps the delivered results readable', async () => {
    // chunks of 2 on 2 worker slots: chunks 0 and 1 write their fast item, then wait on their slow one; 2 and 3 never begin
    const created = await app.inject({ method: 'POST', url: JOBS_PATH, headers, payload: { things: ['fast0', 'slow0', 'fast1', 'slow1', 'n0', 'n1', 'n2', 'n3'] } })
    expect(created.statusCode).toBe(202)
    const { id } = created.json()
    await until(async () => ({ blocked: gated.blocked.length, done: (await status(id)).json().done }), (now) => now.blocked === 2 && now.done === 2)
    expect(await used()).toBe(8)

    // full: with noeviction, Redis refuses every write that may take memory
    await probe.config('SET', 'maxmemory', '1')
    await expect(probe.set(`${prefix}:probe`, 'x')).rejects.toThrow(/^OOM /)

    const cancelled = await app.inject({ method: 'DELETE', url: `${JOBS_PATH}/${id}`, headers })
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', done: 2, charged: 2 })
    // the 4 items that never began are refunded by the cancel itself
    expect(await used()).toBe(4)

    // the slow items' writes are refused: their chunks finish without them, refunded, and the job settles
    gated.release()
    const settled = await until(async () => (await status(id)).json(), (job) => job.finished_at !== null)
    expect(settled).toMatchObject({ status: 'cancelled', done: 2, failed: 0, charged: 2 })
    expect(await until(used, (units) => units === 2)).toBe(2)
    const results = await app.inject({ method: 'GET', url: `${JOBS_PATH}/${id}/results`, headers })
    expect(results.statusCode).toBe(200)
    expect(results.json()).toMatchObject({ results: [{ input: 'fast0', ok: true }, { input: 'fast1', ok: true }], next_cursor: null })

    // room again: nothing is refunded twice
    await probe.config('SET', 'maxmemory', '16mb')
    await engine()?.drainOutbox()
    expect(await used()).toBe(2)
    expect((await status(id)).json()).toEqual(settled)
  }, 30_000)
})

describe.skipIf(REDIS_URL === undefined)('the results of a running job as NDJSON (REDIS_URL)', () => {
  const running = gatedProcessor(() => ({}))
  const ownKey = testKey()
  const ownPrefix = testPrefix()
  let jobsApp: FastifyInstance
  beforeAll(async () => {
    ;({ app: jobsApp } = await buildJobsApp(`${ownKey}:100`, {
      processor: running.processor,
      settings: { inlineWorker: true, concurrency: 2, perHostConcurrency: 2 },
      engine: { prefix: ownPrefix, chunkSize: 1 }
    }))
  })
  afterAll(async () => {
    running.release()
    await jobsApp?.close()
    await dropPrefix(ownPrefix)
  })

  it('says the stream is not every result while the job runs, and is once it is done; a refused NDJSON (q=0) is a page', async () => {
    const own = { 'x-api-key': ownKey }
    const { id } = (await jobsApp.inject({ method: 'POST', url: JOBS_PATH, headers: own, payload: { things: ['fast0', 'slow0', 'fast1'] } })).json()
    const read = async (accept: string) => await jobsApp.inject({ method: 'GET', url: `${JOBS_PATH}/${id}/results`, headers: { ...own, accept } })
    await until(async () => (await jobsApp.inject({ method: 'GET', url: `${JOBS_PATH}/${id}`, headers: own })).json().done, (done) => done === 2)

    const partial = await read('application/x-ndjson')
    expect(partial.headers['x-results-complete']).toBe('false')
    expect(partial.body.trim().split('\n').map((text) => JSON.parse(text).input)).toEqual(['fast0'])
    const page = await read('application/x-ndjson;q=0, application/json')
    expect(page.json()).toMatchObject({ results: [{ input: 'fast0' }], next_cursor: '1' })

    running.release()
    await until(async () => (await jobsApp.inject({ method: 'GET', url: `${JOBS_PATH}/${id}`, headers: own })).json().status, (now) => now === 'completed')
    const whole = await read('application/x-ndjson')
    expect(whole.headers['x-results-complete']).toBe('true')
    expect(whole.body.trim().split('\n').map((text) => JSON.parse(text).input)).toEqual(['fast0', 'slow0', 'fast1'])
  }, 30_000)
})

describe.skipIf(!hasRedisServer || REDIS_URL === undefined)('every job route while the jobs\' Redis is down (REDIS_URL)', () => {
  const ownKey = testKey()
  const own = { 'x-api-key': ownKey }
  let downApp: FastifyInstance
  let server: ChildProcess | null = null
  beforeAll(async () => {
    const port = await freePort()
    server = await startRedis(port)
    ;({ app: downApp } = await buildJobsApp(`${ownKey}:100`, {
      settings: { inlineWorker: false, redisUrl: `redis://127.0.0.1:${port}` },
      engine: { prefix: testPrefix(), chunkSize: 1 }
    }))
  })
  afterAll(async () => {
    await downApp?.close()
    server?.kill('SIGKILL')
  })

  it('answers 503 jobs_unavailable with Retry-After, charging nothing, where each answered a 500', async () => {
    const usedNow = async (): Promise<number> => (await downApp.inject({ method: 'GET', url: '/v1/usage', headers: own })).json().used
    const created = await downApp.inject({ method: 'POST', url: JOBS_PATH, headers: own, payload: { things: ['a', 'b'] } })
    expect(created.statusCode).toBe(202)
    const { id } = created.json()
    expect(await usedNow()).toBe(2)
    const stopped = new Promise((resolve) => server?.once('exit', resolve))
    server?.kill('SIGKILL')
    await stopped

    const answers = await Promise.all([
      downApp.inject({ method: 'GET', url: `${JOBS_PATH}/${id as string}`, headers: own }),
      downApp.inject({ method: 'GET', url: `${JOBS_PATH}/${id as string}/results`, headers: own }),
      downApp.inject({ method: 'GET', url: `${JOBS_PATH}/${id as string}/results`, headers: { ...own, accept: 'application/x-ndjson' } }),
      downApp.inject({ method: 'POST', url: JOBS_PATH, headers: own, payload: { things: ['c'] } }),
      downApp.inject({ method: 'POST', url: JOBS_PATH, headers: { ...own, 'idempotency-key': 'down-1' }, payload: { things: ['d'] } }),
      downApp.inject({ method: 'DELETE', url: `${JOBS_PATH}/${id as string}`, headers: own })
    ])
    for (const answer of answers) {
      expect(answer.statusCode).toBe(503)
      expect(answer.json()).toMatchObject({ code: 'jobs_unavailable', request_id: expect.any(String) })
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0)
    }
    expect(await usedNow()).toBe(2)
    const spec = (await downApp.inject({ method: 'GET', url: '/openapi.json' })).json()
    for (const [path, method] of [[JOBS_PATH, 'post'], [`${JOBS_PATH}/{id}`, 'get'], [`${JOBS_PATH}/{id}/results`, 'get'], [`${JOBS_PATH}/{id}`, 'delete']]) {
      expect(spec.paths[path][method].responses['503'].description).toContain('`jobs_unavailable`')
    }
  }, 60_000)
})
