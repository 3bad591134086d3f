import type { ChildProcess } from 'node:child_process'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RedisMemoryGauge } from '../src/redis-memory.js'
import { freePort, hasRedisServer, startRedis } from './helpers/redis-servers.js'

let server: ChildProcess
let redis: Redis

const usedMemory = async () => Number(/^used_memory:(\d+)/m.exec(await redis.info('memory'))?.[1])
/** The store at `share` of its limit: a lower limit than it holds now is the same as more data. */
const fillTo = async (share: number) => { await redis.config('SET', 'maxmemory', String(Math.ceil(await usedMemory() / share))) }

describe.skipIf(!hasRedisServer)('RedisMemoryGauge', () => {
  beforeAll(async () => {
    const port = await freePort()
    server = await startRedis(port, ['--maxmemory-policy', 'noeviction'])
    redis = new Redis(port, '127.0.0.1')
  })
  afterAll(async () => {
    redis?.disconnect()
    server?.kill('SIGKILL')
  })

  it('is never full without a maxmemory', async () => {
    await redis.config('SET', 'maxmemory', '0')
    expect(await new RedisMemoryGauge(redis, 0.01, 0).isFull()).toBe(false)
  })

  it('is full above its threshold of maxmemory, and not below it', async () => {
    await fillTo(0.8)
    expect(await new RedisMemoryGauge(redis, 0.75, 0).isFull()).toBe(true)
    expect(await new RedisMemoryGauge(redis, 0.9, 0).isFull()).toBe(false)
  })

  it('keeps its verdict for cacheMs, and counts a refused write as full until it looks again', async () => {
    await fillTo(0.5)
    let now = 0
    const gauge = new RedisMemoryGauge(redis, 0.75, 5000, () => now)
    expect(await gauge.isFull()).toBe(false)
    await fillTo(0.8)
    now = 4999
    expect(await gauge.isFull()).toBe(false)
    await redis.config('SET', 'maxmemory', '1')
    const refused = await redis.set('k', 'v').catch((error: unknown) => error)
    expect(gauge.refusedForMemory(refused)).toBe(true)
    expect(gauge.refusedForMemory(new Error('ECONNRESET'))).toBe(false)
    expect(await gauge.isFull()).toBe(true)
    await redis.config('SET', 'maxmemory', '0')
    now += 5000
    expect(await gauge.isFull()).toBe(false)
  })
})
