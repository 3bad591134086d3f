import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  batchRequestExamples, batchResponseExamples, calculateRequestExamples, calculateResponseExamples
} from '../../src/routes/calculate.examples.js'
import { calculate, KEY, testApp } from '../helpers/app.js'

let app: FastifyInstance
beforeAll(async () => { app = await testApp() })
afterAll(async () => { await app.close() })

const batch = async (payload: unknown, target = app, headers: Record<string, string> = KEY) =>
  await target.inject({ method: 'POST', url: '/v1/business-days/calculate/batch', headers, payload: payload as object })

describe('POST /v1/business-days/calculate/batch', () => {
  it('warns on the item whose working time runs past its calendar\'s data, and on no other', async () => {
    const sg = { operation: 'is_business_time', calendar: 'SG', timezone: 'Asia/Singapore' }
    const res = await batch({ calculations: [{ ...sg, at: '2031-11-14T10:00:00' }, { ...sg, at: '2030-11-14T10:00:00' }] })
    expect(res.statusCode).toBe(200)
    const [past, complete] = res.json().results
    expect(past.result.warnings).toEqual([{ code: 'calendar_incomplete', calendar: 'SG', year: 2031, missing: ['Deepavali'] }])
    expect(Object.keys(complete.result)).not.toContain('warnings')
  })

  it('answers the OpenAPI example with its documented response', async () => {
    const res = await batch(batchRequestExamples.mixed.value)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(batchResponseExamples.mixed.value)
  })

  it('counts each calculation under its operation, and the items that succeeded and failed', async () => {
    const names = Object.keys(calculateRequestExamples) as Array<keyof typeof calculateRequestExamples>
    const bodies = names.map((name) => calculateRequestExamples[name].value as { operation: string })
    const counted = await testApp()
    try {
      await batch({ calculations: [...bodies, { operation: 'nope' }] }, counted)
      const expected: Record<string, number> = {}
      for (const body of bodies) expected[body.operation] = (expected[body.operation] ?? 0) + 1
      expect(await counted.metrics.snapshot()).toMatchObject({ operations: expected, batch_items: { succeeded: bodies.length, failed: 1 } })
    } finally {
      await counted.close()
    }
  })

  it('answers every calculate example in input order, as /calculate answers each', async () => {
    const names = Object.keys(calculateRequestExamples) as Array<keyof typeof calculateRequestExamples>
    const res = await batch({ calculations: names.map((name) => calculateRequestExamples[name].value) })
    expect(res.json()).toEqual({
      results: names.map((name) => ({ ok: true, result: calculateResponseExamples[name].value })),
      succeeded: names.length,
      failed: 0
    })
    for (const name of names.slice(0, 3)) {
      expect((await calculate(app, calculateRequestExamples[name].value)).json()).toEqual(calculateResponseExamples[name].value)
    }
  })

  it('fails an invalid calculation alone, its errors located in the batch', async () => {
    const good = calculateRequestExamples.sla_due_at.value
    const res = await batch({ calculations: [good, 'not an object', { ...good, minutes: 'sixty', schedule: { monday: [] } }, { ...good, minutes: 10_000_000, start_at: '2100-12-31T09:00:00', schedule: { mon: [['09:00', '10:00']] } }] })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.succeeded).toBe(1)
    expect(body.failed).toBe(3)
    expect(body.results[0]).toEqual({ ok: true, result: calculateResponseExamples.sla_due_at.value })
    expect(body.results[1]).toEqual({ ok: false, error: { status: 422, detail: [expect.objectContaining({ type: 'model_attributes_type', loc: ['body', 'calculations', 1] })], code: 'validation_failed' } })
    expect(body.results[2].error.detail.map((issue: { type: string, loc: unknown[] }) => [issue.type, issue.loc])).toEqual([
      ['int_parsing', ['body', 'calculations', 2, 'minutes']],
      ['extra_forbidden', ['body', 'calculations', 2, 'schedule', 'monday']]
    ])
    expect(body.results[3].error.detail).toEqual([expect.objectContaining({ type: 'value_error', loc: ['body', 'calculations', 3, 'minutes'] })])
  })

  it('is one 422 for a body that is not a list of 1 to 1,000 calculations, free, even with less quota left than items', async () => {
    const roomy = await testApp({ keys: 'big-key:970' })
    const detail = async (payload: unknown) => {
      const res = await batch(payload, roomy, { 'x-api-key': 'big-key' })
      expect(res.statusCode).toBe(422)
      return res.json().detail.map((issue: { type: string, loc: unknown[] }) => [issue.type, issue.loc])
    }
    const one = calculateRequestExamples.sla_due_at.value
    expect(await detail({ calculations: Array.from({ length: 1001 }, () => one) })).toEqual([['too_long', ['body', 'calculations']]])
    expect(await detail({ calculations: [] })).toEqual([['too_short', ['body', 'calculations']]])
    expect(await detail({ calculations: one })).toEqual([['list_type', ['body', 'calculations']]])
    expect(await detail({ items: [one] })).toEqual([['missing', ['body', 'calculations']], ['extra_forbidden', ['body', 'items']]])
    expect(await detail([one])).toEqual([['model_attributes_type', ['body']]])
    const after = await batch({ calculations: [one] }, roomy, { 'x-api-key': 'big-key' })
    expect(after.headers['x-ratelimit-remaining']).toBe('969')
    await roomy.close()
  })

  it('charges one unit per calculation that succeeds; a batch that needs more than remains is refused whole', async () => {
    const limited = await testApp({ keys: 'small-key:5' })
    try {
      const headers = { 'x-api-key': 'small-key' }
      const one = calculateRequestExamples.sla_due_at.value
      const first = await batch({ calculations: [one, { ...one, minutes: 1.5 }, one] }, limited, headers)
      expect([first.statusCode, first.json().succeeded, first.json().failed]).toEqual([200, 2, 1])
      expect(first.headers['x-ratelimit-remaining']).toBe('3')
      const tooMany = await batch({ calculations: [one, one, one, one] }, limited, headers)
      expect(tooMany.statusCode).toBe(429)
      expect(tooMany.json()).toMatchObject({ detail: 'Monthly quota exceeded: this call needs 4 units, 3 remain this month' })
      expect((await calculate(limited, one, headers)).headers['x-ratelimit-remaining']).toBe('2')
      const failing = await batch({ calculations: [{ ...one, minutes: 1.5 }] }, limited, headers)
      expect([failing.statusCode, failing.headers['x-ratelimit-remaining']]).toEqual([200, '2'])
    } finally {
      await limited.close()
    }
  })

  it('needs an API key', async () => {
    expect((await batch({ calculations: [] }, app, {})).statusCode).toBe(401)
  })
})
