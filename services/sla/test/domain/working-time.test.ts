import { describe, expect, it } from 'vitest'
import { formatZonedTime, zonedTime, type ZonedTime } from '../../src/domain/time-zone.js'
import type { WorkCalendar } from '../../src/domain/working-calendar.js'
import { dueAfter, nextWorkingInstant, stretchEnd, workingSecondsBetween, workingStatus } from '../../src/domain/working-time.js'
import { naiveDueAtByDay } from '../helpers/naive-business-time.js'
import { at, calendarOf } from '../helpers/work-calendar.js'

type CalendarId = 'us-federal' | 'us-federal-dc' | 'weekdays'

const NY = 'America/New_York'

const calendars = new Map<string, WorkCalendar>()
function calendar (zone: string, id: CalendarId): WorkCalendar {
  const key = `${zone} ${id}`
  let found = calendars.get(key)
  if (found === undefined) calendars.set(key, found = calendarOf(zone, { calendar: id }))
  return found
}

function dueAt (zone: string, calendarId: CalendarId, start: ZonedTime, minutes: number): ZonedTime {
  return minutes === 0 ? start : zonedTime(zone, dueAfter(calendar(zone, calendarId), start, minutes * 60))
}

function due (zone: string, start: string, minutes: number, calendarId: CalendarId = 'us-federal'): string {
  return formatZonedTime(dueAt(zone, calendarId, at(zone, start), minutes))
}

function minutesBetween (zone: string, from: string, to: string, calendarId: CalendarId = 'us-federal'): number {
  return workingSecondsBetween(calendar(zone, calendarId), at(zone, from), at(zone, to)) / 60
}

describe('dueAfter: where the start lies', () => {
  it.each([
    ['before 09:00', '2026-01-06T07:15:00', 60, '2026-01-06T10:00:00-05:00'],
    ['at 09:00', '2026-01-06T09:00:00', 60, '2026-01-06T10:00:00-05:00'],
    ['inside hours', '2026-01-06T13:20:00', 60, '2026-01-06T14:20:00-05:00'],
    ['at 17:00', '2026-01-06T17:00:00', 1, '2026-01-07T09:01:00-05:00'],
    ['after 17:00', '2026-01-06T18:30:00', 60, '2026-01-07T10:00:00-05:00'],
    ['at midnight', '2026-01-07T00:00:00', 60, '2026-01-07T10:00:00-05:00'],
    ['on a Saturday', '2026-01-10T11:00:00', 60, '2026-01-12T10:00:00-05:00'],
    ['on a Sunday evening', '2026-01-11T22:00:00', 60, '2026-01-12T10:00:00-05:00'],
    ['after hours on a Friday', '2026-01-09T17:30:00', 90, '2026-01-12T10:30:00-05:00'],
    ['on MLK Day', '2026-01-19T10:00:00', 60, '2026-01-20T10:00:00-05:00'],
    ['before a holiday weekend', '2026-01-16T16:30:00', 60, '2026-01-20T09:30:00-05:00'],
    ['on Thanksgiving', '2026-11-26T12:00:00', 30, '2026-11-27T09:30:00-05:00']
  ])('%s', (_, start, minutes, expected) => {
    expect(due(NY, start, minutes)).toBe(expected)
  })
})

describe('dueAfter: closing time, zero and seconds', () => {
  it('ends exactly 480 minutes from 09:00 at 17:00 the same day, not at 09:00 the next', () => {
    expect(due(NY, '2026-01-06T09:00:00', 480)).toBe('2026-01-06T17:00:00-05:00')
    expect(due(NY, '2026-01-06T09:00:00', 960)).toBe('2026-01-07T17:00:00-05:00')
    expect(due(NY, '2026-01-06T10:00:00', 480)).toBe('2026-01-07T10:00:00-05:00')
    expect(due(NY, '2026-01-06T16:59:00', 1)).toBe('2026-01-06T17:00:00-05:00')
  })

  it('returns the start itself for 0 minutes, inside or outside hours', () => {
    expect(due(NY, '2026-01-06T10:15:00', 0)).toBe('2026-01-06T10:15:00-05:00')
    expect(due(NY, '2026-01-10T03:00:00', 0)).toBe('2026-01-10T03:00:00-05:00')
    expect(due(NY, '2026-01-19T20:00:00', 0)).toBe('2026-01-19T20:00:00-05:00')
  })

  it('carries seconds', () => {
    expect(due(NY, '2026-01-06T16:59:30', 1)).toBe('2026-01-07T09:00:30-05:00')
    expect(due(NY, '2026-01-06T10:00:45', 15)).toBe('2026-01-06T10:15:45-05:00')
    expect(due(NY, '2026-01-06T07:59:59', 1)).toBe('2026-01-06T09:01:00-05:00')
  })

  it('counts from the resolved instant of a skipped or repeated start', () => {
    expect(due(NY, '2026-03-08T02:30:00', 0)).toBe('2026-03-08T03:30:00-04:00')
    expect(due(NY, '2026-11-01T01:30:00', 0)).toBe('2026-11-01T01:30:00-04:00')
    expect(due(NY, '2026-11-01T01:30:00', 60)).toBe('2026-11-02T10:00:00-05:00')
  })
})

describe('dueAfter: holidays', () => {
  it('skips Fri 2027-12-31, New Year\'s Day 2028 observed', () => {
    expect(due(NY, '2027-12-30T16:00:00', 120)).toBe('2028-01-03T10:00:00-05:00')
  })

  it('treats Fri 2020-06-19 as a working day and Fri 2021-06-18 as Juneteenth', () => {
    expect(due(NY, '2020-06-19T09:00:00', 60)).toBe('2020-06-19T10:00:00-04:00')
    expect(due(NY, '2021-06-17T16:00:00', 120)).toBe('2021-06-21T10:00:00-04:00')
  })

  it('treats Inauguration Day as a holiday in us-federal-dc only', () => {
    expect(due(NY, '2021-01-19T16:00:00', 120)).toBe('2021-01-20T10:00:00-05:00')
    expect(due(NY, '2021-01-19T16:00:00', 120, 'us-federal-dc')).toBe('2021-01-21T10:00:00-05:00')
  })

  it('ignores holidays in the weekdays calendar', () => {
    expect(due(NY, '2026-12-24T16:00:00', 120, 'weekdays')).toBe('2026-12-25T10:00:00-05:00')
    expect(due(NY, '2026-12-24T16:00:00', 120)).toBe('2026-12-28T10:00:00-05:00')
  })
})

describe('dueAfter: DST weeks, the calendar applied to the local date', () => {
  it.each([
    [NY, '2026-03-06T16:00:00', '2026-03-06T16:00:00-05:00', '2026-03-09T10:00:00-04:00'],
    [NY, '2026-10-30T16:00:00', '2026-10-30T16:00:00-04:00', '2026-11-02T10:00:00-05:00'],
    ['America/Chicago', '2026-03-06T16:00:00', '2026-03-06T16:00:00-06:00', '2026-03-09T10:00:00-05:00'],
    ['America/Chicago', '2026-10-30T16:00:00', '2026-10-30T16:00:00-05:00', '2026-11-02T10:00:00-06:00'],
    ['America/Los_Angeles', '2026-03-06T16:00:00', '2026-03-06T16:00:00-08:00', '2026-03-09T10:00:00-07:00'],
    ['America/Los_Angeles', '2026-10-30T16:00:00', '2026-10-30T16:00:00-07:00', '2026-11-02T10:00:00-08:00'],
    ['America/Phoenix', '2026-03-06T16:00:00', '2026-03-06T16:00:00-07:00', '2026-03-09T10:00:00-07:00'],
    ['Pacific/Honolulu', '2026-03-06T16:00:00', '2026-03-06T16:00:00-10:00', '2026-03-09T10:00:00-10:00'],
    ['Europe/London', '2026-03-27T16:00:00', '2026-03-27T16:00:00+00:00', '2026-03-30T10:00:00+01:00'],
    ['Europe/London', '2026-10-23T16:00:00', '2026-10-23T16:00:00+01:00', '2026-10-26T10:00:00+00:00'],
    ['Asia/Tokyo', '2026-03-06T16:00:00', '2026-03-06T16:00:00+09:00', '2026-03-09T10:00:00+09:00']
  ])('%s: a Friday 16:00 start plus 120 minutes ends Monday 10:00 local', (zone, start, startOut, expected) => {
    expect(formatZonedTime(at(zone, start))).toBe(startOut)
    expect(due(zone, start, 120)).toBe(expected)
    expect(minutesBetween(zone, start, expected.slice(0, 19))).toBe(120)
  })

  it('counts a whole DST week as 5 x 480 minutes in every zone', () => {
    for (const zone of [NY, 'America/Chicago', 'America/Los_Angeles', 'America/Phoenix', 'Pacific/Honolulu', 'Europe/London', 'Asia/Tokyo']) {
      expect(minutesBetween(zone, '2026-03-06T17:00:00', '2026-03-13T17:00:00')).toBe(2400)
      expect(minutesBetween(zone, '2026-03-27T17:00:00', '2026-04-03T17:00:00')).toBe(2400)
      expect(minutesBetween(zone, '2026-10-30T17:00:00', '2026-11-06T17:00:00')).toBe(2400)
    }
  })

  it('closes Tokyo on MLK Day, its own Monday 2026-01-19, while it is still Sunday in the US', () => {
    expect(due('Asia/Tokyo', '2026-01-16T16:00:00', 120)).toBe('2026-01-20T10:00:00+09:00')
    expect(workingStatus(calendar('Asia/Tokyo', 'us-federal'), at('Asia/Tokyo', '2026-01-19T10:00:00')))
      .toEqual({ open: false, state: 'holiday', holiday: 'Birthday of Martin Luther King, Jr.' })
  })

  it('leaves out the Friday Samoa skipped when it crossed the date line (Pacific/Apia, 2011-12-30)', () => {
    expect(due('Pacific/Apia', '2011-12-29T16:00:00', 120, 'weekdays')).toBe('2012-01-02T10:00:00+14:00')
    expect(minutesBetween('Pacific/Apia', '2011-12-29T09:00:00', '2012-01-02T17:00:00', 'weekdays')).toBe(960)
  })
})

describe('dueAfter: long spans', () => {
  const cases: Array<[string, string, number, CalendarId]> = [
    [NY, '2026-01-05T09:00:00', 30_000, 'us-federal'],
    ['Europe/London', '2026-02-10T11:17:00', 80_000, 'us-federal'],
    [NY, '2026-01-05T09:00:00', 1_000_000, 'us-federal'],
    ['Asia/Tokyo', '2031-07-04T12:34:56', 1_000_000, 'us-federal'],
    ['America/Los_Angeles', '2040-02-29T16:00:00', 2_500_000, 'weekdays'],
    [NY, '2100-12-31T09:00:00', 10_000_000, 'us-federal']
  ]
  it.each(cases)('%s from %s plus %i minutes agrees with a day-by-day walk', (zone, start, minutes, calendarId) => {
    const begin = at(zone, start)
    const expected = naiveDueAtByDay(zone, calendarId === 'weekdays' ? 'weekdays' : 'us-federal', begin.instant, minutes)
    const result = dueAt(zone, calendarId, begin, minutes)
    expect(result.instant).toBe(expected)
    expect(workingSecondsBetween(calendar(zone, calendarId), begin, result)).toBe(minutes * 60)
  })
})

describe('workingSecondsBetween', () => {
  it('counts only working time, signed', () => {
    expect(minutesBetween(NY, '2026-01-06T10:00:00', '2026-01-06T11:30:00')).toBe(90)
    expect(minutesBetween(NY, '2026-01-09T16:00:00', '2026-01-12T10:00:00')).toBe(120)
    expect(minutesBetween(NY, '2026-01-12T10:00:00', '2026-01-09T16:00:00')).toBe(-120)
    expect(minutesBetween(NY, '2026-01-10T08:00:00', '2026-01-11T20:00:00')).toBe(0)
    expect(minutesBetween(NY, '2026-01-06T10:00:00', '2026-01-06T10:00:00')).toBe(0)
    expect(minutesBetween(NY, '2026-12-31T00:00:00', '2028-01-01T00:00:00')).toBe(480 * (1 + 261 - 12)) // Thu 2026-12-31, then 2027's weekdays less 12 holidays
  })
})

describe('workingStatus', () => {
  const status = (text: string, calendarId: CalendarId = 'us-federal'): unknown =>
    workingStatus(calendar(NY, calendarId), at(NY, text))

  it('says whether an instant is business time, and why not', () => {
    expect(status('2026-01-06T09:00:00')).toEqual({ open: true, state: 'open', holiday: null })
    expect(status('2026-01-06T16:59:59')).toEqual({ open: true, state: 'open', holiday: null })
    expect(status('2026-01-06T17:00:00')).toEqual({ open: false, state: 'after_hours', holiday: null })
    expect(status('2026-01-06T08:59:59')).toEqual({ open: false, state: 'before_hours', holiday: null })
    expect(status('2026-01-10T12:00:00')).toEqual({ open: false, state: 'weekend', holiday: null })
    expect(status('2027-12-31T12:00:00')).toEqual({ open: false, state: 'holiday', holiday: "New Year's Day" })
    expect(status('2027-12-31T12:00:00', 'weekdays')).toEqual({ open: true, state: 'open', holiday: null })
  })
})

describe('nextWorkingInstant and stretchEnd', () => {
  const next = (zone: string, text: string, calendarId: CalendarId = 'us-federal'): string[] => {
    const work = calendar(zone, calendarId)
    const opens = nextWorkingInstant(work, at(zone, text).instant)
    return [formatZonedTime(zonedTime(zone, opens)), formatZonedTime(zonedTime(zone, stretchEnd(work, opens) ?? Number.NaN))]
  }

  it('is the instant itself during hours, else the next opening', () => {
    expect(next(NY, '2026-01-06T11:11:11')).toEqual(['2026-01-06T11:11:11-05:00', '2026-01-06T17:00:00-05:00'])
    expect(next(NY, '2026-01-06T06:00:00')).toEqual(['2026-01-06T09:00:00-05:00', '2026-01-06T17:00:00-05:00'])
    expect(next(NY, '2026-01-06T17:00:00')).toEqual(['2026-01-07T09:00:00-05:00', '2026-01-07T17:00:00-05:00'])
    expect(next(NY, '2026-03-06T18:00:00')).toEqual(['2026-03-09T09:00:00-04:00', '2026-03-09T17:00:00-04:00'])
    expect(next(NY, '2027-12-30T17:30:00')).toEqual(['2028-01-03T09:00:00-05:00', '2028-01-03T17:00:00-05:00'])
  })

  it('never opens on a local date the zone skipped', () => {
    expect(next('Pacific/Apia', '2011-12-29T18:00:00', 'weekdays'))
      .toEqual(['2012-01-02T09:00:00+14:00', '2012-01-02T17:00:00+14:00'])
  })
})
