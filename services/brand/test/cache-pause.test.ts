import type { ChildProcess } from 'node:child_process'
import type { ServerResponse } from 'node:http'
import { testConfig, type RedisClient } from '@utility-apis/service-kit'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createRedisClient, waitForRedis } from '../../../packages/service-kit/src/redis-client.js'
import { freePort, hasRedisServer, startRedis } from '../../../packages/service-kit/test/helpers/redis-servers.js'
import { cacheRoomCheck } from '../src/cache-room.js'
import type { BrandProfile } from '../src/domain/brand-profile.js'
import { RedisProfileCache } from '../src/domain/profile-cache.js'
import { RedisLogoCache, type LogoImage } from '../src/logo/logo-cache.js'
import { buildTestApp, KEY, profile } from './helpers/app.js'
import { startFixtureServer, type FixtureServer } from './helpers/fixture-server.js'
import { pngOf } from './helpers/images.js'
import { waitFor } from './helpers/jobs.js'
import { stopProcess } from './helpers/worker-process.js'

// The caches share the quota's Redis. One that stops answering (CLIENT PAUSE: connected, silent) must not hold an
// answer: a read is a miss, a write goes on behind the answer. Each answer here is checked to come while Redis is still
// paused (`stillPaused`), seconds before the pause ends, never against a duration of its own. Redis 7.0 holds even
// CLIENT UNPAUSE during a pause of ALL, so a test waits its pause out (`pauseOver`).
const PAUSE_MS = 8000
const TEST_MS = 30_000
const HOST = 'paused.test'

let server: ChildProcess
let admin: Redis
let probe: Redis
let redisUrl = ''

/**
 * Pauses every client of the test's Redis. `stillPaused` says whether the pause is not over yet: a PING sent on a
 * connection of its own right after it is unanswered, and the pause's time has not run out.
 */
async function pauseRedis (): Promise<{ stillPaused: () => boolean }> {
  // taken before the pause is asked for: Redis's pause ends no sooner than this
  const endsAt = Date.now() + PAUSE_MS
  await admin.call('CLIENT', 'PAUSE', String(PAUSE_MS), 'ALL')
  let answered = false
  // a PING that fails (the server gone at the end) says nothing of the pause: `answered` stays as it was
  probe.ping().then(() => { answered = true }, () => {})
  return { stillPaused: () => !answered && Date.now() < endsAt }
}

/** Resolves once the pause has ended: the admin connection's PING waits for it. */
async function pauseOver (): Promise<void> {
  await admin.ping()
}

describe.skipIf(!hasRedisServer)('brand caches in a Redis that stops answering', () => {
  beforeAll(async () => {
    const port = await freePort()
    redisUrl = `redis://127.0.0.1:${port}`
    server = await startRedis(port, ['--maxmemory', '64mb', '--maxmemory-policy', 'noeviction'])
    admin = new Redis(redisUrl)
    probe = new Redis(redisUrl)
    await probe.ping()
  })
  afterEach(async () => {
    await pauseOver()
    await admin.flushall()
  })
  afterAll(async () => {
    admin?.disconnect()
    probe?.disconnect()
    if (server !== undefined) await stopProcess(server, 'SIGKILL')
  })

  describe('the caches on their own', () => {
    let client: RedisClient
    const errors: unknown[] = []
    beforeAll(async () => {
      // the service's own client (a 15 s command timeout) and room check (INFO memory), as app.ts makes them
      client = createRedisClient(redisUrl)
      await waitForRedis(client, 5000)
    })
    afterAll(() => { client?.disconnect() })

    const options = () => ({ onError: (error: unknown) => errors.push(error), full: cacheRoomCheck(client) })
    const entry = { domain: 'a.test', brand_name: 'A' } as unknown as BrandProfile

    it('answers a profile read as a miss, and a write at once, written once Redis answers again', async () => {
      const cache = new RedisProfileCache(client, options())
      await cache.set('kept', entry, 60)
      const paused = await pauseRedis()
      expect(await cache.get('kept')).toBeNull()
      await cache.set('late', entry, 60)
      expect(paused.stillPaused()).toBe(true)
      expect(errors.length).toBeGreaterThan(0)
      await pauseOver()
      await waitFor(async () => await admin.exists('brand:profile:v4:late'), (found) => found === 1, 5000)
      expect(await cache.get('kept')).toEqual(entry)
    }, TEST_MS)

    it('answers a logo read as a miss, and a write at once, written once Redis answers again', async () => {
      const cache = new RedisLogoCache(client, options())
      const image: LogoImage = { kind: 'logo', contentType: 'image/png', body: Buffer.from('png'), etag: '"e"', storedAt: 1 }
      await cache.set('kept', image, 60)
      const paused = await pauseRedis()
      expect(await cache.get('kept')).toBeNull()
      await cache.set('late', image, 60)
      expect(paused.stillPaused()).toBe(true)
      await pauseOver()
      await waitFor(async () => await admin.exists('brand:logo:v1:late'), (found) => found === 1, 5000)
      expect((await cache.get('kept'))?.body.toString()).toBe('png')
    }, TEST_MS)
  })

  describe('the service', () => {
    let site: FixtureServer
    let app: FastifyInstance
    const logo = pngOf(64, 64, () => [20, 40, 200, 255])
    // the pauses the site made, this test's only
    const pauses: Array<{ stillPaused: () => boolean }> = []
    // the site pauses Redis when it is asked for its homepage (the call was admitted: its unit is counted), then answers;
    // a pause that failed is missing from `pauses`, which the test then finds
    const pausingPage = (body: string) => ({
      handler: (_request: unknown, response: ServerResponse) => {
        pauseRedis().then((paused) => { pauses.push(paused) }, () => {}).finally(() => {
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          response.end(body)
        })
      }
    })
    beforeAll(async () => {
      site = await startFixtureServer({
        [HOST]: {
          '/': pausingPage('<!doctype html><title>Paused</title><link rel="apple-touch-icon" href="/touch.png">'),
          '/touch.png': { body: logo, headers: { 'content-type': 'image/png' } }
        }
      })
      app = await buildTestApp([HOST], { config: testConfig({ redisUrl, keys: `${KEY['x-api-key']}:1000` }) })
    })
    afterAll(async () => {
      await app?.close()
      await site?.close()
    })

    it('answers a profile within its time while the cache\'s Redis is paused, and caches it once Redis is back', async () => {
      pauses.length = 0
      const answer = await profile(app, { domain: site.origin(HOST), timeout_seconds: 10 })
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toMatchObject({ reachable: true, cached: false })
      expect(pauses.map((paused) => paused.stillPaused())).toEqual([true])
      await pauseOver()
      await waitFor(async () => await admin.keys('brand:profile:*'), (keys) => keys.length === 1, 5000)
    }, TEST_MS)

    it('answers a logo within its time while the cache\'s Redis is paused', async () => {
      pauses.length = 0
      const url = `/v1/domain/logo/${encodeURIComponent(`${site.origin(HOST)}/`)}?size=32`
      const answer = await app.inject({ method: 'GET', url, headers: KEY })
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-type']).toBe('image/png')
      expect(pauses.map((paused) => paused.stillPaused())).toEqual([true])
    }, TEST_MS)
  })
})
