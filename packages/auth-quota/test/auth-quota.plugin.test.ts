import { afterEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { MemoryQuotaStore, parseApiKeys, type AuthQuotaEvent } from '../src/index.js'
import { buildQuotaApp } from './helpers.js'

let app: FastifyInstance
afterEach(() => app?.close())

const events: AuthQuotaEvent[] = []
const build = (over: { keys?: string, quota?: number, proxy?: string, clock?: () => Date } = {}) => buildQuotaApp({
  apiKeys: parseApiKeys(over.keys ?? 'key-one,key-two:3'),
  monthlyQuota: over.quota ?? 5,
  rapidApiProxySecret: over.proxy ?? null,
  store: new MemoryQuotaStore(),
  failMode: 'open',
  clock: over.clock,
  onEvent: (e) => events.push(e)
})
const call = (headers: Record<string, string> = {}, url = '/v1/work', payload: unknown = {}) =>
  app.inject({ method: 'POST', url, headers, payload: payload as object })

describe('authentication', () => {
  test('missing key: 401 with WWW-Authenticate', async () => {
    app = await build()
    const res = await call()
    expect(res.statusCode).toBe(401)
    expect(res.headers['www-authenticate']).toBe('APIKey')
    expect(res.json()).toEqual({ detail: 'Missing API key', code: 'missing_api_key', request_id: expect.any(String) })
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
    expect(wrong.headers['www-authenticate']).toBe('APIKey')
  })

  test('X-RapidAPI-* headers are ignored without the proxy secret configured', async () => {
    app = await build()
    const res = await call({ 'x-rapidapi-proxy-secret': 'anything', 'x-rapidapi-user': 'mallory' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ detail: 'Missing API key', code: 'missing_api_key', request_id: expect.any(String) })
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

  test('a batch costs one per item and is refused whole when it does not fit', async () => {
    app = await build({ quota: 5 })
    const first = await call({ 'x-api-key': 'key-one' }, '/v1/batch', { items: [1, 2, 3] })
    expect(first.statusCode).toBe(200)
    expect(first.headers['x-ratelimit-remaining']).toBe('2')
    const tooBig = await call({ 'x-api-key': 'key-one' }, '/v1/batch', { items: [1, 2, 3] })
    expect(tooBig.statusCode).toBe(429)
    expect(tooBig.headers['x-ratelimit-remaining']).toBe('2')
  })

  test('validation failures count and carry the headers', async () => {
    app = await build({ quota: 5 })
    const bad = await app.inject({ method: 'POST', url: '/v1/strict', headers: { 'x-api-key': 'key-one', 'content-type': 'application/json' }, payload: '{' })
    expect(bad.statusCode).toBe(422)
    expect(bad.headers['x-ratelimit-remaining']).toBe('4')
    const wrong = await call({ 'x-api-key': 'key-one' }, '/v1/strict', { n: '1' })
    expect(wrong.statusCode).toBe(422)
    expect(wrong.headers['x-ratelimit-remaining']).toBe('3')
  })
})
