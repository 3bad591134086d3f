import { once } from 'node:events'
import net from 'node:net'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import Fastify from 'fastify'
import { errorShapePlugin, HttpError } from '@utility-apis/fastapi-errors'
import { authQuotaPlugin, monthWindow, parseApiKeys, QuotaKeyError, RedisQuotaStore, sha256 } from '../src/index.js'
import { buildQuotaApp } from './helpers.js'

const REDIS_URL = process.env.REDIS_URL
const fastFail = { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 500, retryStrategy: () => 200 }

/** A TCP relay in front of Redis, so a test can make Redis unreachable without stopping the shared server. */
async function relayTo (target: URL) {
  const sockets = new Set<net.Socket>()
  let blocked = false
  const server = net.createServer((client) => {
    if (blocked) return client.destroy()
    const upstream = net.connect(Number(target.port || 6379), target.hostname)
    for (const s of [client, upstream]) { sockets.add(s); s.on('close', () => sockets.delete(s)); s.on('error', () => {}) }
    client.pipe(upstream).pipe(client)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const port = (server.address() as net.AddressInfo).port
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: async () => {
      await new Promise((resolve) => { server.close(resolve); for (const s of sockets) s.destroy() })
    },
    /** Redis away for a while: connections dropped and refused until `unblock` */
    block: () => {
      blocked = true
      for (const s of sockets) s.destroy()
    },
    unblock: () => { blocked = false },
    close: async () => { await new Promise((resolve) => { server.close(resolve); for (const s of sockets) s.destroy() }) }
  }
}

/** Resolves once `done` holds, asked every 50 ms for at most 10 s. */
async function until (done: () => boolean | Promise<boolean>): Promise<void> {
  for (let waited = 0; !await done(); waited += 50) {
    if (waited > 10_000) throw new Error('not within 10 s')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe.skipIf(!REDIS_URL)('Redis quota store (skipped without REDIS_URL)', () => {
  let admin: Redis
  beforeAll(async () => { admin = new Redis(REDIS_URL as string) })
  afterAll(async () => { await admin?.quit() })

  test('three replicas, 3 x limit concurrent calls: exactly limit admitted, usage 1..limit, counter == limit', async () => {
    const limit = 150
    const prefix = `quota-test-${process.pid}-${Date.now()}`
    const now = new Date('2026-11-21T12:00:00Z')
    const clients = [0, 1, 2].map(() => new Redis(REDIS_URL as string))
    const apps = await Promise.all(clients.map((c) => buildQuotaApp({
      apiKeys: parseApiKeys('shared-key'), monthlyQuota: limit, store: new RedisQuotaStore(c, prefix), failMode: 'closed', clock: () => now
    })))
    try {
      const responses = await Promise.all(Array.from({ length: 3 * limit }, (_, i) =>
        apps[i % 3].inject({ method: 'POST', url: '/v1/work', headers: { 'x-api-key': 'shared-key' }, payload: {} })))
      const admitted = responses.filter((r) => r.statusCode === 200)
      expect(admitted).toHaveLength(limit)
      expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(2 * limit)
      const used = admitted.map((r) => limit - r.json().remaining).sort((a, b) => a - b)
      expect(used).toEqual(Array.from({ length: limit }, (_, i) => i + 1))
      const key = RedisQuotaStore.keyFor(prefix, sha256('shared-key'), '2026-11')
      expect(await admin.get(key)).toBe(String(limit))
      expect(await admin.ttl(key)).toBeGreaterThan(0)
    } finally {
      await Promise.all(apps.map((a) => a.close()))
      await Promise.all(clients.map((c) => c.quit()))
    }
  })

  /** Three apps, each on a Redis client of its own, sharing one counter prefix. */
  async function threeReplicas (limit: number, use: (apps: FastifyInstance[], counter: () => Promise<string | null>) => Promise<void>) {
    const prefix = `quota-test-${process.pid}-${Date.now()}`
    const now = new Date('2026-11-21T12:00:00Z')
    const clients = [0, 1, 2].map(() => new Redis(REDIS_URL as string))
    const apps = await Promise.all(clients.map(async (c) => await buildQuotaApp({
      apiKeys: parseApiKeys('shared-key'), monthlyQuota: limit, store: new RedisQuotaStore(c, prefix), failMode: 'closed', clock: () => now
    })))
    try {
      await use(apps, async () => await admin.get(RedisQuotaStore.keyFor(prefix, sha256('shared-key'), '2026-11')))
    } finally {
      await Promise.all(apps.map(async (a) => await a.close()))
      await Promise.all(clients.map(async (c) => await c.quit()))
    }
  }
  const post = (url: string, payload: object) => ({ method: 'POST' as const, url, headers: { 'x-api-key': 'shared-key' }, payload })

  test('three replicas, batches of 3 at 3 x the quota: exactly quota / 3 batches admitted, counter == quota', async () => {
    await threeReplicas(150, async (apps, counter) => {
      const responses = await Promise.all(Array.from({ length: 150 }, async (_, i) => await apps[i % 3].inject(post('/v1/batch', { items: [1, 2, 3] }))))
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(50)
      expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(100)
      expect(await counter()).toBe('150')
    })
  })

  test('three replicas, mixed calls with refunds (failures, 422s, batches with refused items): the quota is spent exactly by 2xx units', async () => {
    await threeReplicas(200, async (apps, counter) => {
      const kinds = [
        post('/v1/work', {}), post('/v1/fail', { status: 502 }), post('/v1/batch', { items: [1, 'x', 3] }),
        post('/v1/strict', { n: 'x' }), post('/v1/batch', { items: ['x'] })
      ]
      const responses = await Promise.all(Array.from({ length: 600 }, async (_, i) => await apps[i % 3].inject(kinds[i % kinds.length])))
      const charged = responses.reduce((sum, r) => sum + (r.statusCode !== 200 ? 0 : r.json().processed ?? 1), 0)
      expect(responses.filter((r) => r.statusCode === 500)).toHaveLength(0)
      expect(charged).toBeGreaterThan(0)
      // every unit given back can be spent again: single calls until the quota is spent take exactly what is left
      let more = 0
      while ((await apps[more % 3].inject(post('/v1/work', {}))).statusCode === 200) more++
      expect(charged + more).toBe(200)
      expect(await counter()).toBe('200')
    })
  })

  /** A store on a client of its own with a fresh key prefix; `key` names a counter of November 2026. */
  async function withStore (name: string, use: (store: RedisQuotaStore, key: (id: string) => string) => Promise<void>) {
    const client = new Redis(REDIS_URL as string)
    const prefix = `${name}-${process.pid}-${Date.now()}`
    try {
      await use(new RedisQuotaStore(client, prefix), (id) => RedisQuotaStore.keyFor(prefix, id, '2026-11'))
    } finally {
      await client.quit()
    }
  }

  test('calls of one turn share an evaluation: 600 concurrent calls on one store, limit 500, usage 1..500 exactly', async () => {
    await withStore('batch', async (store) => {
      const results = await Promise.all(Array.from({ length: 600 }, () => store.consume('k', '2026-11', 1, 500)))
      const admitted = results.filter((r) => r.admitted)
      expect(admitted.map((r) => r.used).sort((a, b) => a - b)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1))
      expect(results.filter((r) => !r.admitted).every((r) => r.used === 500)).toBe(true)
      const costly = await Promise.all([store.consume('c', '2026-11', 3, 10), store.consume('c', '2026-11', 5, 10), store.consume('c', '2026-11', 3, 10)])
      expect(costly).toEqual([{ admitted: true, used: 3 }, { admitted: true, used: 8 }, { admitted: false, used: 8 }])
    })
  })

  test('refund: lowers the counter atomically with the turn\'s consumes, never below zero, never creates a counter', async () => {
    await withStore('refund', async (store, key) => {
      await store.consume('k', '2026-11', 8, 10)
      expect(await store.refund('k', '2026-11', 3, null)).toBe(5)
      expect(await admin.get(key('k'))).toBe('5')
      expect(await admin.ttl(key('k'))).toBeGreaterThan(0)
      // consumes and refunds of one turn: each decided in order, as separate scripts would
      const turn = await Promise.all([store.consume('k', '2026-11', 5, 10), store.consume('k', '2026-11', 1, 10),
        store.refund('k', '2026-11', 4, null), store.consume('k', '2026-11', 4, 10)])
      expect(turn).toEqual([{ admitted: true, used: 10 }, { admitted: false, used: 10 }, 6, { admitted: true, used: 10 }])
      expect(await store.refund('k', '2026-11', 50, null)).toBe(0)
      expect(await admin.get(key('k'))).toBe('0')
      expect(await store.refund('absent', '2026-11', 2, null)).toBe(0)
      expect(await admin.exists(key('absent'))).toBe(0)
      await expect(store.refund('k', '2026-11', -1, null)).rejects.toThrow(RangeError)
    })
  })

  test('a refund with an id is applied once: a retry, even in the same turn or from another replica, gives nothing more', async () => {
    await withStore('refund-id', async (store, key) => {
      const other = new Redis(REDIS_URL as string)
      try {
        await store.consume('k', '2026-11', 10, 20)
        expect(await Promise.all([store.refund('k', '2026-11', 3, 'job_1:cancel'), store.refund('k', '2026-11', 3, 'job_1:cancel')])).toEqual([7, 7])
        expect(await new RedisQuotaStore(other, key('x').split(':')[0]).refund('k', '2026-11', 3, 'job_1:cancel')).toBe(7)
        expect(await store.refund('k', '2026-11', 2, 'job_1:chunk:0')).toBe(5)
        // another key's refund of the same id is its own
        await store.consume('j', '2026-11', 4, 20)
        expect(await store.refund('j', '2026-11', 1, 'job_1:cancel')).toBe(3)
        expect(await admin.get(key('k'))).toBe('5')
        expect(await admin.ttl(`${key('k')}:refunds`)).toBeGreaterThan(0)
        // without an id, every call gives back
        expect(await store.refund('k', '2026-11', 1, null)).toBe(4)
        expect(await store.refund('k', '2026-11', 1, null)).toBe(3)
      } finally {
        await other.quit()
      }
    })
  })

  test('refunds concurrent with consumes over three clients: the counter ends at consumed minus refunded', async () => {
    const prefix = `refund-race-${process.pid}-${Date.now()}`
    const clients = [0, 1, 2].map(() => new Redis(REDIS_URL as string))
    const stores = clients.map((c) => new RedisQuotaStore(c, prefix))
    try {
      await stores[0].consume('k', '2026-11', 300, 1000)
      const calls = Array.from({ length: 600 }, async (_, i) => i % 2 === 0
        ? (await stores[i % 3].consume('k', '2026-11', 1, 1000)).admitted
        : await stores[i % 3].refund('k', '2026-11', 1, null))
      const results = await Promise.all(calls)
      expect(results.filter((r) => r === true)).toHaveLength(300)
      expect(await admin.get(RedisQuotaStore.keyFor(prefix, 'k', '2026-11'))).toBe('300')
    } finally {
      await Promise.all(clients.map((c) => c.quit()))
    }
  })

  test('a counter key of the wrong type fails its own call only, not the others of the same turn', async () => {
    await withStore('wrongtype', async (store, key) => {
      await admin.rpush(key('broken'), 'x')
      const [before, broken, after] = await Promise.allSettled([
        store.consume('fine', '2026-11', 1, 5), store.consume('broken', '2026-11', 1, 5), store.consume('fine', '2026-11', 1, 5)
      ])
      expect(before).toEqual({ status: 'fulfilled', value: { admitted: true, used: 1 } })
      expect(after).toEqual({ status: 'fulfilled', value: { admitted: true, used: 2 } })
      expect(broken.status === 'rejected' && broken.reason).toBeInstanceOf(QuotaKeyError)
    })
  })

  test('a counter that is not a number fails its own calls only', async () => {
    await withStore('nan', async (store, key) => {
      await admin.set(key('garbled'), 'abc')
      const results = await Promise.allSettled([store.consume('garbled', '2026-11', 1, 5), store.consume('fine', '2026-11', 1, 5)])
      expect(results[0].status === 'rejected' && results[0].reason).toBeInstanceOf(QuotaKeyError)
      expect(results[1]).toEqual({ status: 'fulfilled', value: { admitted: true, used: 1 } })
      expect(await admin.get(key('garbled'))).toBe('abc')
    })
  })

  test('a new counter gets the cleanup TTL, an existing one keeps its TTL, and large counts stay exact integers', async () => {
    await withStore('ttl', async (store, key) => {
      await admin.set(key('old'), '5', 'EX', 1000)
      await admin.set(key('big'), String(Number.MAX_SAFE_INTEGER - 10))
      const [created, kept, big] = await Promise.all([
        store.consume('new', '2026-11', 1, 5), store.consume('old', '2026-11', 1, 10), store.consume('big', '2026-11', 3, Number.MAX_SAFE_INTEGER)
      ])
      expect([created, kept, big]).toEqual([{ admitted: true, used: 1 }, { admitted: true, used: 6 }, { admitted: true, used: Number.MAX_SAFE_INTEGER - 7 }])
      expect(await admin.ttl(key('new'))).toBeGreaterThan(60 * 24 * 3600)
      expect(await admin.ttl(key('old'))).toBeGreaterThan(0)
      expect(await admin.ttl(key('old'))).toBeLessThanOrEqual(1000)
      expect(await admin.get(key('big'))).toBe(String(Number.MAX_SAFE_INTEGER - 7))
      expect(await admin.ttl(key('big'))).toBe(-1)
    })
  })

  test('Redis unreachable mid-run, fail open: no 500; this replica admits its share of what was left, then 503s', async () => {
    const relay = await relayTo(new URL(REDIS_URL as string))
    const client = new Redis(relay.url, fastFail).on('error', () => {})
    await once(client, 'ready')
    const app: FastifyInstance = await buildQuotaApp({
      apiKeys: parseApiKeys('open-key'), monthlyQuota: 20, store: new RedisQuotaStore(client, `open-${process.pid}-${Date.now()}`), failMode: 'open'
    })
    try {
      const call = () => app.inject({ method: 'POST', url: '/v1/work', headers: { 'x-api-key': 'open-key' }, payload: {} })
      for (let i = 0; i < 16; i++) expect((await call()).statusCode).toBe(200)
      await relay.cut()
      const statuses = []
      for (let i = 0; i < 8; i++) statuses.push((await call()).statusCode)
      expect(statuses).not.toContain(500)
      // its share is floor(0.34 x 20) = 6, but only 4 were left when it last saw the count
      expect(statuses.filter((s) => s === 200)).toHaveLength(4)
      // this replica's share is spent, not the key: a 503, never a 429
      expect(statuses.filter((s) => s === 503)).toHaveLength(4)
    } finally {
      await app.close()
      client.disconnect()
    }
  })

  test('a call that fails while Redis is away is refunded once Redis is back, not left charged', async () => {
    const relay = await relayTo(new URL(REDIS_URL as string))
    const client = new Redis(relay.url, fastFail).on('error', () => {})
    await once(client, 'ready')
    const prefix = `away-${process.pid}-${Date.now()}`
    const store = new RedisQuotaStore(client, prefix)
    let release = (): void => {}
    const reserved = new Promise<void>((resolve) => {
      release = resolve
    })
    let answer = (): void => {}
    const app = Fastify()
    await app.register(errorShapePlugin)
    await app.register(authQuotaPlugin, { apiKeys: parseApiKeys('away-key'), monthlyQuota: 10, store, failMode: 'open' })
    // reserved, then refused (a 400 costs nothing) once Redis has gone away
    app.post('/v1/slow-refusal', { config: { auth: true } }, async () => {
      release()
      await new Promise<void>((resolve) => { answer = resolve })
      throw new HttpError(400, 'Refused', {}, 'target_not_allowed')
    })
    await app.ready()
    const counter = `${prefix}:{${sha256('away-key')}}:${monthWindow(new Date()).id}`
    try {
      const call = app.inject({ method: 'POST', url: '/v1/slow-refusal', headers: { 'x-api-key': 'away-key' }, payload: {} })
      await reserved
      expect(await admin.get(counter)).toBe('1')
      relay.block()
      await until(() => client.status !== 'ready')
      answer()
      expect((await call).statusCode).toBe(400)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(await admin.get(counter)).toBe('1')
      relay.unblock()
      await until(async () => await admin.get(counter) === '0')
    } finally {
      await app.close()
      client.disconnect()
      await relay.close()
    }
  })

  test('Redis unreachable mid-run, fail closed: 503 with Retry-After, never 500', async () => {
    const relay = await relayTo(new URL(REDIS_URL as string))
    const client = new Redis(relay.url, fastFail).on('error', () => {})
    await once(client, 'ready')
    const app: FastifyInstance = await buildQuotaApp({
      apiKeys: parseApiKeys('closed-key'), monthlyQuota: 5, store: new RedisQuotaStore(client, `closed-${process.pid}-${Date.now()}`), failMode: 'closed'
    })
    try {
      const call = () => app.inject({ method: 'POST', url: '/v1/work', headers: { 'x-api-key': 'closed-key' }, payload: {} })
      expect((await call()).statusCode).toBe(200)
      await relay.cut()
      for (let i = 0; i < 3; i++) {
        const res = await call()
        expect(res.statusCode).toBe(503)
        expect(res.headers['retry-after']).toBe('30')
        expect(res.json()).toEqual({ detail: 'Quota service unavailable', code: 'quota_unavailable', request_id: expect.any(String) })
      }
      // authentication never fails open
      expect((await app.inject({ method: 'POST', url: '/v1/work', headers: { 'x-api-key': 'nope' }, payload: {} })).statusCode).toBe(401)
    } finally {
      await app.close()
      client.disconnect()
    }
  })
})
