import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { freePort, hasRedisServer, startRedis } from '../../service-kit/test/helpers/redis-servers.js'
import { DEFAULT_JOBS_SETTINGS, jobsSettingsFromEnv } from '../src/settings.js'
import { dropPrefix, REDIS_URL, until } from './helpers.js'
import { buildJobsApp, JOBS_PATH, testKey, testPrefix } from './routes/jobs-app.js'

let app: FastifyInstance | undefined
const prefix = testPrefix()

describe.skipIf(REDIS_URL === undefined)('mountJobs (REDIS_URL)', () => {
  afterAll(async () => {
    await app?.close()
    if (REDIS_URL !== undefined) await dropPrefix(prefix)
  })

  it('puts the API\'s engine on JOBS_PREFIX, the prefix its worker processes read', async () => {
    const built = await buildJobsApp(testKey(), { settings: jobsSettingsFromEnv({ JOBS_PREFIX: prefix }) })
    app = built.app
    expect(built.engine()?.keys.prefix).toBe(prefix)
  })

  // SIGTERM while a slow request holds the HTTP drain (up to 35 s): the inline worker stops taking chunks and items as
  // the drain begins, not once it is over, when the process may be killed with its items cut
  it('stops the inline worker as the close begins, while a request in flight still holds the server open', async () => {
    const runs: string[] = []
    let free: () => void = () => {}
    const processor = {
      hostOf: () => null,
      run: async (input: string) => {
        runs.push(input)
        if (runs.length === 1) await new Promise<void>((resolve) => { free = resolve })
        return { ok: true as const, value: {} }
      }
    }
    const key = testKey()
    let slowStarted = false
    let answerSlow: () => void = () => {}
    const inline = await buildJobsApp(key, {
      processor, engine: { prefix: testPrefix(), chunkSize: 5 }, settings: { ...DEFAULT_JOBS_SETTINGS, inlineWorker: true, concurrency: 1 }
    }, (app) => {
      app.get('/slow', async () => {
        slowStarted = true
        await new Promise<void>((resolve) => { answerSlow = resolve })
        return { done: true }
      })
    })
    await inline.app.listen({ port: 0, host: '127.0.0.1' })
    const created = await inline.app.inject({ method: 'POST', url: JOBS_PATH, headers: { 'x-api-key': key }, payload: { things: ['a', 'b', 'c', 'd', 'e'] } })
    expect(created.statusCode).toBe(202)
    await until(async () => runs.length, (count) => count === 1)
    // a slow request in flight: the server cannot close before it is answered
    const slow = fetch(`http://127.0.0.1:${(inline.app.server.address() as AddressInfo).port}/slow`)
    await until(async () => slowStarted, (started) => started)
    const closed = inline.app.close()
    // past the drain's window for idle connections (1 s), the close waits for the request in flight
    await new Promise((resolve) => setTimeout(resolve, 1500))
    free()
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(runs).toEqual(['a'])
    answerSlow()
    expect((await slow).status).toBe(200)
    await closed
  })
})

// SIGTERM while the jobs' Redis is unreachable: BullMQ's close never ends then, and the API's close waited for the
// drain's limit (35 s), exited 1 and reported requests in flight cut that were not there
describe.skipIf(!hasRedisServer)('the inline worker of an API whose jobs Redis is unreachable at the close', () => {
  it('stops within its chunks\' lock and lets the close go on', async () => {
    const port = await freePort()
    const redis = await startRedis(port)
    const lines: string[] = []
    try {
      const inline = await buildJobsApp(testKey(), {
        redis: `redis://127.0.0.1:${port}`,
        engine: { prefix: testPrefix(), lockMs: 1000 },
        settings: { ...DEFAULT_JOBS_SETTINGS, inlineWorker: true, concurrency: 1 }
      }, () => {}, { level: 'error', stream: { write: (line: string) => { lines.push(line) } } })
      // the worker has its connections before Redis stops answering
      await new Promise((resolve) => setTimeout(resolve, 500))
      redis.kill('SIGSTOP')
      await inline.app.close()
      expect(lines.map((line) => JSON.parse(line).msg)).toContainEqual(expect.stringContaining('the inline jobs worker stopped before the queue closed'))
    } finally {
      redis.kill('SIGCONT')
      redis.kill('SIGKILL')
    }
  })
})
