import { randomBytes } from 'node:crypto'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { testConfig } from '@utility-apis/service-kit'
import { dropPrefix } from '../packages/jobs/test/helpers.js'
import { serviceSources } from './helpers/services.js'

// The kit's answers on every business route, held to each service's OpenAPI document: each answer below is made for
// real, and its status must be documented on its operation with its `code` named, a 2xx must carry the quota
// headers exactly when the document declares them, and no answer sends a header the document does not declare. The
// refusals only some requests meet (a secret key in `?token=`, a publishable key where it is not taken, a target that
// is not public) are documented where they happen, 413 and 415 only where they can be, and the job routes' own 503s
// and free answers as they are.

type Operation = Record<string, any>
interface Keyed { label: string, method: string, url: string, operation: Operation }

const REDIS_URL = process.env.REDIS_URL
const services = serviceSources()
const KEY = 'answers-key'
const PUBLISHABLE = 'pk_live_answers1'
const ORIGIN = 'https://app.example.com'
const QUOTA = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']
// headers a route sets itself, which a client reads: each documented on every answer that sends it
const OWN_HEADERS = ['Location', 'ETag', 'X-Logo-Source', 'X-Logo-Provisional', 'X-Results-Complete']
// over every service's body limit (1 MiB, the webhook's 5 MiB)
const LARGE = 'x'.repeat(6 * 1024 * 1024)

const apps = new Map<string, FastifyInstance>()
const documents = new Map<string, Record<string, any>>()

beforeAll(async () => {
  for (const service of services) {
    const config = testConfig({ keys: KEY, publishable: `${PUBLISHABLE}=${KEY}@${ORIGIN}` })
    const app = await (await service.buildApp())({ config, processMetrics: false, pressure: { maxEventLoopDelay: 0 } } as never)
    apps.set(service.name, app)
    documents.set(service.name, (await app.inject({ method: 'GET', url: '/openapi.json' })).json())
  }
})
afterAll(async () => { for (const app of apps.values()) await app.close() })

/** The operations that take an API key, each with a URL to call (path parameters filled in). */
function keyedOperations (document: Record<string, any>): Keyed[] {
  return Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.security?.some((scheme: object) => 'APIKeyHeader' in scheme))
      .map(([method, operation]) => ({
        label: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, 'job_0'), operation
      })))
}

/**
 * The answer is one the operation documents: its status, the `code` of its error body, Retry-After exactly when the
 * answer documents it, the quota headers as documented, and any header of the route's own it sends.
 */
function expectDocumented ({ label, operation }: Keyed, res: LightMyRequestResponse): void {
  const status = String(res.statusCode)
  const answer = operation.responses[status]
  expect(answer, `${label} answered ${status}: ${res.body.slice(0, 200)}`).toBeDefined()
  const code = /^application\/json/.test(String(res.headers['content-type'])) ? res.json().code : undefined
  if (typeof code === 'string' && code !== 'validation_failed') expect(answer.description, `${label} ${status}`).toContain(`\`${code}\``)
  const retryAfter = answer.headers?.['Retry-After'] !== undefined
  expect(res.headers['retry-after'] !== undefined, `${label} ${status} sends Retry-After as documented`).toBe(retryAfter)
  // a 2xx sends them exactly when documented; another answer may be made before the quota decided (a refusal of the
  // route's own checks), and then sends none, but it never sends them undocumented
  for (const header of QUOTA) {
    const sent = res.headers[header.toLowerCase()] !== undefined
    if (sent || /^2/.test(status)) expect(sent, `${label} ${status} sends ${header} as documented`).toBe(answer.headers?.[header] !== undefined)
  }
  for (const header of OWN_HEADERS) {
    if (res.headers[header.toLowerCase()] !== undefined) expect(answer.headers?.[header], `${label} ${status} documents ${header}`).toBeDefined()
  }
}

async function call (name: string, keyed: Keyed, options: Omit<InjectOptions, 'method' | 'url'> & { query?: string } = {}) {
  const { query, ...rest } = options
  const payload = keyed.operation.requestBody === undefined ? {} : { payload: {} }
  return await (apps.get(name) as FastifyInstance).inject({ method: keyed.method as 'GET', url: `${keyed.url}${query ?? ''}`, ...payload, ...rest })
}

describe.each(services)('$name: authentication refusals in the OpenAPI document', ({ name }) => {
  test('a secret key sent as ?token= is a 401 secret_key_in_query on every route that takes a key, documented', async () => {
    for (const keyed of keyedOperations(documents.get(name) as Record<string, any>)) {
      const res = await call(name, keyed, { query: `?token=${KEY}` })
      expect([res.statusCode, res.json().code], keyed.label).toEqual([401, 'secret_key_in_query'])
      expectDocumented(keyed, res)
    }
  })

  test('a publishable key sent as the API key is a 403 publishable_key_not_allowed on every route that takes a key, documented', async () => {
    for (const keyed of keyedOperations(documents.get(name) as Record<string, any>)) {
      for (const headers of [{ 'x-api-key': PUBLISHABLE }, { authorization: `Bearer ${PUBLISHABLE}` }]) {
        const res = await call(name, keyed, { headers })
        expect([res.statusCode, res.json().code], keyed.label).toEqual([403, 'publishable_key_not_allowed'])
        expectDocumented(keyed, res)
      }
    }
  })

  test('a publishable key as ?token= is a 403 where the route takes none, and from an unlisted origin where it does, documented', async () => {
    for (const keyed of keyedOperations(documents.get(name) as Record<string, any>)) {
      const takesToken = keyed.operation.security.some((scheme: object) => 'PublishableKeyQuery' in scheme)
      const res = await call(name, keyed, { query: `?token=${PUBLISHABLE}`, headers: takesToken ? { origin: 'https://elsewhere.example' } : {} })
      expect([res.statusCode, res.json().code], keyed.label).toEqual([403, takesToken ? 'origin_not_allowed' : 'publishable_key_not_allowed'])
      expectDocumented(keyed, res)
    }
  })
})

describe.each(services)('$name: 413 and 415 in the OpenAPI document', ({ name }) => {
  test('an operation without a body documents neither, and answers neither to a body too large or not JSON', async () => {
    const withoutBody = keyedOperations(documents.get(name) as Record<string, any>).filter((keyed) => keyed.operation.requestBody === undefined)
    expect(withoutBody.length).toBeGreaterThan(0)
    for (const keyed of withoutBody) {
      expect(keyed.operation.responses['415'], keyed.label).toBeUndefined()
      // Fastify reads the body of a DELETE (up to the limit) though the route takes none; a GET's it never reads
      expect(keyed.operation.responses['413'] !== undefined, keyed.label).toBe(keyed.method === 'DELETE')
      const key = { 'x-api-key': KEY }
      const large = await call(name, keyed, { headers: { ...key, 'content-type': 'application/json' }, payload: LARGE })
      expect(large.statusCode === 413, keyed.label).toBe(keyed.method === 'DELETE')
      expectDocumented(keyed, large)
      const text = await call(name, keyed, { headers: { ...key, 'content-type': 'text/plain' }, payload: 'x' })
      expect(text.statusCode, keyed.label).not.toBe(415)
      expectDocumented(keyed, text)
    }
  })

  test('an operation with a body documents both, and answers 415 to a body that is not JSON', async () => {
    for (const keyed of keyedOperations(documents.get(name) as Record<string, any>).filter((op) => op.operation.requestBody !== undefined)) {
      expect(Object.keys(keyed.operation.responses), keyed.label).toEqual(expect.arrayContaining(['413', '415']))
      const text = await call(name, keyed, { headers: { 'x-api-key': KEY, 'content-type': 'text/plain' }, payload: 'x' })
      // a job route without Redis says so before it reads the body
      const expected = keyed.url.includes('/jobs') ? [503, 'jobs_need_redis'] : [415, 'unsupported_media_type']
      expect([text.statusCode, text.json().code], keyed.label).toEqual(expected)
      expectDocumented(keyed, text)
    }
  })
})

const JOB_SERVICES = services.filter((service) => service.jobs)

describe.each(JOB_SERVICES)('$name: the job routes in the OpenAPI document', ({ name }) => {
  const jobOperations = () => keyedOperations(documents.get(name) as Record<string, any>).filter((keyed) => keyed.url.includes('/jobs'))

  test('without Redis every job route answers 503 jobs_need_redis, documented; creation also documents jobs_storage_full', async () => {
    expect(jobOperations().map((keyed) => keyed.method).sort()).toEqual(['DELETE', 'GET', 'GET', 'POST'])
    for (const keyed of jobOperations()) {
      const res = await call(name, keyed, { headers: { 'x-api-key': KEY } })
      expect([res.statusCode, res.json().code], keyed.label).toEqual([503, 'jobs_need_redis'])
      expectDocumented(keyed, res)
      expect(keyed.operation.responses['503'].description.includes('`jobs_storage_full`'), keyed.label).toBe(keyed.method === 'POST')
    }
  })
})

describe.skipIf(REDIS_URL === undefined).each(JOB_SERVICES)('$name: a job\'s answers on Redis (REDIS_URL)', ({ name, buildApp }) => {
  const key = `jobs-test-${randomBytes(6).toString('hex')}`
  const prefix = `{jobs-test-${randomBytes(6).toString('hex')}}`
  let app: FastifyInstance
  let document: Record<string, any>
  beforeAll(async () => {
    const options = { config: testConfig({ keys: key, redisUrl: REDIS_URL }), processMetrics: false, jobs: { inlineWorker: false }, jobEngine: { prefix } }
    app = await (await buildApp())(options as never)
    document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
  })
  afterAll(async () => {
    await app?.close()
    if (REDIS_URL !== undefined) await dropPrefix(prefix)
  })

  test('creation is charged and says the quota; reading, paging and cancelling are free and say nothing of it, as documented', async () => {
    const operations = keyedOperations(document).filter((keyed) => keyed.url.includes('/jobs'))
    const create = operations.find((keyed) => keyed.method === 'POST') as Keyed
    const example = Object.values(create.operation.requestBody.content['application/json'].examples as Record<string, { value: object }>)[0].value
    // the example's callback URL would be resolved: the job is made without one
    const { callback_url: _callback, ...body } = example as Record<string, unknown>
    const created = await app.inject({ method: 'POST', url: create.url, headers: { 'x-api-key': key }, payload: body })
    expect(created.statusCode, created.body).toBe(202)
    expect(created.headers['x-ratelimit-remaining']).toBeDefined()
    expectDocumented(create, created)
    const id = created.json().id as string
    // the reads, then the cancel
    for (const keyed of [...operations.filter((op) => op.method === 'GET'), ...operations.filter((op) => op.method === 'DELETE')]) {
      const res = await app.inject({ method: keyed.method as 'GET', url: keyed.url.replace('job_0', id), headers: { 'x-api-key': key } })
      expect(res.statusCode, `${keyed.label}: ${res.body.slice(0, 200)}`).toBe(200)
      expect(res.headers['x-ratelimit-limit'], keyed.label).toBeUndefined()
      expectDocumented(keyed, res)
    }
  })
})

// what names a target in an example: a URL, or a domain
const TARGET = /^(https?:\/\/\S+|[a-z0-9-]+(\.[a-z0-9-]+)+)$/i
const REFUSED = '127.0.0.2'

/** The operation's example bodies (one undefined for none), every URL and domain in them replaced by a loopback address. */
function refusedBodies (operation: Operation): unknown[] {
  const examples = operation.requestBody?.content['application/json']?.examples as Record<string, { value: unknown }> | undefined
  if (examples === undefined) return [undefined]
  const swap = (value: unknown): unknown => typeof value === 'string'
    ? (TARGET.test(value) ? (value.startsWith('http') ? `http://${REFUSED}/` : REFUSED) : value)
    : Array.isArray(value) ? value.map(swap) : (value !== null && typeof value === 'object') ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(v)])) : value
  return Object.values(examples).map((example) => swap(example.value))
}

describe.each(services)('$name: a refused target in the OpenAPI document', ({ name }) => {
  test('every operation that documents target_not_allowed answers it to a loopback target, with the quota headers documented', async () => {
    const refusing = keyedOperations(documents.get(name) as Record<string, any>)
      .filter((keyed) => keyed.operation.responses['400']?.description.includes('target_not_allowed') === true)
    for (const keyed of refusing) {
      const url = keyed.url.replace('job_0', REFUSED)
      let refused = 0
      // an example may need no fetch (robots/test given the file's text): at least one of them does
      for (const body of refusedBodies(keyed.operation)) {
        const res = await (apps.get(name) as FastifyInstance).inject({
          method: keyed.method as 'GET', url, headers: { 'x-api-key': KEY }, ...(body === undefined ? {} : { payload: body as object })
        })
        expectDocumented(keyed, res)
        if (res.statusCode === 400 && res.json().code === 'target_not_allowed') refused++
      }
      expect(refused, keyed.label).toBeGreaterThan(0)
    }
    // the services that take targets have such operations
    expect(refusing.length > 0, name).toBe(name !== 'sla')
  })
})
