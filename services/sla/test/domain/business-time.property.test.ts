import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { businessSecondsBetween, businessTimeStatus, dueAt, type Schedule } from '../../src/domain/business-time.js'
import { formatWallTime, parseLocalDateTime } from '@utility-apis/civil-date'
import { formatZonedTime, resolveWallTime, zonedTime } from '../../src/domain/time-zone.js'
import { naiveDueAt, naiveMinutesBetween, type NaiveCalendar } from '../helpers/naive-business-time.js'

const ZONES = [
  'America/New_York', 'America/Chicago', 'America/Los_Angeles', 'America/Phoenix', 'Pacific/Honolulu',
  'Europe/London', 'Asia/Tokyo', 'Australia/Lord_Howe', 'America/St_Johns', 'Asia/Kolkata'
]
// DST changes in the US, the EU and Australia, holidays that move (2021-06-18, 2027-12-31) and MLK Day
const ANCHORS = [
  '2026-03-08', '2026-03-29', '2026-04-05', '2026-10-04', '2026-10-25', '2026-11-01', '2026-01-19', '2026-11-26',
  '2027-12-31', '2021-06-18', '2023-11-10'
].map((date) => Date.parse(`${date}T12:00:00Z`) / 1000)
const DAY = 86_400

const calendarArb = fc.constantFrom<NaiveCalendar>('us-federal', 'weekdays')
// Whole-minute starts up to a week either side of an anchor
const startArb = fc.tuple(fc.constantFrom(...ANCHORS), fc.integer({ min: -7 * 1440, max: 7 * 1440 }))
  .map(([anchor, minute]) => anchor + minute * 60)
const minutesArb = fc.oneof(
  fc.integer({ min: 0, max: 600 }),
  fc.constantFrom(0, 1, 59, 60, 479, 480, 481, 959, 960, 961),
  fc.integer({ min: 0, max: 2000 })
)

describe('agreement with a naive minute-by-minute reference', () => {
  it('dueAt gives the same instant for thousands of (zone, start, minutes) cases', () => {
    fc.assert(fc.property(fc.constantFrom(...ZONES), calendarArb, startArb, minutesArb, (zone, calendar, start, minutes) => {
      const due = dueAt({ zone, calendar }, zonedTime(zone, start), minutes)
      expect(formatZonedTime(due)).toBe(formatZonedTime(zonedTime(zone, naiveDueAt(zone, calendar, start, minutes))))
    }), { numRuns: 3000 })
  })

  it('businessSecondsBetween counts the same minutes between two instants', () => {
    fc.assert(fc.property(fc.constantFrom(...ZONES), calendarArb, startArb, fc.integer({ min: 0, max: 6 * 1440 }),
      (zone, calendar, from, length) => {
        const to = from + length * 60
        const schedule: Schedule = { zone, calendar }
        const expected = naiveMinutesBetween(zone, calendar, from, to)
        expect(businessSecondsBetween(schedule, zonedTime(zone, from), zonedTime(zone, to))).toBe(expected * 60)
        expect(businessSecondsBetween(schedule, zonedTime(zone, to), zonedTime(zone, from))).toBe(0 - expected * 60)
      }), { numRuns: 1500 })
  })

  it('agrees around the day Samoa skipped (Pacific/Apia, Fri 2011-12-30)', () => {
    const anchor = Date.parse('2011-12-30T10:00:00Z') / 1000
    fc.assert(fc.property(calendarArb, fc.integer({ min: -5 * 1440, max: 3 * 1440 }), minutesArb, (calendar, minute, minutes) => {
      const zone = 'Pacific/Apia'
      const start = anchor + minute * 60
      const due = dueAt({ zone, calendar }, zonedTime(zone, start), minutes)
      expect(due.instant).toBe(naiveDueAt(zone, calendar, start, minutes))
    }), { numRuns: 500 })
  })
})

describe('properties over any zone and span', () => {
  const zoneArb = fc.constantFrom(...Intl.supportedValuesOf('timeZone'))
  const anyCalendarArb = fc.constantFrom('us-federal' as const, 'us-federal-dc' as const, 'weekdays' as const)
  // Any second from 1971 to 2100
  const instantArb = fc.integer({ min: 31_536_000 + DAY, max: 4_133_894_400 - DAY })
  const anyMinutesArb = fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000_000 }))

  it('business_minutes_between(start, due_at(start, m)) == m, and due_at is the earliest such instant', () => {
    fc.assert(fc.property(zoneArb, anyCalendarArb, instantArb, anyMinutesArb, (zone, calendar, instant, minutes) => {
      const schedule: Schedule = { zone, calendar }
      const start = zonedTime(zone, instant)
      const due = dueAt(schedule, start, minutes)
      expect(businessSecondsBetween(schedule, start, due)).toBe(minutes * 60)
      if (minutes > 0) {
        // the last second before the due instant was business time, so no earlier instant reaches m minutes
        expect(businessTimeStatus(schedule, zonedTime(zone, due.instant - 1)).open).toBe(true)
        expect(due.instant).toBeGreaterThan(instant)
      } else {
        expect(due).toEqual(start)
      }
    }), { numRuns: 3000 })
  })

  it('prints a time that resolves back to the same instant, unless it is a repeated wall time', () => {
    fc.assert(fc.property(zoneArb, instantArb, (zone, instant) => {
      const time = zonedTime(zone, instant)
      const text = formatZonedTime(time)
      expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}(:\d{2})?$/)
      const wall = parseLocalDateTime(text.slice(0, 19))
      expect(wall).toBe(instant + time.offset)
      const back = resolveWallTime(zone, wall ?? 0)
      const repeated = zonedTime(zone, instant - 3 * 3600).offset > time.offset
      if (!repeated) expect(back).toEqual(time)
      else expect(formatWallTime(back.instant + back.offset)).toBe(text.slice(0, 19))
    }), { numRuns: 3000 })
  })
})
