import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { testConfig } from '@utility-apis/service-kit'
import { serviceSources } from './helpers/services.js'

// Issue 34, part 4: every business route validates before it charges. A call that the quota would refuse (the key's
// quota is 0) but whose input is malformed answers the free 422, never the 429: a caller learns what to fix whatever is
// left of its quota, and is never told to pay for a call that could not run. The routes are the ones each app
// documents as charged (an API key and a 429), so a route added later is walked too. Malformed means both: against
// the schema, and against a route's own rules the schema cannot say (a domain that cannot be fetched, an unknown
// calendar, a provider that needs a URL), which run in the route's validator or preHandler, before the quota's.

type Operation = Record<string, any>
interface Parameter { name: string, in: string, required?: boolean }

const services = serviceSources()
const apps = new Map<string, FastifyInstance>()
const SPENT = { 'x-api-key': 'spent-key' }
// Job routes answer 503 `jobs_need_redis` without Redis, before reading a body (and charge nothing): with REDIS_URL
// their validation is walked too. The spent key's counter is never written: its limit admits nothing.
const REDIS_URL = process.env.REDIS_URL ?? null

beforeAll(async () => {
  for (const service of services) {
    apps.set(service.name, await (await service.buildApp())({ config: testConfig({ keys: 'spent-key:0', redisUrl: REDIS_URL }), processMetrics: false } as never))
  }
})
afterAll(async () => { for (const app of apps.values()) await app.close() })

type Loc = Array<string | number>
/** A body (or query) the schema accepts and the route's own rules refuse, with where its 422 points. */
type Semantic = { body: unknown, loc: Loc } | { query: string, loc: Loc } | { none: string }

// One semantically invalid input per charged operation. Every charged operationId must be here (the walk fails on one
// that is not), so a new route is given its case, or the reason it has none.
const SEMANTIC: Record<string, Semantic> = {
  profileDomain: { body: { domain: 'ftp://example.com' }, loc: ['body', 'domain'] },
  profileDomains: { none: 'a domain that cannot be profiled fails alone inside the 200 (`ok: false`) and costs nothing, by contract' },
  createDomainProfileJob: { body: { domains: ['example.com', 'ftp://example.com'] }, loc: ['body', 'domains', 1] },
  analyzeSite: { body: { url: 'ftp://example.com/' }, loc: ['body', 'url'] },
  testRobotsTxt: { body: { url: 'ftp://example.com/page' }, loc: ['body', 'url'] },
  simulateRobotsTxt: { body: { url: 'ftp://example.com/', proposed_robots_txt: 'User-agent: *\nDisallow: /' }, loc: ['body', 'url'] },
  createSiteIntelJob: { body: { urls: ['https://example.com/', 'ftp://example.com/'] }, loc: ['body', 'urls', 1] },
  // valid in every field, but its result would lie after 2199-12-31
  calculateBusinessTime: {
    body: { operation: 'add_business_days', calendar: 'weekdays', timezone: 'UTC', date: '2100-01-01', days: 100_000 }, loc: ['body', 'days']
  },
  calculateBusinessTimeBatch: { none: 'an invalid calculation fails alone inside the 200 (`ok: false`) and costs nothing, by contract' },
  listCalendars: { none: 'its one filter, `country`, answers an empty list for a country no calendar has' },
  listHolidays: { query: 'calendar=no-such-calendar&year=2026', loc: ['query', 'calendar'] },
  verifyWebhook: { body: { provider: 'generic-hmac', payload: '{}', headers: {}, secret: 's' }, loc: ['body', 'generic'] },
  listWebhookProviders: { none: 'it takes no input' },
  signWebhook: { body: { provider: 'twilio', payload: 'a=b', secret: 's' }, loc: ['body', 'url'] },
  gradeWebhookReceiver: { body: { provider: 'generic-hmac', endpoint_url: 'https://example.com/hook', secret: 's' }, loc: ['body', 'generic'] }
}

/** Every operation the quota charges: it takes the API key and may answer 429. */
function chargedOperations (document: Record<string, any>): Array<{ method: string, path: string, operation: Operation }> {
  return Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.security?.some((scheme: object) => 'APIKeyHeader' in scheme) && operation.responses?.['429'] !== undefined)
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })))
}

/**
 * Malformed inputs for an operation: for a body, one that is not an object and one with a field no body has; for a
 * query, its required parameters left out, or every parameter given a value no parameter here takes.
 */
function malformed (operation: Operation): Array<{ label: string, payload?: string, query?: string }> {
  if (operation.requestBody !== undefined) {
    return [{ label: 'a list for a body', payload: '[]' }, { label: 'an unknown field', payload: '{"no_such_field": 1}' }]
  }
  const query = ((operation.parameters ?? []) as Parameter[]).filter((parameter) => parameter.in === 'query')
  if (query.some((parameter) => parameter.required === true)) return [{ label: 'required parameters left out', query: '' }]
  if (query.length > 0) return [{ label: 'every parameter invalid', query: query.map((parameter) => `${parameter.name}=!!`).join('&') }]
  // A route that takes no input (a listing) has nothing to malform; a path parameter would need a case of its own here
  expect(operation.parameters ?? [], 'a charged route with path parameters: give this test a malformed input for it').toEqual([])
  return []
}

describe.each(services)('$name: every charged route validates before the quota decides', ({ name }) => {
  test('a malformed call on a key whose quota is spent is a 422 without rate-limit headers; a well-formed one would be a 429', async () => {
    const app = apps.get(name) as FastifyInstance
    const operations = chargedOperations((await app.inject({ method: 'GET', url: '/openapi.json' })).json())
    expect(operations.length, 'every service has charged routes').toBeGreaterThan(0)
    for (const { method, path, operation } of operations) {
      for (const input of malformed(operation)) {
        const res = await app.inject({
          method: method as 'GET' | 'POST',
          url: `${path}${input.query === undefined ? '' : `?${input.query}`}`,
          headers: { ...SPENT, ...(input.payload === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(input.payload === undefined ? {} : { payload: input.payload })
        })
        const where = `${method} ${path}, ${input.label}: ${res.body.slice(0, 200)}`
        if (REDIS_URL === null && res.json().code === 'jobs_need_redis') continue
        expect(res.statusCode, where).toBe(422)
        expect(res.json().code, where).toBe('validation_failed')
        expect(res.headers['x-ratelimit-remaining'], where).toBeUndefined()
      }
    }
  })

  test('a call the schema accepts but the route\'s own rules refuse is a 422 at the offending field on a spent key, never a 429', async () => {
    const app = apps.get(name) as FastifyInstance
    const operations = chargedOperations((await app.inject({ method: 'GET', url: '/openapi.json' })).json())
    for (const { method, path, operation } of operations) {
      const id = operation.operationId as string
      const semantic = SEMANTIC[id]
      expect(semantic, `${id} (${method} ${path}) has no case in SEMANTIC: give it a semantically invalid input, or the reason it has none`).toBeDefined()
      if ('none' in semantic) continue
      const res = await app.inject({
        method: method as 'GET' | 'POST',
        url: 'query' in semantic ? `${path}?${semantic.query}` : path,
        headers: SPENT,
        ...('body' in semantic ? { payload: semantic.body as object } : {})
      })
      const where = `${id}: ${res.body.slice(0, 300)}`
      if (REDIS_URL === null && res.json().code === 'jobs_need_redis') continue
      expect(res.statusCode, where).toBe(422)
      expect(res.json().code, where).toBe('validation_failed')
      expect(res.json().detail.map((issue: { loc: Loc }) => issue.loc), where).toEqual([semantic.loc])
      expect(res.headers['x-ratelimit-remaining'], where).toBeUndefined()
    }
  })

  test('the spent key is spent: a well-formed call is refused with 429 (the walk above is not passing for another reason)', async () => {
    const app = apps.get(name) as FastifyInstance
    const res = await app.inject({ method: 'GET', url: '/v1/usage', headers: SPENT })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ limit: 0, remaining: 0 })
  })
})

describe.skipIf(REDIS_URL === null)('job creation with more bad inputs than a 422 lists (skipped without REDIS_URL: job routes need Redis)', () => {
  test('a spent key creating a job of 1,500 bad domains gets the first 1,000 issues, then too_many_errors counting the other 500', async () => {
    const app = apps.get('brand') as FastifyInstance
    const domains = Array.from({ length: 1500 }, (_, i) => `ftp://bad${i}.example/`)
    const res = await app.inject({ method: 'POST', url: '/v1/domain/profile/jobs', headers: SPENT, payload: { domains } })
    expect(res.statusCode).toBe(422)
    const detail = res.json().detail as Array<{ type: string, loc: Loc, ctx?: Record<string, number> }>
    expect(detail).toHaveLength(1001)
    expect(detail[999].loc).toEqual(['body', 'domains', 999])
    expect(detail[1000]).toMatchObject({ type: 'too_many_errors', loc: ['body', 'domains'], ctx: { listed: 1000, not_listed: 500 } })
    expect(res.headers['x-ratelimit-remaining']).toBeUndefined()
  })
})
