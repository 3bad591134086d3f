import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, test } from 'vitest'
import { MemoryQuotaStore, parseApiKeys, parsePublishableKeys, sha256 } from '../src/index.js'
import { buildQuotaApp, type HandlerLog } from './helpers.js'

// Issue 36: publishable keys (pk_...) for <img> tags, as ?token=, on the routes that take them, from listed origins.

const API_KEYS = parseApiKeys('key-a,key-b:2')
const PUBLISHABLE = 'pk_live_abcdefgh=key-a@https://app.example.com|https://www.example.com,pk_live_anywhere=key-b@*'

let app: FastifyInstance
let log: HandlerLog
afterEach(async () => { await app?.close() })

async function build () {
  log = { runs: {}, charge: null }
  app = await buildQuotaApp({
    apiKeys: API_KEYS,
    publishableKeys: parsePublishableKeys(PUBLISHABLE, API_KEYS),
    monthlyQuota: 5,
    store: new MemoryQuotaStore(),
    failMode: 'open'
  }, log)
  return app
}

const image = async (query: string, headers: Record<string, string> = {}) => await app.inject({ method: 'GET', url: `/v1/image?${query}`, headers })

describe('PUBLISHABLE_KEYS', () => {
  test('maps each publishable key (by its hash) to the secret key it spends and its origins', () => {
    const keys = parsePublishableKeys(PUBLISHABLE, API_KEYS)
    expect(keys.get(sha256('pk_live_abcdefgh'))).toEqual({ ownerId: sha256('key-a'), origins: new Set(['https://app.example.com', 'https://www.example.com']) })
    expect(keys.get(sha256('pk_live_anywhere'))).toEqual({ ownerId: sha256('key-b'), origins: '*' })
    expect(parsePublishableKeys('', API_KEYS).size).toBe(0)
  })

  test('refuses an owner not in API_KEYS, a key without pk_, a bad origin, without repeating a secret', () => {
    expect(() => parsePublishableKeys('pk_live_abcdefgh=key-z@*', API_KEYS)).toThrow(/not in API_KEYS/)
    expect(() => parsePublishableKeys('live_abcdefgh=key-a@*', API_KEYS)).toThrow(/starts with pk_/)
    expect(() => parsePublishableKeys('pk_live_abcdefgh=key-a@https://app.example.com/path', API_KEYS)).toThrow(/not an origin/)
    expect(() => parsePublishableKeys('pk_live_abcdefgh=key-a', API_KEYS)).toThrow(/each entry/)
    try { parsePublishableKeys('pk_live_abcdefgh=key-z@*', API_KEYS) } catch (error) { expect((error as Error).message).not.toContain('key-z') }
  })
})

describe('a publishable key as ?token=', () => {
  test('works from a listed origin (Origin, else Referer) and spends its owner\'s quota', async () => {
    await build()
    const fromOrigin = await image('token=pk_live_abcdefgh', { origin: 'https://app.example.com' })
    expect(fromOrigin.statusCode).toBe(200)
    expect(fromOrigin.json().principal).toBe(sha256('key-a'))
    // a public answer: no count of the owner's account on it
    expect(fromOrigin.headers['x-ratelimit-remaining']).toBeUndefined()
    const fromReferer = await image('token=pk_live_abcdefgh', { referer: 'https://www.example.com/dashboard?x=1' })
    expect(fromReferer.statusCode).toBe(200)
    // the owner's own calls count against the same quota
    const owner = await app.inject({ method: 'GET', url: '/v1/image', headers: { 'x-api-key': 'key-a' } })
    expect(owner.headers['x-ratelimit-remaining']).toBe('2')
  })

  test('is a 403 from another origin, or from nowhere unless the key allows any', async () => {
    await build()
    const refused: Array<Record<string, string>> = [{ origin: 'https://evil.example' }, { referer: 'https://evil.example/' }, {}, { origin: 'null' }]
    for (const headers of refused) {
      const res = await image('token=pk_live_abcdefgh', headers)
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('origin_not_allowed')
    }
    expect((await image('token=pk_live_anywhere')).statusCode).toBe(200)
    expect((await image('token=pk_live_anywhere', { origin: 'https://evil.example' })).statusCode).toBe(200)
    expect(log.runs.image).toBe(2)
  })

  test('is a 403 on every other route, in the query or in a header', async () => {
    await build()
    const origin = { origin: 'https://app.example.com' }
    for (const res of [
      await app.inject({ method: 'GET', url: '/v1/lookup?token=pk_live_abcdefgh', headers: origin }),
      await app.inject({ method: 'POST', url: '/v1/work?token=pk_live_anywhere', payload: {} }),
      await app.inject({ method: 'POST', url: '/v1/work', headers: { 'x-api-key': 'pk_live_anywhere' }, payload: {} }),
      await image('', { 'x-api-key': 'pk_live_anywhere' })
    ]) {
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('publishable_key_not_allowed')
    }
    expect(log.runs.lookup).toBeUndefined()
  })

  test('a secret key in ?token= is a 401 that says why, on any route, even beside a valid header', async () => {
    await build()
    for (const res of [
      await image('token=key-a', { origin: 'https://app.example.com' }),
      await app.inject({ method: 'GET', url: '/v1/lookup?token=key-b', headers: { 'x-api-key': 'key-a' } })
    ]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ code: 'secret_key_in_query', detail: expect.stringMatching(/secret API key was sent in the URL/) })
      expect(res.body).not.toContain('key-a')
    }
    expect(log.runs.image).toBeUndefined()
    const unknown = await image('token=pk_live_unknown1')
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json().code).toBe('invalid_api_key')
  })

  test('a secret key is refused in any ?token= of a query that repeats the name, not only the first', async () => {
    await build()
    // behind many others too: the key is in the URL wherever it stands
    const behind = `${Array.from({ length: 40 }, (_, i) => `token=x${i}`).join('&')}&token=key-b`
    for (const query of ['token=&token=key-a', 'token=x&token=key-b', 'token=pk_live_abcdefgh&token=key-a', behind]) {
      const res = await app.inject({ method: 'GET', url: `/v1/lookup?${query}`, headers: { 'x-api-key': 'key-a', origin: 'https://app.example.com' } })
      expect([query, res.statusCode, res.json().code]).toEqual([query, 401, 'secret_key_in_query'])
    }
    expect(log.runs.lookup).toBeUndefined()
  })

  test('a marketplace call is the marketplace\'s whatever ?token= it carries: never charged to the key it names', async () => {
    log = { runs: {}, charge: null }
    app = await buildQuotaApp({
      apiKeys: API_KEYS,
      publishableKeys: parsePublishableKeys(PUBLISHABLE, API_KEYS),
      monthlyQuota: 5,
      rapidApiProxySecret: 'proxy-secret',
      store: new MemoryQuotaStore(),
      failMode: 'open'
    }, log)
    const marketplace = { 'x-rapidapi-proxy-secret': 'proxy-secret', 'x-rapidapi-user': 'someone', origin: 'https://app.example.com' }
    for (const token of ['pk_live_abcdefgh', 'junk']) {
      const res = await image(`token=${token}`, marketplace)
      expect([token, res.statusCode, res.json().principal, res.headers['x-ratelimit-remaining']]).toEqual([token, 200, 'rapidapi:someone', undefined])
    }
  })
})
