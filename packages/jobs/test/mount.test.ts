import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
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
