import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { Redis } from 'ioredis'
import { Registry } from 'prom-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { freePort, hasRedisServer, startRedis } from '../../service-kit/test/helpers/redis-servers.js'
import { connectRedis } from '../src/connection.js'
import { JobEngine } from '../src/engine.js'

// The jobs' Redis paused (CLIENT PAUSE: connected, silent) or gone: the API's calls (job routes, /metrics' queue depth)
// fail or answer with what they have within seconds, instead of waiting for as long as Redis is away; BullMQ's workers
// wait it out. Each answer is checked to come before the pause ends, never against a duration of its own. Redis 7.0
// holds even CLIENT UNPAUSE during a pause of ALL, so a test waits its pause out.
// longer than an API command's timeout (API_COMMAND_TIMEOUT_MS, 5 s) by seconds, on a slow machine too
const PAUSE_MS = 8000
const TEST_MS = 3 * PAUSE_MS
const MISSING = 'job_000000000000000000000000'

let server: ChildProcess
let admin: Redis
let url = ''
const closing: Array<() => Promise<unknown> | unknown> = []

/** Pauses every client; answers the time before which Redis's pause cannot have ended. */
async function pause (): Promise<number> {
  const endsAt = Date.now() + PAUSE_MS
  await admin.call('CLIENT', 'PAUSE', String(PAUSE_MS), 'ALL')
  return endsAt
}

describe.skipIf(!hasRedisServer)('the jobs API on a Redis that stops answering', () => {
  beforeAll(async () => {
    const port = await freePort()
    url = `redis://127.0.0.1:${port}`
    server = await startRedis(port)
    admin = new Redis(url)
  })
  afterEach(async () => {
    // the pause is waited out: the admin's PING waits for it
    await admin.ping()
    for (const close of closing.splice(0).reverse()) await close()
  })
  afterAll(async () => {
    admin?.disconnect()
    server?.kill('SIGKILL')
  })

  it('fails an API connection\'s command within its timeout, while a worker\'s connection waits the pause out', async () => {
    const api = connectRedis(url, 'api')
    const worker = connectRedis(url, 'worker')
    closing.push(() => api.disconnect(), () => worker.disconnect())
    await Promise.all([api.ping(), worker.ping()])
    const endsAt = await pause()
    const waiting = worker.ping()
    await expect(api.get('anything')).rejects.toThrow(/timed out/i)
    expect(Date.now()).toBeLessThan(endsAt)
    // a worker's blocking commands need a connection without a timeout (BullMQ: maxRetriesPerRequest null)
    expect(await waiting).toBe('PONG')
  }, TEST_MS)

  it('answers job reads, a cancel and a scrape of /metrics before the pause ends, the queue depth as last read', async () => {
    const registry = new Registry()
    const engine = new JobEngine({
      service: 'test', prefix: '{jobs-pause}', redis: url, jobsPath: '/v1/things/jobs', metrics: { registry, count: () => {} }
    })
    closing.push(async () => await engine.close())
    const depth = /^jobs_queue_depth\{state="waiting"\} 0$/m
    expect(await registry.metrics()).toMatch(depth)
    const endsAt = await pause()
    const calls = await Promise.allSettled([engine.get(MISSING, 'a'), engine.cancel(MISSING, 'a'), engine.queueDepth()])
    expect(calls.map((call) => call.status)).toEqual(['rejected', 'rejected', 'rejected'])
    const scrape = await registry.metrics()
    expect(Date.now()).toBeLessThan(endsAt)
    expect(scrape).toMatch(depth)
  }, TEST_MS)

  it('answers scrapes of /metrics while the depth is still being read: the series is left out, not waited for', async () => {
    const registry = new Registry()
    const engine = new JobEngine({
      service: 'test', prefix: '{jobs-pause}', redis: url, jobsPath: '/v1/things/jobs', metrics: { registry, count: () => {} }
    })
    closing.push(async () => await engine.close())
    await engine.queueDepth()
    const endsAt = await pause()
    // no depth read yet: the series is left out rather than waited for
    const scrapes = await Promise.all([registry.metrics(), registry.metrics()])
    expect(Date.now()).toBeLessThan(endsAt)
    for (const scrape of scrapes) expect(scrape).not.toMatch(/^jobs_queue_depth\{/m)
  }, TEST_MS)

  it('fails an API connection\'s command at once once its connection is lost, where it waited for a reconnection', async () => {
    const port = await freePort()
    const gone = await startRedis(port)
    const api = connectRedis(`redis://127.0.0.1:${port}`, 'api')
    // its reconnection attempts fail while the server is gone: that is what this test makes
    api.on('error', () => {})
    closing.push(() => api.disconnect())
    await api.ping()
    const closed = once(api, 'close')
    gone.kill('SIGKILL')
    await closed
    await expect(api.get('anything')).rejects.toThrow(/enableOfflineQueue/)
  }, TEST_MS)

  it('keeps commands sent before the first connection for it (an engine is used as soon as it is made)', async () => {
    const api = connectRedis(url, 'api')
    closing.push(() => api.disconnect())
    expect(await api.set('first', '1')).toBe('OK')
  }, TEST_MS)
})
