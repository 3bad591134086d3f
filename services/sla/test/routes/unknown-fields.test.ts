import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calculate, KEY, testApp } from '../helpers/app.js'

const due = { operation: 'sla_due_at', calendar: 'us-federal', timezone: 'America/New_York', start_at: '2026-01-06T09:00:00', minutes: 60 }
const extra = (loc: Array<string | number>, input: unknown) => ({ type: 'extra_forbidden', loc, msg: 'Extra inputs are not permitted', input })

let app: FastifyInstance
beforeAll(async () => { app = await testApp() })
afterAll(async () => { await app.close() })

describe('the SLA service refuses unknown fields', () => {
  it('answers "minuts": 5 beside "minutes" with 422 extra_forbidden instead of ignoring it', async () => {
    const res = await calculate(app, { ...due, minuts: 5 })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ detail: [extra(['body', 'minuts'], 5)] })
  })

  it('refuses them at any depth: schedule, overrides and pauses', async () => {
    const res = await calculate(app, {
      ...due,
      operation: 'sla_status',
      at: '2026-01-07T09:00:00',
      schedule: { mon: [['09:00', '17:00']], monday: [] },
      overrides: [{ date: '2026-01-08', hours: [], hour: [] }],
      pauses: [{ start_at: '2026-01-06T10:00:00', end_at: null, reason: 'customer' }]
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().detail).toEqual(expect.arrayContaining([
      extra(['body', 'schedule', 'monday'], []),
      extra(['body', 'overrides', 0, 'hour'], []),
      extra(['body', 'pauses', 0, 'reason'], 'customer')
    ]))
  })

  it('refuses them in a batch envelope, and in a batch item as that item\'s 422', async () => {
    const post = async (payload: object) => await app.inject({ method: 'POST', url: '/v1/business-days/calculate/batch', headers: KEY, payload })
    const envelope = await post({ calculations: [due], calculation: [] })
    expect(envelope.statusCode).toBe(422)
    expect(envelope.json().detail).toEqual([extra(['body', 'calculation'], [])])

    const items = await post({ calculations: [due, { ...due, minuts: 5 }] })
    expect(items.statusCode).toBe(200)
    expect(items.json().results[1]).toEqual({ ok: false, error: { status: 422, detail: [extra(['body', 'calculations', 1, 'minuts'], 5)], code: 'validation_failed' } })
  })
})
