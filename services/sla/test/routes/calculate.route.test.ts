import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calculateRequestExamples, calculateResponseExamples } from '../../src/routes/calculate.examples.js'
import { calculate, KEY, testApp } from '../helpers/app.js'

const NY = 'America/New_York'
const dueRequest = (fields: Record<string, unknown> = {}) => ({
  operation: 'sla_due_at', calendar: 'us-federal', timezone: NY, start_at: '2026-01-06T09:00:00', minutes: 60, ...fields
})

let app: FastifyInstance
beforeAll(async () => { app = await testApp() })
afterAll(async () => { await app.close() })

async function detail (payload: unknown): Promise<Array<{ type: string, loc: unknown[], msg: string, input?: unknown }>> {
  const res = await calculate(app, payload)
  expect(res.statusCode).toBe(422)
  return res.json().detail
}

describe('POST /v1/business-days/calculate', () => {
  it.each(Object.keys(calculateRequestExamples) as Array<keyof typeof calculateRequestExamples>)(
    'answers the OpenAPI example %s with its documented response', async (name) => {
      const res = await calculate(app, calculateRequestExamples[name].value)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual(calculateResponseExamples[name].value)
    })

  it('answers sla_due_at with exactly the SPEC fields', async () => {
    const res = await calculate(app, dueRequest({ start_at: '2026-11-25T16:30:00', minutes: 90 }))
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.json()).toStrictEqual({
      operation: 'sla_due_at',
      calendar: 'us-federal',
      timezone: NY,
      start_at: '2026-11-25T16:30:00-05:00',
      minutes: 90,
      due_at: '2026-11-27T10:00:00-05:00',
      business_minutes_added: 90
    })
  })

  it('accepts the bounds of minutes, and zero returns start_at even outside hours', async () => {
    const zero = await calculate(app, dueRequest({ start_at: '2026-01-10T03:00:00', minutes: 0 }))
    expect(zero.json()).toMatchObject({ start_at: '2026-01-10T03:00:00-05:00', due_at: '2026-01-10T03:00:00-05:00', business_minutes_added: 0 })
    const most = await calculate(app, dueRequest({ start_at: '2100-12-31T23:59:59', minutes: 10_000_000 }))
    expect(most.statusCode).toBe(200)
    expect(most.json().business_minutes_added).toBe(10_000_000)
  })

  it('resolves a skipped start forward and a repeated one to the earlier offset', async () => {
    const gap = await calculate(app, dueRequest({ start_at: '2026-03-08T02:30:00', minutes: 0 }))
    expect(gap.json().start_at).toBe('2026-03-08T03:30:00-04:00')
    const fold = await calculate(app, dueRequest({ start_at: '2026-11-01T01:30:00', minutes: 0 }))
    expect(fold.json().start_at).toBe('2026-11-01T01:30:00-04:00')
  })

  it('answers business_minutes_between, negative when end_at is earlier', async () => {
    const res = await calculate(app, {
      operation: 'business_minutes_between', calendar: 'us-federal', timezone: NY, start_at: '2026-01-06T10:00:30', end_at: '2026-01-06T09:00:00'
    })
    expect(res.json()).toStrictEqual({
      operation: 'business_minutes_between',
      calendar: 'us-federal',
      timezone: NY,
      start_at: '2026-01-06T10:00:30-05:00',
      end_at: '2026-01-06T09:00:00-05:00',
      business_minutes: -60,
      business_seconds: -3630
    })
  })

  it('answers is_business_time and next_business_time with their own fields', async () => {
    const open = await calculate(app, { operation: 'is_business_time', calendar: 'us-federal-dc', timezone: NY, at: '2021-01-20T12:00:00' })
    expect(open.json()).toStrictEqual({
      operation: 'is_business_time',
      calendar: 'us-federal-dc',
      timezone: NY,
      at: '2021-01-20T12:00:00-05:00',
      is_business_time: false,
      state: 'holiday',
      holiday: 'Inauguration Day'
    })
    const next = await calculate(app, { operation: 'next_business_time', calendar: 'us-federal', timezone: NY, at: '2026-01-06T12:00:00' })
    expect(next.json()).toStrictEqual({
      operation: 'next_business_time',
      calendar: 'us-federal',
      timezone: NY,
      at: '2026-01-06T12:00:00-05:00',
      next_business_time: '2026-01-06T12:00:00-05:00',
      window_closes_at: '2026-01-06T17:00:00-05:00'
    })
  })

  it('answers 401 without a valid key', async () => {
    const missing = await calculate(app, dueRequest(), {})
    expect(missing.statusCode).toBe(401)
    expect(missing.json()).toEqual({ detail: 'Missing API key: send it in the X-API-Key header, or as Authorization: Bearer <key>', code: 'missing_api_key', request_id: expect.any(String) })
    expect((await calculate(app, dueRequest(), { 'x-api-key': 'nope' })).json()).toEqual({ detail: 'Invalid API key', code: 'invalid_api_key', request_id: expect.any(String) })
  })
})

describe('validation (422, FastAPI shape)', () => {
  it.each(['2026-01-06T09:00', '2026-01-06'])('rejects start_at %j (another shape) with the pattern', async (startAt) => {
    expect(await detail(dueRequest({ start_at: startAt }))).toEqual([{
      type: 'string_pattern_mismatch',
      loc: ['body', 'start_at'],
      msg: "String should match pattern '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$'",
      input: startAt,
      ctx: { pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$' }
    }])
  })

  it.each([
    ['2026-01-06T09:00:00Z', 'send local wall time without a Z, such as 2026-01-06T09:00:00; the zone comes from `timezone`'],
    ['2026-01-06T09:00:00+00:00', 'send local wall time without an offset, such as 2026-01-06T09:00:00; the zone comes from `timezone`'],
    ['2026-01-06T09:00:00-05:00', 'send local wall time without an offset, such as 2026-01-06T09:00:00; the zone comes from `timezone`'],
    ['2026-01-06T09:00:00.250', 'send local wall time in whole seconds, such as 2026-01-06T09:00:00; the zone comes from `timezone`'],
    ['2026-01-06T09:00:00.000Z', 'send local wall time in whole seconds without a Z, such as 2026-01-06T09:00:00; the zone comes from `timezone`']
  ])('rejects start_at %j (an offset, a Z or a fraction) saying what to send instead', async (startAt, error) => {
    expect(await detail(dueRequest({ start_at: startAt }))).toEqual([{
      type: 'value_error', loc: ['body', 'start_at'], msg: `Value error, ${error}`, input: startAt, ctx: { error }
    }])
    const between = await detail({ operation: 'business_minutes_between', calendar: 'us-federal', timezone: NY, start_at: '2026-01-06T09:00:00', end_at: startAt })
    expect(between).toEqual([expect.objectContaining({ type: 'value_error', loc: ['body', 'end_at'], msg: `Value error, ${error}` })])
  })

  it.each(['2026-02-30T09:00:00', '2026-02-29T09:00:00', '2026-01-06T25:00:00', '2026-13-01T09:00:00', '2026-01-06T09:61:00'])(
    'rejects the impossible date-time %s', async (startAt) => {
      expect(await detail(dueRequest({ start_at: startAt }))).toEqual([{
        type: 'value_error',
        loc: ['body', 'start_at'],
        msg: `Value error, ${startAt} is not a real date and time`,
        input: startAt,
        ctx: { error: `${startAt} is not a real date and time` }
      }])
    })

  it.each(['1970-12-31T23:59:59', '2101-01-01T00:00:00'])('rejects %s, outside 1971-2100', async (startAt) => {
    const [issue] = await detail(dueRequest({ start_at: startAt }))
    expect(issue).toMatchObject({ type: 'value_error', loc: ['body', 'start_at'], msg: 'Value error, must be between 1971-01-01T00:00:00 and 2100-12-31T23:59:59' })
  })

  it.each(['Mars/Olympus_Mons', 'America/Gotham', '+05:00', 'EST+5'])('rejects the unknown zone %j', async (zone) => {
    const [issue] = await detail(dueRequest({ timezone: zone }))
    expect(issue).toMatchObject({ type: 'value_error', loc: ['body', 'timezone'], input: zone })
    expect(issue.msg).toBe(`Value error, unknown time zone '${zone}'; use an IANA name such as America/New_York`)
  })

  it('rejects an unknown calendar saying where the list is, and an unknown operation with a literal error', async () => {
    const error = "unknown calendar 'uk-bank'; GET /v1/business-days/calendars lists them: us-federal, us-federal-dc, " +
      'weekdays, or a country code with its subdivision such as GB, DE-BY or US-CA'
    expect(await detail(dueRequest({ calendar: 'uk-bank' }))).toEqual([{
      type: 'value_error', loc: ['body', 'calendar'], msg: `Value error, ${error}`, input: 'uk-bank', ctx: { error }
    }])
    const expected = "'sla_due_at', 'business_minutes_between', 'is_business_time', 'next_business_time', " +
      "'add_business_days', 'business_days_between' or 'sla_status'"
    expect(await detail(dueRequest({ operation: 'sla_start_for' }))).toEqual([{
      type: 'literal_error',
      loc: ['body', 'operation'],
      msg: `Input should be ${expected}`,
      input: 'sla_start_for',
      ctx: { expected }
    }])
  })

  it.each([
    [-10_000_001, 'greater_than_equal', 'Input should be greater than or equal to -10000000'],
    [10_000_001, 'less_than_equal', 'Input should be less than or equal to 10000000'],
    [1.5, 'int_from_float', 'Input should be a valid integer, got a number with a fractional part'],
    ['60', 'int_type', 'Input should be a valid integer'],
    ['sixty', 'int_parsing', 'Input should be a valid integer, unable to parse string as an integer'],
    [null, 'int_type', 'Input should be a valid integer'],
    [true, 'int_type', 'Input should be a valid integer']
  ])('rejects minutes %j (%s)', async (minutes, type, msg) => {
    expect(await detail(dueRequest({ minutes }))).toEqual([expect.objectContaining({ type, loc: ['body', 'minutes'], msg, input: minutes })])
  })

  it('reports every problem at once, in field order', async () => {
    const issues = await detail({ operation: 'sla_due_at', calendar: 'x', timezone: 'Nowhere/Land', start_at: '2026-02-30T09:00:00' })
    expect(issues.map((issue) => [issue.type, issue.loc])).toEqual([
      ['value_error', ['body', 'calendar']],
      ['value_error', ['body', 'timezone']],
      ['value_error', ['body', 'start_at']],
      ['missing', ['body', 'minutes']]
    ])
  })

  it('requires the fields of the operation named', async () => {
    const between = await detail({ operation: 'business_minutes_between', calendar: 'us-federal', timezone: NY, start_at: '2026-01-06T09:00:00', minutes: 5 })
    // `minutes` belongs to other operations: here it is an unknown field, reported after the missing one
    expect(between).toEqual([
      { type: 'missing', loc: ['body', 'end_at'], msg: 'Field required' },
      { type: 'extra_forbidden', loc: ['body', 'minutes'], msg: 'Extra inputs are not permitted', input: 5 }
    ])
    const check = await detail({ operation: 'is_business_time', calendar: 'us-federal', timezone: NY, start_at: '2026-01-06T09:00:00' })
    expect(check).toEqual([
      { type: 'missing', loc: ['body', 'at'], msg: 'Field required' },
      { type: 'extra_forbidden', loc: ['body', 'start_at'], msg: 'Extra inputs are not permitted', input: '2026-01-06T09:00:00' }
    ])
    const none = await detail({ calendar: 'us-federal' })
    expect(none).toEqual([
      { type: 'missing', loc: ['body', 'operation'], msg: 'Field required' },
      { type: 'missing', loc: ['body', 'timezone'], msg: 'Field required' }
    ])
  })

  it('rejects a body that is not an object, empty, or not JSON', async () => {
    expect(await detail([dueRequest()])).toEqual([expect.objectContaining({ type: 'model_attributes_type', loc: ['body'] })])
    const empty = await app.inject({ method: 'POST', url: '/v1/business-days/calculate', headers: { ...KEY, 'content-type': 'application/json' } })
    expect(empty.json()).toEqual({ detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }], code: 'validation_failed', request_id: expect.any(String) })
    const broken = await app.inject({ method: 'POST', url: '/v1/business-days/calculate', headers: { ...KEY, 'content-type': 'application/json' }, payload: '{"minutes":' })
    expect(broken.statusCode).toBe(422)
    expect(broken.json().detail[0]).toMatchObject({ type: 'json_invalid', msg: 'JSON decode error' })
    const text = await app.inject({ method: 'POST', url: '/v1/business-days/calculate', headers: { ...KEY, 'content-type': 'text/plain' }, payload: 'hello' })
    expect(text.statusCode).toBe(415)
  })

  it('charges only a calculation answered 2xx: 422s are free, and a 422 stays a 422 with the quota spent', async () => {
    const limited = await testApp({ keys: 'small-key:2' })
    try {
      const headers = { 'x-api-key': 'small-key' }
      for (let i = 0; i < 3; i++) expect((await calculate(limited, dueRequest({ minutes: 1.5 }), headers)).statusCode).toBe(422)
      expect((await calculate(limited, dueRequest(), headers)).headers['x-ratelimit-remaining']).toBe('1')
      expect((await calculate(limited, dueRequest(), headers)).headers['x-ratelimit-remaining']).toBe('0')
      expect((await calculate(limited, dueRequest({ minutes: 1.5 }), headers)).statusCode).toBe(422)
      expect((await calculate(limited, dueRequest(), headers)).statusCode).toBe(429)
    } finally {
      await limited.close()
    }
  })
})
