import type { FastifyInstance } from 'fastify'
import { DateTime } from 'luxon'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calculate, testApp } from '../helpers/app.js'

// The operations with the working-time fields, answers worked out by hand (or by luxon's calendar, where said)
const NY = 'America/New_York'
const BERLIN = 'Europe/Berlin'
type Pairs = string[][]
const weekdaysOnly = (pairs: Pairs) => ({ mon: pairs, tue: pairs, wed: pairs, thu: pairs, fri: pairs })
const everyDay = (pairs: Pairs) => ({ ...weekdaysOnly(pairs), sat: pairs, sun: pairs })
const SPLIT = weekdaysOnly([['08:00', '12:00'], ['13:00', '17:00']])
const NIGHTS = everyDay([['00:00', '06:00'], ['22:00', '24:00']])
const ALWAYS = everyDay([['00:00', '24:00']])

let app: FastifyInstance
beforeAll(async () => { app = await testApp() })
afterAll(async () => { await app.close() })

async function ok (payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await calculate(app, { calendar: 'us-federal', timezone: NY, ...payload })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const due = async (fields: Record<string, unknown>) => (await ok({ operation: 'sla_due_at', ...fields })).due_at
const minutesBetween = async (fields: Record<string, unknown>) => (await ok({ operation: 'business_minutes_between', ...fields })).business_minutes
const status = async (fields: Record<string, unknown>) => await ok({ operation: 'is_business_time', ...fields })
const next = async (fields: Record<string, unknown>) => {
  const answer = await ok({ operation: 'next_business_time', ...fields })
  return [answer.next_business_time, answer.window_closes_at]
}

describe('schedule: a split shift with a lunch break', () => {
  it('skips the break when counting', async () => {
    expect(await due({ start_at: '2026-01-06T11:30:00', minutes: 60, schedule: SPLIT })).toBe('2026-01-06T13:30:00-05:00')
    expect(await due({ start_at: '2026-01-06T07:00:00', minutes: 480, schedule: SPLIT })).toBe('2026-01-06T17:00:00-05:00')
    expect(await minutesBetween({ start_at: '2026-01-06T00:00:00', end_at: '2026-01-07T00:00:00', schedule: SPLIT })).toBe(480)
  })

  it('says the break is a break, and opens after it', async () => {
    expect(await status({ at: '2026-01-06T12:30:00', schedule: SPLIT })).toMatchObject({ is_business_time: false, state: 'break', holiday: null })
    expect(await status({ at: '2026-01-06T07:59:59', schedule: SPLIT })).toMatchObject({ state: 'before_hours' })
    expect(await next({ at: '2026-01-06T12:30:00', schedule: SPLIT })).toEqual(['2026-01-06T13:00:00-05:00', '2026-01-06T17:00:00-05:00'])
    expect(await next({ at: '2026-01-06T09:00:00', schedule: SPLIT })).toEqual(['2026-01-06T09:00:00-05:00', '2026-01-06T12:00:00-05:00'])
  })

  it('treats a weekday the schedule leaves out as without hours', async () => {
    expect(await status({ at: '2026-01-07T10:00:00', schedule: { mon: [['09:00', '17:00']] } })).toMatchObject({ state: 'weekend' })
  })
})

describe('schedule: a night shift 22:00-06:00 across both DST changes', () => {
  it.each([
    [NY, '2026-03-07T22:00:00', '2026-03-08T06:00:00', 420],
    [NY, '2026-10-31T22:00:00', '2026-11-01T06:00:00', 540],
    [BERLIN, '2026-03-28T22:00:00', '2026-03-29T06:00:00', 420],
    [BERLIN, '2026-10-24T22:00:00', '2026-10-25T06:00:00', 540],
    [BERLIN, '2026-06-13T22:00:00', '2026-06-14T06:00:00', 480]
  ])('%s: the night from %s holds %i minutes', async (timezone, from, to, minutes) => {
    expect(await minutesBetween({ calendar: 'weekdays', timezone, start_at: from, end_at: to, schedule: NIGHTS })).toBe(minutes)
  })

  it('counts due dates in real time through the short and the long night', async () => {
    // 7 hours on the spring-forward night, so the eighth is 22:00-23:00 the next night
    expect(await due({ calendar: 'weekdays', start_at: '2026-03-07T22:00:00', minutes: 480, schedule: NIGHTS })).toBe('2026-03-08T23:00:00-04:00')
    // 01:00-02:00 happens twice on the fall-back night: four hours from 22:00 end at the second 01:00
    expect(await due({ calendar: 'weekdays', start_at: '2026-10-31T22:00:00', minutes: 240, schedule: NIGHTS })).toBe('2026-11-01T01:00:00-05:00')
  })

  it('is one stretch across midnight: the window closes at 06:00 the next morning', async () => {
    expect(await next({ calendar: 'weekdays', at: '2026-03-07T20:00:00', schedule: NIGHTS }))
      .toEqual(['2026-03-07T22:00:00-05:00', '2026-03-08T06:00:00-04:00'])
  })
})

describe('schedule: around the clock', () => {
  it('holds 23 and 25 hours on the days the clocks change', async () => {
    expect(await minutesBetween({ calendar: 'weekdays', start_at: '2026-03-08T00:00:00', end_at: '2026-03-09T00:00:00', schedule: ALWAYS })).toBe(1380)
    expect(await minutesBetween({ calendar: 'weekdays', start_at: '2026-11-01T00:00:00', end_at: '2026-11-02T00:00:00', schedule: ALWAYS })).toBe(1500)
    expect(await due({ calendar: 'weekdays', start_at: '2026-03-08T01:30:00', minutes: 60, schedule: ALWAYS })).toBe('2026-03-08T03:30:00-04:00')
  })

  it('runs until the next holiday, or past 2199 without one', async () => {
    expect(await next({ at: '2026-06-01T12:00:00', schedule: ALWAYS })).toEqual(['2026-06-01T12:00:00-04:00', '2026-06-19T00:00:00-04:00'])
    expect(await next({ calendar: 'weekdays', at: '2026-06-01T12:00:00', schedule: ALWAYS })).toEqual(['2026-06-01T12:00:00-04:00', null])
  })
})

describe('schedule: one hour a week', () => {
  const hour = { mon: [['09:00', '10:00']] }

  it('gives the exact answer a century out', async () => {
    // 5,200 Monday hours from Monday 2026-01-05 09:00: the last is 5,199 weeks later, ending at 10:00
    const expected = DateTime.fromISO('2026-01-05T10:00:00', { zone: BERLIN }).plus({ weeks: 5199 }).toISO({ suppressMilliseconds: true })
    expect(await due({ calendar: 'weekdays', timezone: BERLIN, start_at: '2026-01-05T09:00:00', minutes: 312_000, schedule: hour })).toBe(expected)
  })

  it('refuses 10,000,000 minutes, which end about the year 5200', async () => {
    const res = await calculate(app, { operation: 'sla_due_at', calendar: 'weekdays', timezone: BERLIN, start_at: '2026-01-05T09:00:00', minutes: 10_000_000, schedule: hour })
    const error = 'the result would lie after 2199-12-31, the last date a result may have'
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({ detail: [{ type: 'value_error', loc: ['body', 'minutes'], msg: `Value error, ${error}`, input: 10_000_000, ctx: { error } }], code: 'validation_failed', request_id: expect.any(String) })
  })
})

describe('overrides and holidays', () => {
  it('opens a working Saturday', async () => {
    const overrides = [{ date: '2026-11-28', hours: [['10:00', '16:00']] }]
    expect(await due({ start_at: '2026-11-27T16:00:00', minutes: 120, overrides })).toBe('2026-11-28T11:00:00-05:00')
    expect(await status({ at: '2026-11-28T16:00:00', overrides })).toMatchObject({ state: 'after_hours' })
  })

  it('shortens a day', async () => {
    const overrides = [{ date: '2026-12-24', hours: [['09:00', '13:00']] }]
    expect(await due({ calendar: 'weekdays', start_at: '2026-12-24T12:00:00', minutes: 120, overrides })).toBe('2026-12-25T10:00:00-05:00')
  })

  it('opens a holiday, which is still named', async () => {
    const overrides = [{ date: '2026-12-25', hours: [['10:00', '14:00']] }]
    expect(await status({ at: '2026-12-25T11:00:00', overrides })).toMatchObject({ is_business_time: true, state: 'open', holiday: 'Christmas Day' })
    expect(await due({ start_at: '2026-12-24T16:30:00', minutes: 60, overrides })).toBe('2026-12-25T10:30:00-05:00')
  })

  it('closes a date with no hours', async () => {
    const overrides = [{ date: '2026-01-06', hours: [] }]
    expect(await status({ at: '2026-01-06T10:00:00', overrides })).toMatchObject({ is_business_time: false, state: 'closed', holiday: null })
    expect(await due({ start_at: '2026-01-05T16:00:00', minutes: 120, overrides })).toBe('2026-01-07T10:00:00-05:00')
  })

  it('closes the extra holidays, and a weekend one changes nothing', async () => {
    expect(await status({ at: '2026-01-06T10:00:00', holidays: ['2026-01-06'] })).toMatchObject({ state: 'holiday', holiday: null })
    const plain = await minutesBetween({ start_at: '2026-11-27T09:00:00', end_at: '2026-11-30T17:00:00' })
    expect(await minutesBetween({ start_at: '2026-11-27T09:00:00', end_at: '2026-11-30T17:00:00', holidays: ['2026-11-28', '2026-11-29'] })).toBe(plain)
    expect(plain).toBe(960)
  })

  it('closes a date of the US federal calendar on the weekend day as well as its observed weekday', async () => {
    // Independence Day 2026 is a Saturday, observed Friday July 3
    const schedule = { ...weekdaysOnly([['09:00', '17:00']]), sat: [['10:00', '14:00']] }
    expect(await status({ at: '2026-07-04T11:00:00', schedule })).toMatchObject({ state: 'holiday', holiday: 'Independence Day' })
    expect(await status({ at: '2026-07-03T11:00:00', schedule })).toMatchObject({ state: 'holiday', holiday: 'Independence Day' })
    expect(await status({ at: '2026-07-11T11:00:00', schedule })).toMatchObject({ state: 'open' })
  })

  it('closes a world calendar\'s holiday only from the time of day it starts', async () => {
    // South Australia: Christmas Eve is a public holiday from 19:00
    const late = weekdaysOnly([['09:00', '22:00']])
    const at = (time: string) => status({ calendar: 'au-sa', timezone: 'Australia/Adelaide', at: `2026-12-24T${time}`, schedule: late })
    expect(await at('18:59:59')).toMatchObject({ is_business_time: true, holiday: 'Christmas Eve' })
    expect(await at('19:00:00')).toMatchObject({ is_business_time: false, state: 'holiday', holiday: 'Christmas Eve' })
    expect((await ok({ operation: 'is_business_time', calendar: 'au-sa', timezone: 'Australia/Adelaide', at: '2026-12-24T12:00:00' })).calendar).toBe('AU-SA')
  })

  it('counts only the holiday types asked for', async () => {
    // Japan's January 2 is a bank holiday, not a public one
    const base = { calendar: 'JP', timezone: 'Asia/Tokyo', at: '2026-01-02T10:00:00' }
    expect(await status(base)).toMatchObject({ is_business_time: true })
    expect(await status({ ...base, holiday_types: ['public', 'bank'] })).toMatchObject({ is_business_time: false, state: 'holiday', holiday: 'January 2nd' })
  })
})

describe('negative minutes', () => {
  it('count back across a weekend and a holiday', async () => {
    // Tue 09:00-10:00, then MLK Day, the weekend, and Friday 15:00-17:00
    expect(await due({ start_at: '2026-01-20T10:00:00', minutes: -180 })).toBe('2026-01-16T15:00:00-05:00')
    expect((await ok({ operation: 'sla_due_at', start_at: '2026-01-20T10:00:00', minutes: -180 })).business_minutes_added).toBe(-180)
  })

  it('give the latest start: a full day back from 09:30 is 09:30 the working day before', async () => {
    expect(await due({ start_at: '2026-01-06T09:30:00', minutes: -30 })).toBe('2026-01-06T09:00:00-05:00')
    expect(await due({ start_at: '2026-01-06T09:30:00', minutes: -480 })).toBe('2026-01-05T09:30:00-05:00')
    expect(await due({ start_at: '2026-01-06T08:00:00', minutes: -60, schedule: SPLIT })).toBe('2026-01-05T16:00:00-05:00')
  })

  it('refuse a result before 1971', async () => {
    const res = await calculate(app, { operation: 'sla_due_at', calendar: 'us-federal', timezone: NY, start_at: '1975-01-06T09:00:00', minutes: -10_000_000 })
    expect(res.statusCode).toBe(422)
    expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'minutes'], msg: 'Value error, the result would lie before 1971-01-01, the first date a result may have' })])
  })
})

describe('add_business_days', () => {
  const add = async (date: string, days: number, fields: Record<string, unknown> = {}) =>
    (await ok({ operation: 'add_business_days', date, days, ...fields })).result_date

  it('behaves as WORKDAY: 0 is the date itself, even on a weekend; n counts working days after it', async () => {
    expect(await add('2026-01-10', 0)).toBe('2026-01-10')
    expect(await add('2026-01-10', 1)).toBe('2026-01-12')
    expect(await add('2026-01-16', 1)).toBe('2026-01-20')
    expect(await add('2026-01-05', 5)).toBe('2026-01-12')
  })

  it('counts back for negative days', async () => {
    expect(await add('2026-01-12', -1)).toBe('2026-01-09')
    expect(await add('2026-01-11', -1)).toBe('2026-01-09')
    expect(await add('2026-01-20', -1)).toBe('2026-01-16')
    expect(await add('2026-01-10', -5)).toBe('2026-01-05')
  })

  it('counts a date with any working time, and none without', async () => {
    expect(await add('2026-01-09', 1, { schedule: { sat: [['10:00', '11:00']] } })).toBe('2026-01-10')
    expect(await add('2026-01-09', 1, { overrides: [{ date: '2026-01-12', hours: [] }] })).toBe('2026-01-13')
  })

  it('refuses a result after 2199', async () => {
    const res = await calculate(app, { operation: 'add_business_days', calendar: 'weekdays', timezone: NY, date: '2100-01-01', days: 100_000 })
    expect(res.statusCode).toBe(422)
    expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'days'], input: 100_000 })])
  })
})

describe('business_days_between', () => {
  const between = async (from: string, to: string, fields: Record<string, unknown> = {}) =>
    (await ok({ operation: 'business_days_between', start_date: from, end_date: to, ...fields })).business_days as number

  it('counts start_date in and end_date out, negative backwards', async () => {
    expect(await between('2026-01-05', '2026-01-12')).toBe(5)
    expect(await between('2026-01-12', '2026-01-05')).toBe(-5)
    expect(await between('2026-01-05', '2026-01-05')).toBe(0)
    expect(await between('2026-01-16', '2026-01-21')).toBe(2)
  })

  it.each([
    ['2026-01-01', '2026-07-04', '2031-12-31'],
    ['2026-12-31', '2026-01-10', '2026-06-01'],
    ['2026-03-07', '2026-03-08', '2026-03-09']
  ])('adds up: between(%s, %s) + between(%s, c) = between(a, c)', async (a, b, c) => {
    for (const fields of [{}, { calendar: 'DE-BY', timezone: BERLIN }, { schedule: { sat: [['10:00', '12:00']] }, holidays: ['2026-02-02'] }]) {
      expect(await between(a, b, fields) + await between(b, c, fields)).toBe(await between(a, c, fields))
    }
  })
})

describe('sla_status', () => {
  const clock = async (fields: Record<string, unknown>) => await ok({ operation: 'sla_status', ...fields })

  it('is breached once the counted time passes the target', async () => {
    expect(await clock({ start_at: '2026-01-05T09:00:00', at: '2026-01-05T12:00:00', minutes: 60 })).toMatchObject({
      elapsed_seconds: 10_800,
      elapsed_minutes: 180,
      remaining_seconds: 0,
      remaining_minutes: 0,
      due_at: '2026-01-05T10:00:00-05:00',
      breached: true,
      breached_at: '2026-01-05T10:00:00-05:00',
      paused: false
    })
  })

  it('holds the clock in an open pause: no due date while it lasts', async () => {
    const open = [{ start_at: '2026-01-05T09:30:00', end_at: null }]
    expect(await clock({ start_at: '2026-01-05T09:00:00', at: '2026-01-05T12:00:00', minutes: 60, pauses: open })).toMatchObject({
      elapsed_seconds: 1800, remaining_seconds: 1800, remaining_minutes: 30, due_at: null, breached: false, breached_at: null, paused: true
    })
    // A pause that starts after the target was reached does not undo the breach
    const late = [{ start_at: '2026-01-05T11:00:00', end_at: null }]
    expect(await clock({ start_at: '2026-01-05T09:00:00', at: '2026-01-05T12:00:00', minutes: 60, pauses: late }))
      .toMatchObject({ elapsed_seconds: 3600 * 2, due_at: '2026-01-05T10:00:00-05:00', breached: true, paused: true })
  })

  it('leaves out closed pauses, overlapping or not, and moves the due date past them', async () => {
    const pauses = [
      { start_at: '2026-01-05T10:00:00', end_at: '2026-01-05T11:00:00' },
      { start_at: '2026-01-05T10:30:00', end_at: '2026-01-05T12:00:00' },
      { start_at: '2026-01-04T10:00:00', end_at: '2026-01-05T09:15:00' }
    ]
    expect(await clock({ start_at: '2026-01-05T09:00:00', at: '2026-01-05T13:00:00', minutes: 120, pauses })).toMatchObject({
      elapsed_seconds: 45 * 60 + 60 * 60, remaining_seconds: 15 * 60, due_at: '2026-01-05T13:15:00-05:00', breached: false, paused: false
    })
  })

  it('rounds remaining minutes up and elapsed ones down', async () => {
    expect(await clock({ start_at: '2026-01-05T09:00:00', at: '2026-01-05T09:00:30', minutes: 1 }))
      .toMatchObject({ elapsed_seconds: 30, elapsed_minutes: 0, remaining_seconds: 30, remaining_minutes: 1, breached: false })
  })
})

describe('calendars the overlays complete', () => {
  it('closes Singapore on Monday 2027-05-17, in lieu of Hari Raya Haji on the Sunday, and on Vesak Day 2027', async () => {
    const sg = { calendar: 'SG', timezone: 'Asia/Singapore' }
    expect(await status({ ...sg, at: '2027-05-17T10:00:00' }))
      .toMatchObject({ is_business_time: false, state: 'holiday', holiday: 'Hari Raya Haji (substitute day)' })
    expect(await status({ ...sg, at: '2027-05-20T10:00:00' })).toMatchObject({ is_business_time: false, holiday: 'Vesak Day' })
    expect(await status({ ...sg, at: '2027-05-18T10:00:00' })).toMatchObject({ is_business_time: true, state: 'open' })
  })

  it('closes CA-FED on the National Day for Truth and Reconciliation, which CA leaves open', async () => {
    const at = '2026-09-30T10:00:00'
    const timezone = 'America/Toronto'
    expect(await status({ calendar: 'CA-FED', timezone, at }))
      .toMatchObject({ is_business_time: false, state: 'holiday', holiday: 'National Day for Truth and Reconciliation' })
    expect(await status({ calendar: 'ca', timezone, at })).toMatchObject({ is_business_time: true, state: 'open' })
    const due = await ok({ operation: 'sla_due_at', calendar: 'ca-fed', timezone, start_at: '2026-09-29T16:00:00', minutes: 120 })
    expect(due).toMatchObject({ calendar: 'CA-FED', due_at: '2026-10-01T10:00:00-04:00' })
  })
})

describe('warnings: the default week over a country that keeps another', () => {
  const IL = { calendar: 'IL', timezone: 'Asia/Jerusalem' }
  const week = { code: 'week_differs', calendar: 'IL', weekend: ['friday', 'saturday'] }
  const nineToFive: Pairs = [['09:00', '17:00']]
  const sundayToThursday = { sun: nineToFive, mon: nineToFive, tue: nineToFive, wed: nineToFive, thu: nineToFive }

  it('says that Israel\'s weekend is Friday and Saturday when the answer took Monday to Friday', async () => {
    // Thursday 2026-03-05 + 1 working day: Friday by the default week, Sunday by Israel's
    const answer = await ok({ ...IL, operation: 'add_business_days', date: '2026-03-05', days: 1 })
    expect(answer).toMatchObject({ result_date: '2026-03-06', warnings: [week] })
    expect((await ok({ calendar: 'sa', timezone: 'Asia/Riyadh', operation: 'add_business_days', date: '2026-03-05', days: 1 })).warnings)
      .toEqual([{ ...week, calendar: 'SA' }])
  })

  it('does not warn once the request sends its week, nor over a country that keeps Saturday and Sunday', async () => {
    const answer = await ok({ ...IL, operation: 'add_business_days', date: '2026-03-05', days: 1, schedule: sundayToThursday })
    expect(answer.result_date).toBe('2026-03-08')
    expect(answer.warnings).toBeUndefined()
    expect((await ok({ calendar: 'DE', timezone: 'Europe/Berlin', operation: 'add_business_days', date: '2026-03-05', days: 1 })).warnings)
      .toBeUndefined()
  })
})

describe('warnings: a calendar past its data', () => {
  const SG = { calendar: 'SG', timezone: 'Asia/Singapore' }
  const deepavali = { code: 'calendar_incomplete', calendar: 'SG', year: 2031, missing: ['Deepavali'] }

  it('warns of the year an SLA runs into when the data lacks a holiday the calendar keeps every year', async () => {
    // Deepavali falls in mid-November; SG's data lists it by date up to 2030, so Fri 2031-11-14 counts as a working day
    const answer = await ok({ ...SG, operation: 'sla_due_at', start_at: '2031-11-13T16:00:00', minutes: 120 })
    expect(answer).toMatchObject({ due_at: '2031-11-14T10:00:00+08:00', warnings: [deepavali] })
  })

  it('answers a complete year exactly as before, without a warnings field', async () => {
    const answer = await ok({ ...SG, operation: 'sla_due_at', start_at: '2030-11-13T16:00:00', minutes: 120 })
    expect(Object.keys(answer)).toEqual(['operation', 'calendar', 'timezone', 'start_at', 'minutes', 'due_at', 'business_minutes_added'])
    expect((await ok({ operation: 'sla_due_at', start_at: '2099-03-06T16:00:00', minutes: 120 })).warnings).toBeUndefined()
  })

  it('warns once for each incomplete year the working time touches, from its first local date to its last', async () => {
    const between = await ok({ ...SG, operation: 'business_minutes_between', start_at: '2032-01-05T00:00:00', end_at: '2030-12-30T00:00:00' })
    expect(between.warnings).toEqual([deepavali, { ...deepavali, year: 2032 }])
    const days = await ok({ ...SG, operation: 'business_days_between', start_date: '2030-06-01', end_date: '2031-01-01' })
    expect(days.warnings).toBeUndefined()
    const added = await ok({ ...SG, operation: 'add_business_days', date: '2030-12-30', days: 3 })
    expect(added).toMatchObject({ result_date: '2031-01-03', warnings: [deepavali] })
    const open = await ok({ ...SG, operation: 'next_business_time', at: '2030-12-31T18:00:00' })
    expect(open).toMatchObject({ next_business_time: '2031-01-02T09:00:00+08:00', warnings: [deepavali] })
    const state = await ok({ ...SG, operation: 'is_business_time', at: '2031-11-14T10:00:00' })
    expect(state).toMatchObject({ is_business_time: true, warnings: [deepavali] })
  })

  it('does not warn of a year whose first second a span merely ends at: its working time is all in the year before', async () => {
    const lateShift = everyDay([['22:00', '24:00']])
    const due = await ok({ ...SG, operation: 'sla_due_at', schedule: lateShift, start_at: '2030-12-31T22:00:00', minutes: 120 })
    expect(due).toMatchObject({ due_at: '2031-01-01T00:00:00+08:00' })
    expect(due.warnings).toBeUndefined()
    const back = await ok({ ...SG, operation: 'sla_due_at', schedule: lateShift, start_at: '2031-01-01T00:00:00', minutes: -120 })
    expect(back).toMatchObject({ due_at: '2030-12-31T22:00:00+08:00' })
    expect(back.warnings).toBeUndefined()
    const counted = await ok({ ...SG, operation: 'business_minutes_between', schedule: lateShift, start_at: '2030-12-31T00:00:00', end_at: '2031-01-01T00:00:00' })
    expect(counted).toMatchObject({ business_minutes: 120 })
    expect(counted.warnings).toBeUndefined()
    const window = await ok({ ...SG, operation: 'next_business_time', schedule: lateShift, at: '2030-12-31T21:00:00' })
    expect(window).toMatchObject({ next_business_time: '2030-12-31T22:00:00+08:00', window_closes_at: '2031-01-01T00:00:00+08:00' })
    expect(window.warnings).toBeUndefined()
    // one second into the year is in it
    expect((await ok({ ...SG, operation: 'sla_due_at', schedule: ALWAYS, start_at: '2030-12-31T23:00:00', minutes: 61 })).warnings).toEqual([deepavali])
  })

  it('counts a later gap in with the earlier: the Islamic holidays from 2077', async () => {
    const answer = await ok({ ...SG, operation: 'is_business_time', at: '2077-03-01T10:00:00' })
    expect(answer.warnings).toEqual([{ ...deepavali, year: 2077, missing: ['Deepavali', 'Hari Raya Haji', 'Hari Raya Puasa'] }])
  })

  it('reaches the due date an SLA clock computes beyond `at`', async () => {
    const clock = await ok({ ...SG, operation: 'sla_status', start_at: '2030-12-30T09:00:00', at: '2030-12-30T10:00:00', minutes: 3000 })
    expect(clock).toMatchObject({ due_at: '2031-01-08T11:00:00+08:00', warnings: [deepavali] })
  })

  it('does not warn when the public holidays do not count', async () => {
    const answer = await ok({ ...SG, operation: 'is_business_time', at: '2031-11-14T10:00:00', holiday_types: ['observance'] })
    expect(answer.warnings).toBeUndefined()
  })
})
