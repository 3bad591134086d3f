import { describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { testConfig, type KitOptions } from '@utility-apis/service-kit'
import { checkOpenApi } from '@utility-apis/service-kit/testing'
import { buildApp as buildWebhook } from '../services/webhook/src/app.js'
import { buildApp as buildSla } from '../services/sla/src/app.js'
import { buildApp as buildBrand } from '../services/brand/src/app.js'
import { buildApp as buildSite } from '../services/site/src/app.js'

// The contract every service shares (the root README, Operations), checked on the real apps rather than on a demo.
const services: Array<[string, (options: KitOptions) => Promise<FastifyInstance>, string[]]> = [
  ['webhook', buildWebhook, ['POST /v1/webhooks/verify', 'GET /v1/webhooks/providers']],
  ['sla', buildSla, [
    'POST /v1/business-days/calculate', 'POST /v1/business-days/calculate/batch', 'GET /v1/business-days/calendars',
    'GET /v1/business-days/holidays'
  ]],
  ['brand', buildBrand, ['POST /v1/domain/profile', 'POST /v1/domain/profile/batch']],
  ['site', buildSite, ['POST /v1/site-intel/analyze', 'POST /v1/site-intel/robots/test']]
]

describe.each(services)('%s service', (name, build, businessRoutes) => {
  test('operational endpoints: /health, /ready, /docs, /admin/metrics', async () => {
    const app = await build({ config: testConfig({ adminKey: 'shell-admin' }) })
    try {
      const health = await app.inject({ method: 'GET', url: '/health' })
      expect(health.statusCode).toBe(200)
      expect(health.json()).toEqual({ status: 'ok', service: name, version: '0.1.0' })
      expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200)
      expect((await app.inject({ method: 'GET', url: '/docs/' })).statusCode).toBe(200)
      expect((await app.inject({ method: 'GET', url: '/admin/metrics' })).statusCode).toBe(401)
      const metrics = await app.inject({ method: 'GET', url: '/admin/metrics', headers: { 'x-admin-key': 'shell-admin' } })
      expect(metrics.statusCode).toBe(200)
      expect(metrics.json().service).toBe(name)
    } finally {
      await app.close()
    }
  })

  test('business endpoints answer 401 without a key, with WWW-Authenticate', async () => {
    const app = await build({ config: testConfig() })
    try {
      for (const route of businessRoutes) {
        const [method, url] = route.split(' ')
        const res = await app.inject({ method: method as 'GET' | 'POST', url, payload: method === 'POST' ? {} : undefined })
        expect(res.statusCode, route).toBe(401)
        expect(res.headers['www-authenticate']).toBe('APIKey, Bearer')
        expect(res.json()).toEqual({
          detail: 'Missing API key: send it in the X-API-Key header, or as Authorization: Bearer <key>', code: 'missing_api_key', request_id: expect.any(String)
        })
      }
    } finally {
      await app.close()
    }
  })

  test('/openapi.json is valid OpenAPI 3.1 and every business route requires X-API-Key', async () => {
    const app = await build({ config: testConfig() })
    try {
      const check = await checkOpenApi(app)
      expect(check.errors).toEqual([])
      expect(check.version).toBe('3.1')
      expect(check.document.info.version).toBe('0.1.0')
      const operations = Object.entries(check.document.paths as Record<string, object>)
        .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      expect(operations).toEqual(expect.arrayContaining(businessRoutes))
      expect(check.unsecured).toEqual(['GET /admin/metrics', 'GET /health', 'GET /metrics', 'GET /ready'])
      for (const route of businessRoutes) {
        const [method, path] = route.split(' ')
        const op = check.document.paths[path][method.toLowerCase()]
        expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '429']))
        // a 422 where the route validates what the caller sends
        expect(op.responses['422'] !== undefined, route).toBe(op.requestBody !== undefined || (op.parameters?.length ?? 0) > 0)
      }
    } finally {
      await app.close()
    }
  })
})
