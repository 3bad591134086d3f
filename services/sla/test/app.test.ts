import { checkOpenApi } from '@utility-apis/service-kit/testing'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calculate, KEY, testApp } from './helpers/app.js'

let app: FastifyInstance
beforeAll(async () => { app = await testApp() })
afterAll(async () => { await app.close() })

describe('the SLA service', () => {
  it('serves a valid OpenAPI 3.1 document with every business route behind the API key', async () => {
    const check = await checkOpenApi(app)
    expect(check.errors).toEqual([])
    expect(check.paths).toEqual(expect.arrayContaining([
      '/v1/business-days/calculate', '/v1/business-days/calculate/batch', '/v1/business-days/calendars', '/v1/business-days/holidays'
    ]))
    expect(check.unsecured.filter((route) => route.includes('/v1/'))).toEqual([])
    expect(check.document.info).toMatchObject({ title: 'Business-hours SLA API', version: '0.1.0' })
  })

  it('documents each operation with a request and a response example, and the error responses', async () => {
    const { document } = await checkOpenApi(app)
    const post = document.paths['/v1/business-days/calculate'].post
    const requests = post.requestBody.content['application/json']
    const responses = post.responses['200'].content['application/json']
    const operations = (examples: Record<string, { value: { operation: string } }>) =>
      [...new Set(Object.values(examples).map((example) => example.value.operation))].sort()
    const all = ['add_business_days', 'business_days_between', 'business_minutes_between', 'is_business_time', 'next_business_time',
      'sla_due_at', 'sla_status']
    expect(operations(requests.examples)).toEqual(all)
    expect(operations(responses.examples)).toEqual(all)
    const model = (ref: string) => document.components.schemas[ref.replace('#/components/schemas/', '')]
    expect(model(requests.schema.$ref).oneOf.map((member: { $ref: string }) => model(member.$ref).title)).toEqual([
      'SlaDueAtRequest', 'BusinessMinutesBetweenRequest', 'IsBusinessTimeRequest', 'NextBusinessTimeRequest',
      'AddBusinessDaysRequest', 'BusinessDaysBetweenRequest', 'SlaStatusRequest'
    ])
    // Each working-time field is shown in a request example
    const fields = new Set(Object.values(requests.examples as Record<string, { value: object }>).flatMap((example) => Object.keys(example.value)))
    expect([...fields]).toEqual(expect.arrayContaining(['schedule', 'holidays', 'overrides', 'pauses']))
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '401', '413', '415', '422', '429']))
  })

  it('answers /health without a key', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'ok', service: 'sla', version: '0.1.0' })
  })

  it('counts calculations by operation in /admin/metrics, with no caller data in the labels', async () => {
    const admin = await testApp({ adminKey: 'admin-secret' })
    try {
      await calculate(admin, { operation: 'is_business_time', calendar: 'us-federal', timezone: 'Asia/Tokyo', at: '2026-01-19T10:00:00' })
      await admin.inject({ method: 'GET', url: '/v1/business-days/holidays?calendar=weekdays&year=2026', headers: KEY })
      const metrics = (await admin.inject({ method: 'GET', url: '/admin/metrics', headers: { 'x-admin-key': 'admin-secret' } })).json()
      // every operation and calendar kind is listed from the start, at 0 until its first call
      expect(Object.entries(metrics.operations).filter(([, n]) => n !== 0)).toEqual([['is_business_time', 1]])
      expect(Object.keys(metrics.operations)).toContain('sla_due_at')
      expect(metrics.holiday_lists).toEqual({ 'date-holidays': 0, 'us-federal': 0, 'us-federal-dc': 0, weekdays: 1 })
      expect(JSON.stringify(metrics)).not.toContain('Asia/Tokyo')
    } finally {
      await admin.close()
    }
  })
})
