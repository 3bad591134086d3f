import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'
import { buildJobsApp, dropPrefix, REDIS_URL, testKey, testPrefix, waitFor } from '../helpers/jobs.js'

const HOSTS = Array.from({ length: 12 }, (_, i) => `site${i}.test`)
const page = (name: string) => `<!doctype html><title>${name} | Home</title><meta property="og:site_name" content="${name}">`

let server: FixtureServer
let app: FastifyInstance
const key = testKey()
const other = testKey()
const headers = { 'x-api-key': key }
const prefix = testPrefix()

const inputs = () => HOSTS.map((host) => `${server.origin(host)}/`)

async function create (payload: unknown, extra: Record<string, string> = {}, as = headers) {
  return await app.inject({ method: 'POST', url: '/v1/domain/profile/jobs', headers: { ...as, ...extra }, payload: payload as object })
}
async function status (id: string, as = headers) {
  return await app.inject({ method: 'GET', url: `/v1/domain/profile/jobs/${id}`, headers: as })
}
async function finished (id: string) {
  return await waitFor(async () => (await status(id)).json(), (job) => job.status === 'completed' || job.status === 'cancelled')
}

describe.skipIf(REDIS_URL === undefined)('brand jobs on Redis (skipped without REDIS_URL)', () => {
  beforeAll(async () => {
    server = await startFixtureServer(Object.fromEntries(HOSTS.map((host, i) => [host, { '/': { body: page(`Brand ${i}`), delayMs: 50 } }])))
    app = await buildJobsApp({ keys: `${key},${other}`, hosts: HOSTS, prefix, config: { adminKey: 'jobs-admin' } })
  })
  afterAll(async () => {
    await app?.close()
    await server?.close()
    if (REDIS_URL !== undefined) await dropPrefix(prefix)
  })

  it('answers 202 with a Location, runs every domain, and each result is what POST /v1/domain/profile answers', async () => {
    const response = await create({ domains: inputs() })
    expect(response.statusCode).toBe(202)
    const job = response.json()
    expect(job).toEqual({ id: expect.stringMatching(/^job_[0-9a-f]{24}$/), status: 'queued', total: HOSTS.length, created_at: expect.any(String) })
    expect(response.headers.location).toBe(`/v1/domain/profile/jobs/${job.id}`)

    const done = await finished(job.id)
    expect(done).toMatchObject({ status: 'completed', total: 12, done: 12, failed: 0, results_url: `/v1/domain/profile/jobs/${job.id}/results` })
    expect(Date.parse(done.started_at)).toBeLessThanOrEqual(Date.parse(done.finished_at))

    const page = (await app.inject({ method: 'GET', url: `${done.results_url}?limit=1000`, headers })).json()
    expect(page.next_cursor).toBeNull()
    expect(page.results.map((line: { index: number }) => line.index)).toEqual(HOSTS.map((_, i) => i))
    for (const line of page.results.slice(0, 3)) {
      const single = await app.inject({ method: 'POST', url: '/v1/domain/profile', headers, payload: { domain: line.input } })
      // the single call after the job is served from the profile cache the job filled: the same profile, marked cached
      expect({ ...line.profile, cached: true }).toEqual(single.json())
      expect(line).toMatchObject({ ok: true, input: inputs()[line.index] })
    }
  })

  it('reports a refused address as the single call answers it (status, detail and code) and charges it as the single call: nothing', async () => {
    const refused = 'http://10.0.0.1/'
    const probe = new Redis(REDIS_URL as string)
    const counter = `q:{${createHash('sha256').update(key).digest('hex')}}:${new Date().toISOString().slice(0, 7)}`
    const before = Number(await probe.get(counter))
    const { id } = (await create({ domains: [refused, inputs()[0], refused] })).json()
    const done = await finished(id)
    expect(done).toMatchObject({ done: 3, failed: 2, charged: 1 })
    await waitFor(async () => Number(await probe.get(counter)), (used) => used === before + 1)
    probe.disconnect()
    const line = (await app.inject({ method: 'GET', url: done.results_url, headers })).json().results[0]
    const single = await app.inject({ method: 'POST', url: '/v1/domain/profile', headers, payload: { domain: refused } })
    const { detail, code } = single.json()
    expect(line).toEqual({ index: 0, input: refused, ok: false, error: { status: single.statusCode, detail, code } })
    expect(code).toBe('target_not_allowed')
  })

  it('exports queue depth, items, item durations and job outcomes in /metrics', async () => {
    const { id } = (await create({ domains: inputs().slice(0, 2) })).json()
    await finished(id)
    const metrics = (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer jobs-admin' } })).body
    expect(metrics).toMatch(/^jobs_queue_depth\{state="waiting",service="brand"\} \d+$/m)
    expect(metrics).toMatch(/^job_items_total\{outcome="ok",service="brand"\} [1-9]\d*$/m)
    expect(metrics).toMatch(/^job_item_duration_seconds_count\{service="brand"\} [1-9]\d*$/m)
    expect(metrics).toMatch(/^jobs_total\{outcome="completed",service="brand"\} [1-9]\d*$/m)
  })

  it('pages through the results with cursor and limit, and streams them as NDJSON', async () => {
    const { id } = (await create({ domains: inputs() })).json()
    await finished(id)
    const seen: number[] = []
    let cursor: string | null = '0'
    while (cursor !== null) {
      const page: { results: Array<{ index: number }>, next_cursor: string | null } =
        (await app.inject({ method: 'GET', url: `/v1/domain/profile/jobs/${id}/results?limit=5&cursor=${cursor}`, headers })).json()
      expect(page.results.length).toBeLessThanOrEqual(5)
      seen.push(...page.results.map((line) => line.index))
      cursor = page.next_cursor
    }
    expect(seen).toEqual(HOSTS.map((_, i) => i))

    const stream = await app.inject({ method: 'GET', url: `/v1/domain/profile/jobs/${id}/results`, headers: { ...headers, accept: 'application/x-ndjson' } })
    expect(stream.headers['content-type']).toMatch(/^application\/x-ndjson/)
    const lines = stream.body.trim().split('\n').map((text) => JSON.parse(text))
    expect(lines.map((line) => line.index)).toEqual(HOSTS.map((_, i) => i))
  })

  it('refuses a job with invalid inputs whole, pointing at each, and queues nothing', async () => {
    const response = await create({ domains: [inputs()[0], 'not a domain', inputs()[1], 'ftp://x.test/'] })
    expect(response.statusCode).toBe(422)
    expect(response.json().detail.map((issue: { loc: unknown[] }) => issue.loc)).toEqual([['body', 'domains', 1], ['body', 'domains', 3]])
  })

  it('refuses more than 100,000 domains and an unknown field (strict body)', async () => {
    expect((await create({ domains: [] })).statusCode).toBe(422)
    const extra = await create({ domains: inputs(), colour: 'red' })
    expect(extra.statusCode).toBe(422)
    expect(extra.json().detail[0].type).toBe('extra_forbidden')
  })

  it('shows a job only to the key that created it', async () => {
    const { id } = (await create({ domains: inputs().slice(0, 1) })).json()
    const foreign = await status(id, { 'x-api-key': other })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().detail).toBe('Job not found')
    expect((await status('job_000000000000000000000000')).statusCode).toBe(404)
    expect((await app.inject({ method: 'DELETE', url: `/v1/domain/profile/jobs/${id}`, headers: { 'x-api-key': other } })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: `/v1/domain/profile/jobs/${id}/results`, headers: { 'x-api-key': other } })).statusCode).toBe(404)
  })

  it('answers the same job for a repeated Idempotency-Key and body, and 422 idempotency_key_reused for another body', async () => {
    const idem = { 'idempotency-key': `order-${testKey()}` }
    const first = await create({ domains: inputs().slice(0, 2) }, idem)
    const again = await create({ domains: inputs().slice(0, 2) }, idem)
    expect(first.statusCode).toBe(202)
    expect(again.statusCode).toBe(202)
    expect(again.json().id).toBe(first.json().id)
    // the repeat costs nothing: the units it reserved are given back
    expect(Number(first.headers['x-ratelimit-remaining'])).toBeLessThan(Number(first.headers['x-ratelimit-limit']))
    expect(again.headers['x-ratelimit-remaining']).toBe(first.headers['x-ratelimit-remaining'])
    const reused = await create({ domains: inputs().slice(0, 3) }, idem)
    expect(reused.statusCode).toBe(422)
    expect(reused.json().detail).toEqual([expect.objectContaining({ type: 'idempotency_key_reused', loc: ['header', 'idempotency-key'] })])
  })

  it('refuses a callback_url that resolves to a non-public address (the SSRF policy)', async () => {
    const response = await create({ domains: inputs().slice(0, 1), callback_url: 'http://127.0.0.2:9/hook' })
    expect(response.statusCode).toBe(422)
    expect(response.json().detail[0]).toMatchObject({ loc: ['body', 'callback_url'], msg: expect.stringContaining('not allowed') })
  })

  it('answers a callback_secret in the Standard Webhooks format with a callback_url', async () => {
    const response = await create({ domains: inputs().slice(0, 1), callback_url: `${server.origin(HOSTS[0])}/hook` })
    expect(response.statusCode).toBe(202)
    expect(response.json().callback_secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
  })
})

describe.skipIf(REDIS_URL === undefined)('brand jobs and the quota (skipped without REDIS_URL)', () => {
  it('refuses a job larger than the quota left with a 429 saying the units needed and remaining, and queues nothing', async () => {
    const small = testKey()
    const prefix = testPrefix()
    const limited = await buildJobsApp({ keys: `${small}:10`, hosts: [], prefix, overrides: { jobs: { inlineWorker: false } } })
    try {
      const domains = Array.from({ length: 12 }, (_, i) => `quota${i}.example`)
      const response = await limited.inject({ method: 'POST', url: '/v1/domain/profile/jobs', headers: { 'x-api-key': small }, payload: { domains } })
      expect(response.statusCode).toBe(429)
      expect(response.json().detail).toBe('Monthly quota exceeded: this call needs 12 units, 10 remain this month')
      const fits = await limited.inject({ method: 'POST', url: '/v1/domain/profile/jobs', headers: { 'x-api-key': small }, payload: { domains: domains.slice(0, 10) } })
      expect(fits.statusCode).toBe(202)
      expect(fits.headers['x-ratelimit-remaining']).toBe('0')
    } finally {
      await limited.close()
    }
  })
})

describe('brand jobs without Redis', () => {
  it('answer 503 jobs_need_redis naming REDIS_URL, while the single call works as before', async () => {
    const noRedis = await buildJobsApp({ keys: 'k', hosts: [], prefix: testPrefix(), redisUrl: null })
    try {
      const response = await noRedis.inject({ method: 'POST', url: '/v1/domain/profile/jobs', headers: { 'x-api-key': 'k' }, payload: { domains: ['example.com'] } })
      expect(response.statusCode).toBe(503)
      expect(response.json().detail).toMatch(/^Jobs need Redis: set REDIS_URL/)
      const get = await noRedis.inject({ method: 'GET', url: '/v1/domain/profile/jobs/job_000000000000000000000000', headers: { 'x-api-key': 'k' } })
      expect(get.statusCode).toBe(503)
      const single = await noRedis.inject({ method: 'POST', url: '/v1/domain/profile', headers: { 'x-api-key': 'k' }, payload: { domain: 'not a domain' } })
      expect(single.statusCode).toBe(422)
    } finally {
      await noRedis.close()
    }
  })
})
