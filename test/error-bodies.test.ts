import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { testConfig } from '@utility-apis/service-kit'
import { ROOT, serviceSources } from './helpers/services.js'

// Every non-2xx JSON answer names itself: FastAPI's `detail`, a stable snake_case `code` of its cause, and the
// request's id, equal to its X-Request-Id header. Each code a service answers is listed in its README.

const services = serviceSources()
const apps = new Map<string, FastifyInstance>()
const KEY = { 'x-api-key': 'test-key' }
const BUSINESS: Record<string, string> = {
  webhook: '/v1/webhooks/verify',
  sla: '/v1/business-days/calculate',
  brand: '/v1/domain/profile',
  site: '/v1/site-intel/analyze'
}

beforeAll(async () => {
  for (const service of services) apps.set(service.name, await (await service.buildApp())({ config: testConfig() }))
})
afterAll(async () => { for (const app of apps.values()) await app.close() })

const CASES: Array<[string, number, string, (url: string) => InjectOptions]> = [
  ['an unknown path', 404, 'not_found', () => ({ method: 'GET', url: '/v1/nothing-here' })],
  ['a wrong method', 405, 'method_not_allowed', (url) => ({ method: 'DELETE', url })],
  ['no API key', 401, 'missing_api_key', (url) => ({ method: 'POST', url, payload: {} })],
  ['an unknown API key', 401, 'invalid_api_key', (url) => ({ method: 'POST', url, headers: { 'x-api-key': 'nope' }, payload: {} })],
  ['a body that is not JSON', 415, 'unsupported_media_type', (url) => ({ method: 'POST', url, headers: { ...KEY, 'content-type': 'text/plain' }, payload: 'x' })],
  ['invalid JSON', 422, 'validation_failed', (url) => ({ method: 'POST', url, headers: { ...KEY, 'content-type': 'application/json' }, payload: '{"a":' })],
  ['an unknown field', 422, 'validation_failed', (url) => ({ method: 'POST', url, headers: KEY, payload: { typo: 1 } })],
  ['a body over the limit', 413, 'body_too_large', (url) => ({
    method: 'POST', url, headers: { ...KEY, 'content-type': 'application/json' }, payload: `{"pad":"${'x'.repeat(6 * 1024 * 1024)}"}`
  })]
]

describe.each(services)('$name error bodies', ({ name }) => {
  test.each(CASES)('%s: %i {"detail", "code": "%s", "request_id"}', async (_label, status, code, request) => {
    const app = apps.get(name) as FastifyInstance
    const res = await app.inject({ ...request(BUSINESS[name]), headers: { ...request(BUSINESS[name]).headers, 'x-request-id': `ask-${code}` } })
    expect(res.statusCode).toBe(status)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    const body = res.json()
    expect(Object.keys(body)).toEqual(['detail', 'code', 'request_id'])
    expect(body.code).toBe(code)
    expect(body.request_id).toBe(`ask-${code}`)
    expect(res.headers['x-request-id']).toBe(`ask-${code}`)
  })

  test('its README lists every code it answers, with the status', () => {
    const readme = readFileSync(join(ROOT, 'services', name, 'README.md'), 'utf8')
    for (const [, status, code] of CASES) expect(readme, code).toMatch(new RegExp(`\\| ${status} \\| \`${code}\` \\|`))
  })
})
