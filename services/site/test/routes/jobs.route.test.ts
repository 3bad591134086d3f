import { randomBytes } from 'node:crypto'
import { testConfig } from '@utility-apis/service-kit'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { NOW, withoutTimings } from '../fixtures/analyze.js'
import { fixturePolicy, startFixtureServer, type FixtureServer } from '../fixtures/fixture-server.js'
import { STRONG, STRONG_HOSTS, strongSite } from '../fixtures/sites/strong.js'

const REDIS_URL = process.env.REDIS_URL
const key = `jobs-test-${randomBytes(6).toString('hex')}`
const headers = { 'x-api-key': key }

let server: FixtureServer
let app: FastifyInstance

describe.skipIf(REDIS_URL === undefined)('site-intel jobs on Redis (skipped without REDIS_URL)', () => {
  beforeAll(async () => {
    server = await startFixtureServer((o) => strongSite(o))
    app = await buildApp({
      config: testConfig({ keys: key, redisUrl: REDIS_URL }),
      fetchPolicy: fixturePolicy(STRONG_HOSTS),
      clock: () => NOW,
      processMetrics: false,
      pressure: { maxEventLoopUtilization: 0, maxEventLoopDelay: 0 },
      jobs: { inlineWorker: true, concurrency: 4 },
      jobEngine: { prefix: `{jobs-test-${randomBytes(6).toString('hex')}}`, lockMs: 2000 }
    })
  })
  afterAll(async () => {
    await app?.close()
    await server?.close()
  })

  it('analyses each URL exactly as POST /v1/site-intel/analyze answers it', async () => {
    const url = server.origin(STRONG)
    const created = await app.inject({ method: 'POST', url: '/v1/site-intel/jobs', headers, payload: { urls: [url] } })
    expect(created.statusCode).toBe(202)
    const { id } = created.json()
    const deadline = Date.now() + 15_000
    let status = ''
    while (status !== 'completed' && Date.now() < deadline) {
      status = (await app.inject({ method: 'GET', url: `/v1/site-intel/jobs/${id}`, headers })).json().status
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const page = (await app.inject({ method: 'GET', url: `/v1/site-intel/jobs/${id}/results`, headers })).json()
    expect(page.results).toHaveLength(1)
    expect(page.results[0]).toMatchObject({ index: 0, input: url, ok: true })
    const single = await app.inject({ method: 'POST', url: '/v1/site-intel/analyze', headers, payload: { url } })
    expect(withoutTimings(page.results[0].analysis)).toEqual(withoutTimings(single.json()))
    // the NDJSON stream holds the same lines as the pages, nothing the answer's schema leaves out
    const stream = await app.inject({ method: 'GET', url: `/v1/site-intel/jobs/${id}/results`, headers: { ...headers, accept: 'application/x-ndjson' } })
    expect(stream.body.trimEnd().split('\n').map((text) => JSON.parse(text) as unknown)).toEqual(page.results)
  })

  it('reports a refused address as the single call answers it: status, detail and code', async () => {
    const refused = 'http://10.0.0.1/'
    const created = await app.inject({ method: 'POST', url: '/v1/site-intel/jobs', headers, payload: { urls: [refused] } })
    const { id } = created.json()
    const deadline = Date.now() + 15_000
    while ((await app.inject({ method: 'GET', url: `/v1/site-intel/jobs/${id}`, headers })).json().status !== 'completed') {
      if (Date.now() > deadline) throw new Error('the job did not complete within 15 s')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const line = (await app.inject({ method: 'GET', url: `/v1/site-intel/jobs/${id}/results`, headers })).json().results[0]
    const single = await app.inject({ method: 'POST', url: '/v1/site-intel/analyze', headers, payload: { url: refused } })
    const { detail, code } = single.json()
    expect(line).toEqual({ index: 0, input: refused, ok: false, error: { status: single.statusCode, detail, code } })
    expect(code).toBe('target_not_allowed')
  })

  it('refuses a job whose URLs are not http(s), pointing at each', async () => {
    const response = await app.inject({
      method: 'POST', url: '/v1/site-intel/jobs', headers, payload: { urls: ['example.com', 'ftp://example.com/', 'https://user:pw@example.com/'] }
    })
    expect(response.statusCode).toBe(422)
    const detail = response.json().detail
    expect(detail.map((issue: { loc: unknown[] }) => issue.loc)).toEqual([['body', 'urls', 1], ['body', 'urls', 2]])
    // credentials are not echoed back, as in the single call
    expect(detail[1].input).toBeUndefined()
  })
})
