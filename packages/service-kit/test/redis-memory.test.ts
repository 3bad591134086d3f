import type { ChildProcess } from 'node:child_process'
import { Cluster, Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RedisMemoryGauge } from '../src/redis-memory.js'
import { freePort, hasRedisServer, holdShareOfMaxmemory, startCluster, startRedis } from './helpers/redis-servers.js'

let server: ChildProcess
let redis: Redis

// long enough that an answer before its end is the gauge's deadline, not the pause's end, on a slow machine too
const PAUSE_MS = 6000

const fillTo = async (share: number) => { await holdShareOfMaxmemory(redis, share) }

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

  it('looks once for concurrent askers; a store that cannot tell (INFO refused) counts as not full until the next look', async () => {
    // a managed Redis's user without @dangerous commands: INFO is refused, the writes the gauge guards are not
    await redis.acl('SETUSER', 'no-info', 'on', 'nopass', '~*', '+@all', '-info')
    // no ready check: ioredis's is an INFO of its own
    const limited = new Redis({ port: redis.options.port, host: '127.0.0.1', username: 'no-info', enableReadyCheck: false })
    // INFO calls refused so far: ACL LOG counts repeats of one refusal in its entry's `count`
    const denied = async () => (await redis.acl('LOG') as unknown[][])
      .map((entry) => Number(entry[entry.indexOf('count') + 1])).reduce((sum, count) => sum + count, 0)
    await redis.acl('LOG', 'RESET')
    try {
      await fillTo(0.8)
      let now = 0
      const gauge = new RedisMemoryGauge(limited, 0.75, 5000, () => now)
      const before = await denied()
      expect(await Promise.all([gauge.isFull(), gauge.isFull(), gauge.isFull()])).toEqual([false, false, false])
      now = 4999
      expect(await gauge.isFull()).toBe(false)
      expect(await denied() - before).toBe(1)
      now = 5000
      await gauge.isFull()
      expect(await denied() - before).toBe(2)
    } finally {
      limited.disconnect()
      await redis.config('SET', 'maxmemory', '0')
    }
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

  it('counts a Redis that does not answer INFO (paused) as one that cannot tell, within its look timeout', async () => {
    await fillTo(0.8)
    // a client that would wait for the whole pause: the gauge's own deadline answers, not the client's
    const paused = new Redis(redis.options.port as number, '127.0.0.1')
    const admin = new Redis(redis.options.port as number, '127.0.0.1')
    try {
      await paused.ping()
      const gauge = new RedisMemoryGauge(paused, 0.75, 5000)
      // taken before the pause is asked for: Redis's pause ends no sooner than this
      const endsAt = Date.now() + PAUSE_MS
      await admin.call('CLIENT', 'PAUSE', String(PAUSE_MS), 'ALL')
      expect(await gauge.isFull()).toBe(false)
      // answered while Redis still holds every command, seconds before the pause ends
      expect(Date.now()).toBeLessThan(endsAt)
    } finally {
      // Redis 7.0 holds even CLIENT UNPAUSE during a pause of ALL: the pause is waited out
      await admin.ping()
      paused.disconnect()
      admin.disconnect()
      await redis.config('SET', 'maxmemory', '0')
    }
  }, 3 * PAUSE_MS)
})

// A service's jobs carry one hash tag, so they live on one primary: that primary's room is theirs, whatever the others hold
describe.skipIf(!hasRedisServer)('RedisMemoryGauge on a Redis Cluster', () => {
  const KEY = '{jobs:demo}:job:1'
  let servers: ChildProcess[] = []
  let cluster: Cluster
  let primaries: Redis[] = []

  beforeAll(async () => {
    const started = await startCluster()
    servers = started.servers
    primaries = started.nodes.map((node) => new Redis(node.port, node.host))
    cluster = new Cluster(started.nodes)
    await cluster.set(KEY, '1')
  }, 30_000)
  afterAll(async () => {
    cluster?.disconnect()
    for (const primary of primaries) primary.disconnect()
    for (const server of servers) server.kill('SIGKILL')
  })

  const holderOf = async (key: string) => {
    const slot = Number(await primaries[0].call('CLUSTER', 'KEYSLOT', key))
    const owners = await Promise.all(primaries.map(async (primary) => Number(await primary.call('CLUSTER', 'COUNTKEYSINSLOT', slot)) > 0))
    return owners.indexOf(true)
  }

  it("a gauge of one key's slot reads only the primary that holds it; one of the cluster reads every primary", async () => {
    const holder = await holderOf(KEY)
    expect(holder).toBeGreaterThanOrEqual(0)
    const other = primaries[(holder + 1) % primaries.length]
    await holdShareOfMaxmemory(other, 0.95)
    expect(await new RedisMemoryGauge(cluster, 0.9, 0).isFull()).toBe(true)
    expect(await RedisMemoryGauge.ofSlot(cluster, KEY, 0.9, 0).isFull()).toBe(false)
    await other.config('SET', 'maxmemory', '0')
    await holdShareOfMaxmemory(primaries[holder], 0.95)
    expect(await RedisMemoryGauge.ofSlot(cluster, KEY, 0.9, 0).isFull()).toBe(true)
    await primaries[holder].config('SET', 'maxmemory', '0')
  })

  it('a gauge of one key on a single Redis reads that Redis', async () => {
    await holdShareOfMaxmemory(primaries[0], 0.95)
    try {
      expect(await RedisMemoryGauge.ofSlot(primaries[0], KEY, 0.9, 0).isFull()).toBe(true)
    } finally {
      await primaries[0].config('SET', 'maxmemory', '0')
    }
  })
})
