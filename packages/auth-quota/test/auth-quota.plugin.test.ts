import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { MemoryQuotaStore, parseApiKeys, QuotaCharge, sha256, type AuthQuotaEvent, type QuotaStore } from '../src/index.js'
import { QuotaStoreFullError } from '../src/quota-store.js'
import { buildQuotaApp, type HandlerLog } from './helpers.js'

let app: FastifyInstance
let log: HandlerLog
beforeEach(() => { log = { runs: {}, charge: null } })
afterEach(() => app?.close())

const MISSING = 'Missing API key: send it in the X-API-Key header, or as Authorization: Bearer <key>'
const events: AuthQuotaEvent[] = []
const build = (over: { keys?: string, quota?: number, proxy?: string, clock?: () => Date } = {}, handlers?: HandlerLog) => buildQuotaApp({
  apiKeys: parseApiKeys(over.keys ?? 'key-one,key-two:3'),
  monthlyQuota: over.quota ?? 5,
  rapidApiProxySecret: over.proxy ?? null,
  store: new MemoryQuotaStore(),
  failMode: 'open',
  clock: over.clock,
  onEvent: (e) => events.push(e)
}, handlers)
const call = (headers: Record<string, string> = {}, url = '/v1/work', payload: unknown = {}) =>
  app.inject({ method: 'POST', url, headers, payload: payload as object })

describe('authentication', () => {
  test('missing key: 401 naming both ways to send one, with both challenges in WWW-Authenticate', async () => {
    app = await build()
    const res = await call()
    expect(res.statusCode).toBe(401)
    expect(res.headers['www-authenticate']).toBe('APIKey, Bearer')
    expect(res.json()).toEqual({ detail: MISSING, code: 'missing_api_key', request_id: expect.any(String) })
    expect(res.headers['x-ratelimit-limit']).toBeUndefined()
  })

  test('unknown key: 401; the header name is case-insensitive', async () => {
    app = await build()
    const bad = await call({ 'X-API-KEY': 'key-three' })
    expect(bad.statusCode).toBe(401)
    expect(bad.json()).toEqual({ detail: 'Invalid API key', code: 'invalid_api_key', request_id: expect.any(String) })
    expect((await call({ 'X-Api-Key': 'key-one' })).statusCode).toBe(200)
    expect(events).toContain('auth_failure')
  })

  test('operational routes need no key', async () => {
    app = await build()
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200)
  })

  test('marketplace mode: a matching proxy secret skips our quota; a wrong one is a 401', async () => {
    app = await build({ proxy: 'proxy-secret', quota: 1 })
    for (let i = 0; i < 3; i++) {
      const res = await call({ 'x-rapidapi-proxy-secret': 'proxy-secret', 'x-rapidapi-user': 'alice' })
      expect(res.statusCode).toBe(200)
      expect(res.json().principal).toBe('marketplace')
      expect(res.headers['x-ratelimit-limit']).toBeUndefined()
    }
    const wrong = await call({ 'x-rapidapi-proxy-secret': 'guess', 'x-api-key': 'key-one' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.headers['www-authenticate']).toBe('APIKey, Bearer')
  })

  test('X-RapidAPI-* headers are ignored without the proxy secret configured', async () => {
    app = await build()
    const res = await call({ 'x-rapidapi-proxy-secret': 'anything', 'x-rapidapi-user': 'mallory' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ detail: MISSING, code: 'missing_api_key', request_id: expect.any(String) })
  })

  test('Authorization: Bearer <key> is the same key as X-API-Key: one principal, one quota', async () => {
    app = await build()
    const bearer = await call({ authorization: 'Bearer key-two' })
    expect(bearer.statusCode).toBe(200)
    expect(bearer.headers['x-ratelimit-remaining']).toBe('2')
    // the scheme is case-insensitive (RFC 9110); the count is the key's, whichever way it came
    expect((await call({ authorization: 'bearer key-two' })).headers['x-ratelimit-remaining']).toBe('1')
    expect((await call({ 'x-api-key': 'key-two' })).headers['x-ratelimit-remaining']).toBe('0')
    const unknown = await call({ authorization: 'Bearer key-three' })
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json().code).toBe('invalid_api_key')
  })

  test('X-API-Key wins over Authorization (a gateway may set that one for itself); another scheme is no key', async () => {
    app = await build()
    expect((await call({ 'x-api-key': 'key-one', authorization: 'Bearer not-a-key' })).statusCode).toBe(200)
    for (const authorization of ['Basic a2V5LW9uZTo=', 'Bearer', 'Bearer key-one extra', 'key-one']) {
      const res = await call({ authorization })
      expect(res.statusCode, authorization).toBe(401)
      expect(res.json().code, authorization).toBe('missing_api_key')
    }
  })
})

describe('monthly quota', () => {
  test('429 after exactly N calls, with Retry-After to the next UTC month', async () => {
    const now = new Date('2026-11-30T23:00:00Z')
    app = await build({ quota: 5, clock: () => now })
    for (let i = 1; i <= 5; i++) {
      const res = await call({ 'x-api-key': 'key-one' })
      expect(res.statusCode).toBe(200)
      expect(res.headers['x-ratelimit-limit']).toBe('5')
      expect(res.headers['x-ratelimit-remaining']).toBe(String(5 - i))
      expect(res.headers['x-ratelimit-reset']).toBe('3600')
    }
    const over = await call({ 'x-api-key': 'key-one' })
    expect(over.statusCode).toBe(429)
    expect(over.json()).toEqual({ detail: 'Monthly quota exceeded', code: 'quota_exceeded', request_id: expect.any(String) })
    expect(over.headers['retry-after']).toBe('3600')
    expect(over.headers['x-ratelimit-remaining']).toBe('0')
  })

  test('the count resets when the UTC month rolls over', async () => {
    let now = new Date('2026-11-30T23:59:58Z')
    app = await build({ quota: 2, clock: () => now })
    const first = await call({ 'x-api-key': 'key-one' })
    expect([first.statusCode, first.headers['x-ratelimit-reset']]).toEqual([200, '2'])
    now = new Date('2026-11-30T23:59:59.500Z')
    const second = await call({ 'x-api-key': 'key-one' })
    expect([second.statusCode, second.headers['x-ratelimit-reset']]).toEqual([200, '1'])
    expect((await call({ 'x-api-key': 'key-one' })).statusCode).toBe(429)
    now = new Date('2026-12-01T00:00:00Z')
    const res = await call({ 'x-api-key': 'key-one' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-ratelimit-remaining']).toBe('1')
    expect(res.headers['x-ratelimit-reset']).toBe(String(31 * 86400))
  })

  test('per-key overrides and key isolation', async () => {
    app = await build({ quota: 100 })
    for (let i = 0; i < 3; i++) expect((await call({ 'x-api-key': 'key-two' })).statusCode).toBe(200)
    const over = await call({ 'x-api-key': 'key-two' })
    expect(over.statusCode).toBe(429)
    expect(over.headers['x-ratelimit-limit']).toBe('3')
    expect((await call({ 'x-api-key': 'key-one' })).headers['x-ratelimit-remaining']).toBe('99')
  })

  test('a batch reserves one unit per item and is refused whole, naming units needed and remaining, when it does not fit', async () => {
    app = await build({ quota: 5 }, log)
    const first = await call({ 'x-api-key': 'key-one' }, '/v1/batch', { items: [1, 2, 3] })
    expect(first.statusCode).toBe(200)
    expect(first.headers['x-ratelimit-remaining']).toBe('2')
    const tooBig = await call({ 'x-api-key': 'key-one' }, '/v1/batch', { items: [1, 2, 3] })
    expect(tooBig.statusCode).toBe(429)
    expect(tooBig.json()).toEqual({
      detail: 'Monthly quota exceeded: this call needs 3 units, 2 remain this month',
      code: 'quota_exceeded',
      request_id: expect.any(String)
    })
    expect(tooBig.headers['x-ratelimit-remaining']).toBe('2')
    expect(log.runs.batch).toBe(1)
    expect((await call({ 'x-api-key': 'key-one' }, '/v1/batch', { items: [1, 2] })).statusCode).toBe(200)
    const last = await call({ 'x-api-key': 'key-one' }, '/v1/batch', { items: [1] })
    expect(last.json()).toEqual({ detail: 'Monthly quota exceeded: this call needs 1 unit, 0 remain this month', code: 'quota_exceeded', request_id: expect.any(String) })
  })
})

describe('only work done is charged', () => {
  const key = { 'x-api-key': 'key-one' }
  const remainingAfterOneCall = async () => (await call(key)).headers['x-ratelimit-remaining']

  test('422s cost nothing and are 422s even with the quota spent: validation comes before the quota', async () => {
    app = await build({ quota: 2 }, log)
    for (let i = 0; i < 3; i++) {
      const bad = await app.inject({ method: 'POST', url: '/v1/strict', headers: { ...key, 'content-type': 'application/json' }, payload: '{' })
      expect(bad.statusCode).toBe(422)
      expect(bad.headers['x-ratelimit-remaining']).toBeUndefined()
      expect((await call(key, '/v1/strict', { n: '1' })).statusCode).toBe(422)
      // an oversize batch is one 422, whatever is left of the quota
      expect((await call(key, '/v1/batch', { items: Array.from({ length: 11 }, (_, i) => i) })).statusCode).toBe(422)
    }
    expect(await remainingAfterOneCall()).toBe('1')
    expect(await remainingAfterOneCall()).toBe('0')
    expect((await call(key, '/v1/strict', { n: 'x' })).statusCode).toBe(422)
    expect((await call(key, '/v1/batch', { items: [] })).statusCode).toBe(422)
    expect((await call(key, '/v1/strict', { n: 1 })).statusCode).toBe(429)
  })

  test('413, 415 and 404 cost nothing', async () => {
    app = await build({ quota: 2 }, log)
    expect((await app.inject({ method: 'POST', url: '/v1/strict', headers: { ...key, 'content-type': 'text/plain' }, payload: 'x' })).statusCode).toBe(415)
    const huge = JSON.stringify({ items: ['x'.repeat(1100 * 1024)] })
    expect((await app.inject({ method: 'POST', url: '/v1/batch', headers: { ...key, 'content-type': 'application/json' }, payload: huge })).statusCode).toBe(413)
    expect((await call(key, '/v1/nothing-here')).statusCode).toBe(404)
    expect(await remainingAfterOneCall()).toBe('1')
  })

  // A HEAD runs its GET's handler, whatever that does (a logo's fetches and render), so it is charged as its GET
  test('a HEAD is charged as its GET, and refused as it would be once the quota is spent', async () => {
    app = await build({ quota: 2 }, log)
    expect((await app.inject({ method: 'HEAD', url: '/v1/lookup' })).statusCode).toBe(401)
    const head = await app.inject({ method: 'HEAD', url: '/v1/lookup', headers: key })
    expect([head.statusCode, head.headers['x-ratelimit-remaining'], head.body]).toEqual([200, '1', ''])
    expect((await app.inject({ method: 'GET', url: '/v1/lookup', headers: key })).headers['x-ratelimit-remaining']).toBe('0')
    const spent = await app.inject({ method: 'HEAD', url: '/v1/lookup', headers: key })
    expect([spent.statusCode, spent.headers['x-ratelimit-remaining'], spent.body]).toEqual([429, '0', ''])
  })

  test('an answer that is not 2xx after the handler ran gives its units back, and its headers say so', async () => {
    app = await build({ quota: 3 }, log)
    for (const status of [502, 400, 500]) {
      const failed = await call(key, '/v1/fail', { status })
      expect(failed.statusCode).toBe(status)
      expect(failed.headers['x-ratelimit-remaining']).toBe('3')
    }
    expect(log.runs.fail).toBe(3)
    expect(await remainingAfterOneCall()).toBe('2')
  })

  test('a batch costs the items it processed: items refused inside it are given back', async () => {
    app = await build({ quota: 10 }, log)
    const mixed = await call(key, '/v1/batch', { items: [1, 'not a number', 3, null] })
    expect(mixed.json()).toEqual({ processed: 2 })
    expect(mixed.headers['x-ratelimit-remaining']).toBe('8')
    expect(log.charge).toMatchObject({ keyId: sha256('key-one'), windowId: expect.stringMatching(/^\d{4}-\d{2}$/), reserved: 4, units: 2, settled: true })
    const none = await call(key, '/v1/batch', { items: ['a', 'b'] })
    expect([none.statusCode, none.headers['x-ratelimit-remaining']]).toEqual([200, '8'])
    expect(await remainingAfterOneCall()).toBe('7')
  })

  // Fail open: the units the fallback counted are this replica's, not the shared store's. Given back to the shared
  // store, they would erase real usage there once it is back, and the replica's share would fill with failed work.
  test('units the fallback counted while the shared store was full are given back to the fallback, never to the shared store', async () => {
    const shared = new MemoryQuotaStore()
    let full = false
    const store: QuotaStore = {
      kind: 'redis',
      close: async () => {},
      consume: (keyId, windowId, cost, limit) => {
        if (full) throw new QuotaStoreFullError()
        return shared.consume(keyId, windowId, cost, limit)
      },
      refund: (keyId, windowId, units, refundId) => shared.refund(keyId, windowId, units, refundId)
    }
    app = await buildQuotaApp({ apiKeys: parseApiKeys('key-one'), monthlyQuota: 100, store, failMode: 'open' }, log)
    for (let i = 0; i < 5; i++) expect((await call(key, '/v1/batch', { items: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] })).statusCode).toBe(200)
    full = true
    // the fallback's share is 34 of 100: ten batches of ten failed items would spend it three times over
    for (let i = 0; i < 10; i++) expect((await call(key, '/v1/batch', { items: Array(10).fill('x') })).json()).toEqual({ processed: 0 })
    expect((await call(key, '/v1/batch', { items: Array(10).fill(1) })).json()).toEqual({ processed: 10 })
    full = false
    // past the retry of a refund held for the shared store, were one held
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect(await remainingAfterOneCall()).toBe('49')
  })

  test('a charge is only ever lowered, to whole units', () => {
    const charge = new QuotaCharge('k', '2026-11', 3, false)
    for (const units of [4, -1, 1.5]) expect(() => charge.setUnits(units)).toThrow(RangeError)
    charge.setUnits(1)
    expect(charge.settle(200)).toBe(2)
    expect(charge.units).toBe(1)
    expect(() => charge.setUnits(0)).toThrow(/settled/)
    expect(charge.settle(500)).toBe(0)
    expect(new QuotaCharge('k', '2026-11', 3, false).settle(404)).toBe(3)
  })
})
