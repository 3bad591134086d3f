import type { ChildProcess } from 'node:child_process'
import { Metrics, testConfig } from '@utility-apis/service-kit'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { freePort, hasRedisServer, holdShareOfMaxmemory, startRedis } from '../../../packages/service-kit/test/helpers/redis-servers.js'
import { brandWorker } from '../src/job-worker.js'
import { buildTestApp, KEY, profile } from './helpers/app.js'
import { startFixtureServer, type FixtureServer } from './helpers/fixture-server.js'
import { stopProcess } from './helpers/worker-process.js'

// The caches share the quota's Redis (noeviction: full, it refuses the quota's counters too). A Redis of the test's own,
// its maxmemory set just above or well above what it holds, stands for a store that a large job filled or did not.
const HOST = 'room.test'
const ADMIN = { authorization: 'Bearer room-admin' }

let redis: ChildProcess
let probe: Redis
let server: FixtureServer
let app: FastifyInstance | undefined
let redisUrl = ''

const cachedProfiles = async () => await probe.keys('brand:profile:*')

async function profiledApp (): Promise<FastifyInstance> {
  app = await buildTestApp([HOST], { config: testConfig({ redisUrl, keys: `${KEY['x-api-key']}:1000`, adminKey: 'room-admin' }) })
  const answer = await profile(app, { domain: server.origin(HOST) })
  expect(answer.statusCode).toBe(200)
  return app
}

describe.skipIf(!hasRedisServer)('brand caches in a shared Redis near full', () => {
  beforeAll(async () => {
    const port = await freePort()
    redisUrl = `redis://127.0.0.1:${port}`
    redis = await startRedis(port, ['--maxmemory', '64mb', '--maxmemory-policy', 'noeviction'])
    probe = new Redis(redisUrl)
    server = await startFixtureServer({ [HOST]: { '/': { body: '<title>Room</title><meta name="description" content="A room.">' } } })
  })
  afterEach(async () => {
    await app?.close()
    app = undefined
    await probe.flushall()
    await probe.config('SET', 'maxmemory', '64mb')
  })
  afterAll(async () => {
    probe?.disconnect()
    await server?.close()
    if (redis !== undefined) await stopProcess(redis, 'SIGKILL')
  })

  it('caches a profile while the store has room', async () => {
    await profiledApp()
    expect(await cachedProfiles()).toHaveLength(1)
  })

  it('keeps a job worker\'s caches out of the same room, counted on the worker\'s own metrics', async () => {
    await holdShareOfMaxmemory(probe, 0.8)
    const metrics = new Metrics('brand', { processMetrics: false })
    const definition = brandWorker({}, () => {})
    const config = { ...testConfig({ redisUrl }), fetchPolicy: { allowCidrs: ['127.0.0.1/32'], hostMap: { [HOST]: '127.0.0.1' } } }
    const parts = await definition.build(config, probe, metrics)
    try {
      const outcome = await parts.processor.run(server.origin(HOST), new AbortController().signal)
      expect(outcome.ok).toBe(true)
      expect(await cachedProfiles()).toEqual([])
      expect(await metrics.registry.metrics()).toMatch(/^cache_writes_skipped_total\{[^}]*\} [1-9]/m)
    } finally {
      await parts.close?.()
      await parts.fetcher.close()
    }
  })

  it('writes no cache entry past 3/4 of maxmemory, still counts the call, and says so in its metrics', async () => {
    await holdShareOfMaxmemory(probe, 0.8)
    const profiled = await profiledApp()
    expect(await cachedProfiles()).toEqual([])
    const usage = await profiled.inject({ method: 'GET', url: '/v1/usage', headers: KEY })
    expect(usage.json()).toMatchObject({ used: 1 })
    const metrics = (await profiled.inject({ method: 'GET', url: '/metrics', headers: ADMIN })).body
    expect(metrics).toMatch(/^cache_writes_skipped_total\{[^}]*\} [1-9]/m)
  })
})
