import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { testConfig } from '@utility-apis/service-kit'
import { serviceSources } from './helpers/services.js'

// Issue 37: an API key is sent as `X-API-Key: <key>` or `Authorization: Bearer <key>`, as API clients and SDK
// generators send one, on every route that takes a key (read from each app's OpenAPI, so a new route is covered).
// The same call answers the same way either way; a call with neither is told both.

type Operation = Record<string, any>
const services = serviceSources()
const apps = new Map<string, FastifyInstance>()
const MISSING = 'Missing API key: send it in the X-API-Key header, or as Authorization: Bearer <key>'

beforeAll(async () => {
  for (const service of services) {
    apps.set(service.name, await (await service.buildApp())({ config: testConfig({ keys: 'header-key' }), processMetrics: false } as never))
  }
})
afterAll(async () => { for (const app of apps.values()) await app.close() })

function keyedOperations (document: Record<string, any>): Array<{ method: string, url: string, hasBody: boolean }> {
  return Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.security?.some((scheme: object) => 'APIKeyHeader' in scheme))
      .map(([method, operation]) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, 'job_0'), hasBody: operation.requestBody !== undefined })))
}

describe.each(services)('$name: every route that takes an API key', ({ name }) => {
  test('documents both ways, answers a call without a key 401 naming both, and the same call the same way with either header', async () => {
    const app = apps.get(name) as FastifyInstance
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
    const operations = keyedOperations(document)
    expect(operations.length).toBeGreaterThan(0)
    for (const { method, url, hasBody } of operations) {
      const send = async (headers: Record<string, string>) => await app.inject({
        method: method as 'GET', url, headers, ...(hasBody ? { payload: { no_such_field: 1 } } : {})
      })
      const missing = await send({})
      expect(missing.statusCode, `${method} ${url}`).toBe(401)
      expect(missing.headers['www-authenticate']).toBe('APIKey, Bearer')
      expect(missing.json()).toMatchObject({ detail: MISSING, code: 'missing_api_key' })
      const viaHeader = await send({ 'x-api-key': 'header-key' })
      const viaBearer = await send({ authorization: 'Bearer header-key' })
      expect(viaHeader.statusCode, `${method} ${url}`).not.toBe(401)
      expect(viaBearer.statusCode, `${method} ${url}`).toBe(viaHeader.statusCode)
      // an answer that is no JSON (the logo route's image) is compared by its type
      const codeOf = (res: typeof viaHeader) => /^application\/json/.test(String(res.headers['content-type'])) ? res.json().code : res.headers['content-type']
      expect(codeOf(viaBearer), `${method} ${url}`).toBe(codeOf(viaHeader))
      expect((await send({ authorization: 'Bearer wrong-key' })).json().code).toBe('invalid_api_key')
    }
  })
})
