import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDate } from '../../src/routes/work-rules.request.js'
import { calculate, testApp } from '../helpers/app.js'

// Every 422 of the working-time fields and the new operations, with its exact loc
const base = { operation: 'sla_due_at', calendar: 'us-federal', timezone: 'America/New_York', start_at: '2026-01-06T09:00:00', minutes: 60 }

let app: FastifyInstance
beforeAll(async () => { app = await testApp() })
afterAll(async () => { await app.close() })

async function issues (fields: Record<string, unknown>, body: Record<string, unknown> = base): Promise<Array<{ type: string, loc: unknown[], msg: string, input?: unknown }>> {
  const res = await calculate(app, { ...body, ...fields })
  expect(res.statusCode, res.body).toBe(422)
  return res.json().detail
}
const located = async (fields: Record<string, unknown>, body?: Record<string, unknown>) =>
  (await issues(fields, body)).map((issue) => [issue.type, issue.loc])

describe('schedule', () => {
  it.each(['monday', 'Mon', 'MON', 'weekdays'])('refuses the unknown key %j rather than closing a day', async (key) => {
    expect(await issues({ schedule: { [key]: [['09:00', '17:00']], tue: [['09:00', '17:00']] } })).toEqual([{
      type: 'extra_forbidden', loc: ['body', 'schedule', key], msg: 'Extra inputs are not permitted', input: [['09:00', '17:00']]
    }])
  })

  it('says which interval is wrong and why', async () => {
    const error = (fields: Record<string, unknown>) => issues({ schedule: { mon: [['08:00', '09:00']], ...fields } })
    expect(await error({ tue: [['09:00', '12:00'], ['11:00', '13:00']] })).toEqual([expect.objectContaining({
      type: 'value_error',
      loc: ['body', 'schedule', 'tue', 1],
      input: ['11:00', '13:00'],
      msg: 'Value error, intervals must be sorted and not overlap: this one starts before the one before it ends'
    })])
    expect(await error({ wed: [['12:00', '09:00']] })).toEqual([expect.objectContaining({
      loc: ['body', 'schedule', 'wed', 0], msg: 'Value error, the end 09:00 must be after the start 12:00'
    })])
    expect(await error({ thu: [['10:00', '10:00']] })).toEqual([expect.objectContaining({ loc: ['body', 'schedule', 'thu', 0] })])
    expect(await error({ fri: [['24:00', '24:00']] })).toEqual([expect.objectContaining({
      loc: ['body', 'schedule', 'fri', 0], msg: 'Value error, 24:00 can only end an interval; start the next day at 00:00'
    })])
    expect(await located({ schedule: { mon: [['09:00', '25:00'], ['9:00', '10:00']] } })).toEqual([
      ['string_pattern_mismatch', ['body', 'schedule', 'mon', 0, 1]],
      ['string_pattern_mismatch', ['body', 'schedule', 'mon', 1, 0]]
    ])
    expect(await located({ schedule: { mon: [['09:00', '10:00', '11:00']] } })).toEqual([['too_long', ['body', 'schedule', 'mon', 0]]])
    expect(await located({ schedule: { mon: [['09:00']] } })).toEqual([['too_short', ['body', 'schedule', 'mon', 0]]])
    const nine = Array.from({ length: 9 }, (_, i) => [`${String(i + 10)}:00`, `${String(i + 10)}:30`])
    expect(await located({ schedule: { mon: nine } })).toEqual([['too_long', ['body', 'schedule', 'mon']]])
    expect(await located({ schedule: { mon: '09:00-17:00' } })).toEqual([['list_type', ['body', 'schedule', 'mon']]])
    expect(await located({ schedule: [['09:00', '17:00']] })).toEqual([['model_type', ['body', 'schedule']]])
  })

  it('refuses a schedule with no working time at all', async () => {
    for (const schedule of [{}, { mon: [], sun: [] }]) {
      expect(await issues({ schedule })).toEqual([expect.objectContaining({
        type: 'value_error', loc: ['body', 'schedule'], msg: 'Value error, the schedule has no working time: give at least one weekday an interval'
      })])
    }
  })

  it('accepts touching intervals, 24:00 ends and night shifts', async () => {
    const schedule = { mon: [['00:00', '06:00'], ['09:00', '12:00'], ['12:00', '17:00'], ['22:00', '24:00']] }
    expect((await calculate(app, { ...base, schedule })).statusCode).toBe(200)
  })
})

describe('holidays, overrides and holiday_types', () => {
  it('checks each date', async () => {
    expect(await issues({ holidays: ['2026-12-24', '2026-02-30'] })).toEqual([expect.objectContaining({
      type: 'value_error', loc: ['body', 'holidays', 1], msg: 'Value error, 2026-02-30 is not a real date', input: '2026-02-30'
    })])
    expect(await located({ holidays: ['2026-1-1'] })).toEqual([['string_pattern_mismatch', ['body', 'holidays', 0]]])
    expect(await located({ holidays: ['2200-01-01'] })).toEqual([['value_error', ['body', 'holidays', 0]]])
    expect(await located({ holidays: Array.from({ length: 1001 }, () => '2026-12-24') })).toEqual([['too_long', ['body', 'holidays']]])
  })

  it('reads a date as the day Date.UTC gives it, and refuses a day its month does not have', () => {
    const digits = (value: number, width: number) => String(value).padStart(width, '0')
    fc.assert(fc.property(fc.integer({ min: 1900, max: 2300 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (year, month, day) => {
      const utc = new Date(Date.UTC(year, month - 1, day))
      const real = utc.getUTCFullYear() === year && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === day
      expect(parseDate(`${digits(year, 4)}-${digits(month, 2)}-${digits(day, 2)}`)).toBe(real ? utc.getTime() / 86_400_000 : null)
    }), { numRuns: 2000 })
    expect(['2000-02-29', '2100-02-29', '2028-02-29', '2026-04-31'].map(parseDate).map((day) => day !== null)).toEqual([true, false, true, false])
  })

  it('checks each override, and refuses a date given twice', async () => {
    const overrides = [
      { date: '2026-12-24', hours: [['09:00', '13:00']] },
      { date: '2026-12-31', hours: [] },
      { date: '2026-12-26', hours: [['10:00', '12:00']] },
      { date: '2026-12-24', hours: [] }
    ]
    expect(await issues({ overrides })).toEqual([expect.objectContaining({
      type: 'value_error', loc: ['body', 'overrides', 3, 'date'], msg: 'Value error, 2026-12-24 is already overridden by overrides[0]'
    })])
    expect(await located({ overrides: [{ date: '2026-12-24', hours: [['13:00', '09:00']] }] }))
      .toEqual([['value_error', ['body', 'overrides', 0, 'hours', 0]]])
    expect(await located({ overrides: [{ date: '2026-12-24' }, { hours: [] }] })).toEqual([
      ['missing', ['body', 'overrides', 0, 'hours']],
      ['missing', ['body', 'overrides', 1, 'date']]
    ])
    expect(await located({ overrides: Array.from({ length: 1001 }, (_, i) => ({ date: '2026-01-01', hours: [[`0${i % 9}:00`, '10:00']] })) }))
      .toEqual([['too_long', ['body', 'overrides']]])
  })

  it('knows the holiday types', async () => {
    expect(await located({ holiday_types: ['public', 'federal'] })).toEqual([['literal_error', ['body', 'holiday_types', 1]]])
    expect(await located({ holiday_types: [] })).toEqual([['too_short', ['body', 'holiday_types']]])
  })

  it('reports problems in several fields in field order', async () => {
    expect(await located({ calendar: 'XX', minutes: 1.5, schedule: { monday: [] }, holidays: ['2026-02-30'] })).toEqual([
      ['value_error', ['body', 'calendar']],
      ['int_from_float', ['body', 'minutes']],
      ['extra_forbidden', ['body', 'schedule', 'monday']],
      ['value_error', ['body', 'holidays', 0]]
    ])
  })
})

describe('the new operations', () => {
  const days = { operation: 'add_business_days', calendar: 'weekdays', timezone: 'Europe/Berlin', date: '2026-01-05', days: 1 }
  const between = { operation: 'business_days_between', calendar: 'weekdays', timezone: 'Europe/Berlin', start_date: '2026-01-05', end_date: '2026-02-05' }
  const status = { operation: 'sla_status', calendar: 'weekdays', timezone: 'Europe/Berlin', start_at: '2026-01-05T09:00:00', at: '2026-01-06T09:00:00', minutes: 60 }

  it('add_business_days: a real date from 1971 to 2100, and up to 100,000 days either way', async () => {
    expect(await located({ days: 100_001 }, days)).toEqual([['less_than_equal', ['body', 'days']]])
    expect(await located({ days: -100_001 }, days)).toEqual([['greater_than_equal', ['body', 'days']]])
    expect(await located({ date: '2026-02-29' }, days)).toEqual([['value_error', ['body', 'date']]])
    expect(await located({ date: '2101-01-01' }, days)).toEqual([['value_error', ['body', 'date']]])
    expect(await located({ date: undefined, days: undefined }, days)).toEqual([['missing', ['body', 'date']], ['missing', ['body', 'days']]])
  })

  it('business_days_between: two real dates', async () => {
    expect(await located({ start_date: '2026-13-01', end_date: '20260205' }, between)).toEqual([
      ['value_error', ['body', 'start_date']], ['string_pattern_mismatch', ['body', 'end_date']]
    ])
  })

  it('sla_status: pauses with a start and an end after it (or null)', async () => {
    expect(await issues({ pauses: [{ start_at: '2026-01-05T10:00:00', end_at: '2026-01-05T09:00:00' }] }, status)).toEqual([expect.objectContaining({
      type: 'value_error', loc: ['body', 'pauses', 0, 'end_at'], msg: 'Value error, must be later than start_at 2026-01-05T10:00:00'
    })])
    expect(await located({ pauses: [{ start_at: '2026-01-05T10:00:00Z', end_at: null }, { start_at: '2026-01-05T10:00:00' }] }, status)).toEqual([
      ['value_error', ['body', 'pauses', 0, 'start_at']], ['missing', ['body', 'pauses', 1, 'end_at']]
    ])
    expect(await located({ minutes: -1 }, status)).toEqual([['greater_than_equal', ['body', 'minutes']]])
    expect(await located({ at: '2026-02-30T09:00:00' }, status)).toEqual([['value_error', ['body', 'at']]])
    expect(await located({ pauses: Array.from({ length: 1001 }, () => ({ start_at: '2026-01-05T10:00:00', end_at: null })) }, status))
      .toEqual([['too_long', ['body', 'pauses']]])
  })

  it('sla_status: a pause that starts in a skipped hour and ends before it reads is refused, not counted twice', async () => {
    // 02:59 does not exist on 2026-03-08 in New York (02:00 jumps to 03:00): it reads as 03:59, after the end 03:00
    const springForward = {
      ...status, timezone: 'America/New_York', start_at: '2026-03-08T00:00:00', at: '2026-03-08T05:50:00', minutes: 300, schedule: { sun: [['00:00', '24:00']] }
    }
    expect(await issues({ pauses: [{ start_at: '2026-03-08T02:59:00', end_at: '2026-03-08T03:00:00' }] }, springForward)).toEqual([expect.objectContaining({
      type: 'value_error',
      loc: ['body', 'pauses', 0, 'end_at'],
      msg: 'Value error, must be later than start_at 2026-03-08T02:59:00, which the clocks skip in America/New_York: it reads as 2026-03-08T03:59:00-04:00'
    })])
    // one that ends after that reading is a pause as any other
    const after = await calculate(app, { ...springForward, pauses: [{ start_at: '2026-03-08T02:30:00', end_at: '2026-03-08T04:00:00' }] })
    expect(after.json()).toMatchObject({ due_at: '2026-03-08T06:30:00-04:00', remaining_seconds: 2400, breached: false })
  })
})
