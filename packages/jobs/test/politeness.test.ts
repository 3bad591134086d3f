import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { connectRedis } from '../src/connection.js'
import type { RedisConnection } from '../src/job-store.js'
import { JobKeys } from '../src/keys.js'
import { HostPoliteness, hostPauseMs, type LostLease, type PolitenessOptions } from '../src/politeness.js'
import { REDIS_URL, until } from './helpers.js'

// Host leases are short and renewed while held: a killed worker's lapse quickly, a long item's never do. The lease
// times here are a second or two; every bound on time is several lease times wide, so a slow machine does not fail
// them.

const closing: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close()
})

function connection (): RedisConnection {
  const redis = connectRedis(REDIS_URL as string, 'api')
  closing.push(() => { redis.disconnect() })
  return redis
}

/** One worker process's politeness, on its own connection, as two workers have. */
function worker (keys: JobKeys, options: PolitenessOptions): { politeness: HostPoliteness, redis: RedisConnection } {
  const redis = connection()
  const politeness = new HostPoliteness(redis, keys, options)
  closing.push(() => { politeness.close() })
  return { politeness, redis }
}

function testKeys (): JobKeys {
  const keys = new JobKeys(`{jobs-test-${randomBytes(6).toString('hex')}}`)
  closing.push(async () => {
    const redis = connectRedis(REDIS_URL as string, 'api')
    const names = await redis.keys(`${keys.prefix}:*`)
    if (names.length > 0) await redis.del(...names)
    redis.disconnect()
  })
  return keys
}

/** Whether one request lease of `host` is had within `ms` (released at once when it is). */
async function requestWithin (politeness: HostPoliteness, host: string, ms: number): Promise<boolean> {
  try {
    const release = await politeness.gate.acquire(host, AbortSignal.timeout(ms))
    release()
    return true
  } catch {
    return false
  }
}

describe('how long a host asks to be left alone', () => {
  const now = Date.parse('2026-11-29T12:00:00Z')
  it.each([
    [429, undefined, 30_000, 'a 429 that says nothing: 30 s'],
    [429, '7', 7000, 'delay-seconds'],
    [429, ' 0 ', 1000, 'no less than a second'],
    [429, 'Sun, 29 Nov 2026 12:01:30 GMT', 90_000, 'an HTTP date'],
    [429, '86400', 600_000, 'at most 10 minutes, then it is asked again'],
    [429, 'soon', 30_000, 'a Retry-After that is neither: as if it said nothing'],
    [503, '120', 120_000, 'a 503 that says how long'],
    [503, undefined, 0, 'a 503 alone: a broken page as often as an overloaded host'],
    [500, '60', 0, 'any other status'],
    [200, '60', 0, 'an answer']
  ] as Array<[number, string | undefined, number, string]>)('%i, Retry-After %s: %i ms (%s)', (status, retryAfter, ms) => {
    expect(hostPauseMs(status, retryAfter, now)).toBe(ms)
  })
})

describe.skipIf(REDIS_URL === undefined)('host leases (REDIS_URL)', () => {
  it('starts no item of a host that answered 429, nor sends it a request, for the time it asked, on any worker', async () => {
    const keys = testKeys()
    const paused: number[] = []
    const mine = worker(keys, { perHost: 4, leaseMs: 2000, onHostPaused: (status) => { paused.push(status) } })
    const other = worker(keys, { perHost: 4, leaseMs: 2000 })
    const started = await mine.politeness.tryItem('busy.test')
    expect(started).not.toBeNull()
    mine.politeness.gate.answered?.('busy.test', 429, '2')
    expect(paused).toEqual([429])
    // read on the connection that set it (the pause is written without waiting), then seen by every worker
    expect(await mine.politeness.paused('busy.test')).toBe(true)
    expect(await other.politeness.tryItem('busy.test')).toBeNull()
    // no request goes to it either, whichever item makes it: refused at once, not waited for
    for (const { politeness } of [mine, other]) {
      await expect(politeness.gate.acquire('busy.test', AbortSignal.timeout(5000))).rejects.toMatchObject({ code: 'FETCH_ERR_RATE_LIMITED' })
    }
    // another host is not paused
    expect(await other.politeness.tryItem('calm.test')).not.toBeNull()
    expect(await requestWithin(other.politeness, 'calm.test', 1000)).toBe(true)
    const asked = Date.now()
    const next = await until(async () => await other.politeness.tryItem('busy.test'), (release) => release !== null, 10_000)
    expect(next).not.toBeNull()
    expect(Date.now() - asked).toBeGreaterThan(1000)
    expect(await mine.politeness.paused('busy.test')).toBe(false)
    expect(await requestWithin(mine.politeness, 'busy.test', 1000)).toBe(true)
    // an answer that asks for nothing pauses nothing
    mine.politeness.gate.answered?.('calm.test', 503, undefined)
    expect(await mine.politeness.paused('calm.test')).toBe(false)
  })

  it('tells an item that its own site asked for time when its request is refused, not when another site\'s is', async () => {
    const keys = testKeys()
    const { politeness } = worker(keys, { perHost: 4, leaseMs: 2000 })
    // another item's answers paused the item's own site and a CDN its logo is on
    politeness.gate.answered?.('www.shop.test', 429, '5')
    politeness.gate.answered?.('cdn.test', 429, '5')
    await until(async () => await politeness.paused('cdn.test'), (paused) => paused)
    const viaCdn = politeness.itemGate('other.test')
    await expect(viaCdn.gate.acquire('cdn.test', AbortSignal.timeout(5000))).rejects.toMatchObject({ code: 'FETCH_ERR_RATE_LIMITED' })
    expect(viaCdn.askedToWait()).toBe(false)
    const own = politeness.itemGate('shop.test')
    await expect(own.gate.acquire('www.shop.test', AbortSignal.timeout(5000))).rejects.toMatchObject({ code: 'FETCH_ERR_RATE_LIMITED' })
    expect(own.askedToWait()).toBe(true)
  })

  it('frees a killed worker\'s item and request leases within the short lease: another worker gets the host', async () => {
    const keys = testKeys()
    const killed = worker(keys, { perHost: 2, leaseMs: 2000 })
    for (let i = 0; i < 2; i++) {
      expect(await killed.politeness.tryItem('slow.test')).not.toBeNull()
      await killed.politeness.gate.acquire('slow.test', AbortSignal.timeout(5000))
    }
    // kill -9: nothing is released and nothing renewed any more (its connection is gone)
    killed.redis.disconnect()
    const fresh = worker(keys, { perHost: 2, leaseMs: 2000 })
    const started = Date.now()
    expect(await fresh.politeness.tryItem('slow.test')).toBeNull()
    const item = await until(async () => await fresh.politeness.tryItem('slow.test'), (release) => release !== null, 10_000)
    expect(item).not.toBeNull()
    // the request leases lapse as soon: they blocked the host for 60 s before
    expect(await requestWithin(fresh.politeness, 'slow.test', 10_000)).toBe(true)
    expect(Date.now() - started).toBeLessThan(10_000)
  })

  it('keeps a long item\'s and request\'s leases past the lease time, renewed while held, and frees them at release', async () => {
    const keys = testKeys()
    const long = worker(keys, { perHost: 1, leaseMs: 1200, renewMs: 100 })
    const other = worker(keys, { perHost: 1, leaseMs: 1200 })
    const item = await long.politeness.tryItem('slow.test')
    const request = await long.politeness.gate.acquire('slow.test', AbortSignal.timeout(5000))
    expect(item).not.toBeNull()
    // three lease times: the other worker never gets the host while the item and its request run (a renewal every
    // 100 ms: only a stall of this process over 1.1 s could let a lease lapse)
    const end = Date.now() + 3600
    while (Date.now() < end) {
      expect(await other.politeness.tryItem('slow.test')).toBeNull()
      expect(await requestWithin(other.politeness, 'slow.test', 200)).toBe(false)
    }
    await item?.()
    request()
    expect(await other.politeness.tryItem('slow.test')).not.toBeNull()
    expect(await requestWithin(other.politeness, 'slow.test', 3000)).toBe(true)
    // released: no renewal puts the leases back
    await sleep(1500)
    const redis = connection()
    expect(await redis.zcard(keys.host('slow.test'))).toBe(1)
  })

  it('takes back a lease that lapsed while its item ran and reports it, over the limit or not; none is taken over it', async () => {
    const keys = testKeys()
    const lost: LostLease[] = []
    const stalled = worker(keys, { perHost: 1, leaseMs: 60_000, renewMs: 50, onLeaseLost: (lease) => lost.push(lease) })
    const other = worker(keys, { perHost: 1, leaseMs: 60_000 })
    const redis = connection()
    const mine = await stalled.politeness.tryItem('slow.test')
    // the lease lapsed (its process stalled longer than the lease) and nobody took the host: taken back, within the limit
    await redis.del(keys.host('slow.test'))
    await until(async () => lost.length, (count) => count === 1, 5000)
    expect(lost[0]).toEqual({ kind: 'item', host: 'slow.test', overLimit: false })
    expect(await other.politeness.tryItem('slow.test')).toBeNull()
    // it lapsed again and another worker took the host meanwhile (one step, so no renewal comes in between): both
    // items run, the host is over its limit
    await redis.multi().del(keys.host('slow.test')).zadd(keys.host('slow.test'), Date.now() + 60_000, 'theirs').exec()
    await until(async () => lost.length, (count) => count === 2, 5000)
    expect(lost[1]).toEqual({ kind: 'item', host: 'slow.test', overLimit: true })
    expect(await redis.zcard(keys.host('slow.test'))).toBe(2)
    // the count is what runs: theirs ending leaves the host at its limit, so no one starts until both have
    await redis.zrem(keys.host('slow.test'), 'theirs')
    expect(await other.politeness.tryItem('slow.test')).toBeNull()
    await mine?.()
    expect(await other.politeness.tryItem('slow.test')).not.toBeNull()
  })
})
