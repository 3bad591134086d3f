import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DRAIN_MS, testConfig } from '@utility-apis/service-kit'
import { ROOT, serviceSources } from './helpers/services.js'

const run = promisify(execFile)
const REDOCLY = join(ROOT, 'node_modules', '.bin', 'redocly')
// Rules of the recommended set that are warnings there but matter to SDK generators, so they must not fire either.
const MUST_PASS = ['operation-operationId', 'operation-operationId-unique', 'operation-operationId-url-safe', 'no-invalid-media-type-examples']
// The operations that fetch a caller's URL and answer 400 when it leads to a non-public address.
const FETCHING = ['POST /v1/domain/profile', 'POST /v1/site-intel/analyze', 'POST /v1/site-intel/robots/test', 'POST /v1/site-intel/robots/simulate']

interface Problem { ruleId: string, severity: 'error' | 'warn', message: string, location: Array<{ pointer: string }> }
type Operation = Record<string, any>

const services = serviceSources()
const documents = new Map<string, Record<string, any>>()
const dir = mkdtempSync(join(tmpdir(), 'openapi-'))

beforeAll(async () => {
  for (const service of services) {
    const app = await (await service.buildApp())({ config: testConfig() })
    documents.set(service.name, (await app.inject({ method: 'GET', url: '/openapi.json' })).json())
    await app.close()
  }
})
afterAll(() => { rmSync(dir, { recursive: true, force: true }) })

function operations (document: Record<string, any>): Array<[string, Operation]> {
  return Object.entries(document.paths as Record<string, Record<string, Operation>>)
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]): [string, Operation] => [`${method.toUpperCase()} ${path}`, operation]))
}

async function redoclyLint (name: string, document: object): Promise<Problem[]> {
  const file = join(dir, `${name}.json`)
  writeFileSync(file, JSON.stringify(document))
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }
  // lint exits 1 when it finds errors; its report is on stdout either way.
  const { stdout } = await run(REDOCLY, ['lint', '--extends=recommended', '--format=json', file], { env })
    .catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }))
  return (JSON.parse(stdout) as { problems: Problem[] }).problems
}

describe.each(services)('$name OpenAPI document', ({ name }) => {
  test("passes Redocly's recommended ruleset with 0 errors, and the rules SDK generators rely on", async () => {
    const problems = await redoclyLint(name, documents.get(name) as object)
    const show = (problem: Problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`
    expect(problems.filter((problem) => problem.severity === 'error').map(show)).toEqual([])
    expect(problems.filter((problem) => MUST_PASS.includes(problem.ruleId)).map(show)).toEqual([])
    // Each warning left is argued in the root README, under "OpenAPI"
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    const argued = [...readme.matchAll(/^- Redocly `([a-z0-9-]+)`:/gm)].map((match) => match[1])
    expect(problems.filter((problem) => !argued.includes(problem.ruleId)).map(show)).toEqual([])
  })

  test('names a server, each operation, and who may call it', () => {
    const document = documents.get(name) as Record<string, any>
    expect(document.servers).toEqual([{ url: '/', description: expect.any(String) }])
    for (const [label, operation] of operations(document)) {
      expect(operation.operationId, label).toMatch(/^[a-z][A-Za-z]+$/)
      const schemes = (operation.security as Array<Record<string, unknown>>).flatMap((requirement) => Object.keys(requirement))
      if (label === 'GET /metrics') expect(schemes, label).toEqual(['AdminKeyHeader', 'AdminBearer'])
      else if (label.startsWith('GET /admin/')) expect(schemes, label).toEqual(['AdminKeyHeader'])
      else if (operation.tags.includes('operations')) expect(schemes, label).toEqual([])
      // an image for an <img> tag also takes a publishable key as ?token= (issue 36)
      else if (label === 'GET /v1/domain/logo/{domain}') expect(schemes, label).toEqual(['APIKeyHeader', 'APIKeyBearer', 'PublishableKeyQuery'])
      else expect(schemes, label).toEqual(['APIKeyHeader', 'APIKeyBearer'])
    }
    const schemes = document.components.securitySchemes
    expect(Object.keys(schemes)).toEqual(expect.arrayContaining(['APIKeyHeader', 'APIKeyBearer', 'AdminKeyHeader']))
    expect(schemes.APIKeyBearer).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(schemes.AdminKeyHeader).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-admin-key' })
    // Only a scheme some operation uses is listed: the bearer one with Prometheus's /metrics.
    expect('AdminBearer' in schemes).toBe(document.paths['/metrics'] !== undefined)
  })

  test('declares the request id, quota, retry and authentication headers of business responses', () => {
    const document = documents.get(name) as Record<string, any>
    for (const [label, operation] of operations(document).filter(([, operation]) => !operation.tags.includes('operations'))) {
      const headers = (status: string) => Object.keys(operation.responses[status]?.headers ?? {}).sort()
      // the kit's headers of an answer, beside those a route declares it sets itself (a job's Location, a logo's ETag)
      const kitHeaders = (status: string) => headers(status).filter((name) => /^(X-RateLimit-|X-Request-Id$|Retry-After$|WWW-Authenticate$)/.test(name))
      const quota = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']
      // the answer of success: 200, or 202 for a job accepted for later
      const success = Object.keys(operation.responses).find((status) => /^2/.test(status)) as string
      // The quota decides once the body is valid: a 422 of the schema costs nothing and says nothing of it.
      // A call that is never charged (GET /v1/usage, reading or cancelling a job, POST /mcp, whose tool calls are charged
      // by the routes they run) answers no 429.
      const charged = !['getUsage', 'mcp'].includes(operation.operationId) && !/^(get|cancel)[A-Za-z]+Job(Results)?$/.test(operation.operationId)
      // X-Request-Id on every response; the quota on a charged call's, and on the free answers that say it (GET /v1/usage,
      // and a tool call's through /mcp): reading or cancelling a job sends none
      const saysQuota = charged || ['getUsage', 'mcp'].includes(operation.operationId)
      expect(kitHeaders(success), label).toEqual(saysQuota ? [...quota, 'X-Request-Id'] : ['X-Request-Id'])
      expect(operation.responses['429'] !== undefined, label).toBe(charged)
      // a 422 only where the route validates something the caller sends (parameters or a body)
      const validates = (operation.parameters?.length ?? 0) > 0 || operation.requestBody !== undefined
      if (charged) expect(operation.responses['422'] !== undefined, `${label} documents a 422`).toBe(validates)
      if (charged && validates) expect(headers('422'), label).toEqual(['X-Request-Id'])
      if (charged) {
        expect(headers('429'), label).toEqual(['Retry-After', ...quota, 'X-Request-Id'])
      }
      expect(headers('503'), label).toEqual(['Retry-After', 'X-Request-Id'])
      expect(headers('401'), label).toEqual(['WWW-Authenticate', 'X-Request-Id'])
      for (const status of charged ? [success, '429'] : saysQuota ? [success] : []) {
        expect(operation.responses[status].headers['X-RateLimit-Limit'].description, label).toMatch(/marketplace mode/)
      }
    }
  })
})

/** Every `maximum` of a property that bounds how long a call works (`timeout_seconds`, `time_budget_seconds`). */
function workBounds (value: unknown, found: Array<[string, number]> = []): Array<[string, number]> {
  if (typeof value !== 'object' || value === null) return found
  for (const [key, child] of Object.entries(value)) {
    const maximum = (child as { maximum?: unknown } | null)?.maximum
    if (/(^|_)(timeout|time_budget)_seconds$/.test(key) && typeof maximum === 'number') found.push([key, maximum])
    workBounds(child, found)
  }
  return found
}

describe.each(services)('$name drain', ({ name }) => {
  test('no call may work longer than the drain a SIGTERM gives it (a rollout would cut it off)', () => {
    for (const [key, maximum] of workBounds(documents.get(name))) expect(maximum, key).toBeLessThanOrEqual(DRAIN_MS / 1000 - 5)
  })
})

describe('brand and site', () => {
  test.each(FETCHING)('%s documents the 400 for a target that is not public', (label) => {
    const [method, path] = label.split(' ')
    const document = [...documents.values()].find((candidate) => candidate.paths[path] !== undefined) as Record<string, any>
    const answer = document.paths[path][method.toLowerCase()].responses['400']
    expect(answer.description).toContain('Target address is not allowed')
    expect(answer.description).toContain('target_not_allowed')
    const model = answer.content['application/json'].schema.$ref.replace('#/components/schemas/', '')
    expect(document.components.schemas[model].required).toEqual(['detail', 'code', 'request_id'])
  })

  test.each(['brand', 'site'])('%s gives a request example for every operation with a body', (name) => {
    for (const [label, operation] of operations(documents.get(name) as Record<string, any>)) {
      if (operation.requestBody === undefined) continue
      expect(Object.keys(operation.requestBody.content['application/json'].examples ?? {}).length, label).toBeGreaterThan(0)
    }
  })
})

describe.each(services)('$name OpenAPI models', ({ name }) => {
  test('every JSON request and response body is a named model in components.schemas, referenced by $ref', () => {
    const document = documents.get(name) as Record<string, any>
    const inline: string[] = []
    for (const [label, operation] of operations(document)) {
      const bodies: Array<[string, any]> = [
        ...Object.entries(operation.requestBody?.content ?? {}).map(([type, media]): [string, any] => [`request ${type}`, media]),
        ...Object.entries(operation.responses ?? {}).flatMap(([status, answer]: [string, any]) =>
          Object.entries(answer.content ?? {}).map(([type, media]): [string, any] => [`${status} ${type}`, media]))
      ]
      for (const [where, media] of bodies) {
        if (!where.endsWith('application/json')) continue
        const ref = media.schema?.$ref as string | undefined
        if (ref === undefined) inline.push(`${label} ${where}`)
        else expect(document.components.schemas[ref.replace('#/components/schemas/', '')], ref).toBeDefined()
      }
    }
    expect(inline).toEqual([])
  })
})

describe.each(services)('$name OpenAPI answers and servers', ({ name }) => {
  test('every operation documents 404, 405, 408 and 500, one with a body also 413 and 415, each with its code', () => {
    for (const [label, operation] of operations(documents.get(name) as Record<string, any>)) {
      const expected = ['404', '405', '408', '500', ...(operation.requestBody === undefined ? [] : ['413', '415'])]
      expect(Object.keys(operation.responses), label).toEqual(expect.arrayContaining(expected))
      for (const status of expected) expect(operation.responses[status].description, `${label} ${status}`).toMatch(/`code`: `[a-z_]+`/)
    }
  })

  test('documents GET /metrics: Prometheus text for the admin key', () => {
    const metrics = (documents.get(name) as Record<string, any>).paths['/metrics']?.get
    expect(Object.keys(metrics?.responses['200'].content ?? {})).toEqual(['text/plain'])
  })

  test('lists PUBLIC_URL first in servers when it is set', async () => {
    const service = services.find((candidate) => candidate.name === name) as (typeof services)[number]
    const app = await (await service.buildApp())({ config: testConfig({ publicUrl: 'https://api.example.com/x' }) })
    try {
      expect(((await app.inject({ method: 'GET', url: '/openapi.json' })).json()).servers).toEqual([
        { url: 'https://api.example.com/x', description: expect.stringContaining('PUBLIC_URL') }, { url: '/', description: expect.any(String) }
      ])
    } finally {
      await app.close()
    }
  })
})

describe.each([['brand', 'DomainProfile', 'profile'], ['site', 'SiteIntel', 'analysis']])('%s job results in OpenAPI', (name, stem, field) => {
  test('the results answer is a named model, its lines a named model holding the single call\'s answer', () => {
    const document = documents.get(name) as Record<string, any>
    const operation = operations(document).find(([, candidate]) => (candidate as { operationId?: string }).operationId === `get${stem}JobResults`)?.[1] as Record<string, any>
    expect(operation).toBeDefined()
    const ok = operation.responses['200'].content
    expect(ok['application/json'].schema).toEqual({ $ref: `#/components/schemas/${stem}JobResults` })
    const page = document.components.schemas[`${stem}JobResults`]
    expect(page.required).toEqual(['results', 'next_cursor'])
    expect(page.properties.results.items.$ref).toBe(`#/components/schemas/${stem}JobResult`)
    const line = document.components.schemas[`${stem}JobResult`]
    expect(line.properties[field].$ref).toMatch(/^#\/components\/schemas\//)
    // the status names what the job costs
    expect(document.components.schemas[`${stem}JobStatus`].required).toContain('charged')
  })
})
