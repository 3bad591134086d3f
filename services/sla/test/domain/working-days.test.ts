import federal from '@18f/us-federal-holidays'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dayNumber, formatDate } from '@utility-apis/civil-date'
import type { WorkCalendar } from '../../src/domain/working-calendar.js'
import { addWorkingDays, workingDaysBetween, workingStatus } from '../../src/domain/working-time.js'
import { at, calendarOf } from '../helpers/work-calendar.js'

// Working dates of the default hours (Monday to Friday), counted by the engine over any span
const NY = 'America/New_York'
const usFederal = calendarOf(NY, { calendar: 'us-federal' })
const usFederalDc = calendarOf(NY, { calendar: 'us-federal-dc' })
const weekdays = calendarOf(NY, { calendar: 'weekdays' })
const isWorkingDay = (calendar: WorkCalendar, day: number): boolean => workingDaysBetween(calendar, day, day + 1) === 1

// An independent day-off list (OPM rules, as published by 18F) and a day-by-day walk over it
const daysOff = new Set<string>()
for (let year = 1986; year <= 2201; year++) for (const h of federal.allForYear(year)) daysOff.add(h.dateString)
const naiveIsWorking = (day: number): boolean => {
  const weekdayNumber = new Date(day * 86_400_000).getUTCDay()
  return weekdayNumber !== 0 && weekdayNumber !== 6 && !daysOff.has(formatDate(day))
}

const FROM = dayNumber(1987, 1, 1)
const TO = dayNumber(2199, 1, 1)

describe('working days of us-federal', () => {
  it('agree with a day-by-day walk over published holidays, day by day from 2020 to 2035', () => {
    for (let day = dayNumber(2020, 1, 1); day < dayNumber(2036, 1, 1); day++) {
      expect([formatDate(day), isWorkingDay(usFederal, day)]).toEqual([formatDate(day), naiveIsWorking(day)])
    }
  })

  it('are counted over any range without walking it', () => {
    fc.assert(fc.property(fc.integer({ min: FROM, max: TO - 800 }), fc.integer({ min: 0, max: 800 }), (from, length) => {
      let expected = 0
      for (let day = from; day < from + length; day++) if (naiveIsWorking(day)) expected++
      expect(workingDaysBetween(usFederal, from, from + length)).toBe(expected)
    }), { numRuns: 1500 })
  })

  it('give the n-th working day after a day, never a holiday or a weekend', () => {
    fc.assert(fc.property(fc.integer({ min: FROM, max: TO - 1000 }), fc.integer({ min: 1, max: 600 }), (from, n) => {
      let day = from
      for (let left = n; left > 0;) if (naiveIsWorking(++day)) left--
      expect(formatDate(addWorkingDays(usFederal, from, n))).toBe(formatDate(day))
    }), { numRuns: 1500 })
  })

  it('count 12 weekday holidays in 2027: its own 11 and New Year\'s Day 2028 on Dec 31', () => {
    expect(workingDaysBetween(weekdays, dayNumber(2027, 1, 1), dayNumber(2028, 1, 1)) -
      workingDaysBetween(usFederal, dayNumber(2027, 1, 1), dayNumber(2028, 1, 1))).toBe(12)
    expect(workingStatus(usFederal, at(NY, '2027-12-31T12:00:00')).holiday).toBe("New Year's Day")
    expect(workingStatus(usFederal, at(NY, '2028-01-01T12:00:00')).holiday).toBeNull()
  })

  it('refuse days outside the supported years instead of guessing', () => {
    expect(() => workingDaysBetween(usFederal, dayNumber(1960, 1, 1), dayNumber(1972, 1, 1))).toThrow(RangeError)
    expect(() => addWorkingDays(usFederal, dayNumber(2199, 12, 20), 100)).toThrow(RangeError)
  })

  it('refuse a count no week could reach before the range ends without reading the holidays of the years between', () => {
    // a lunar calendar's holidays cost date-holidays up to 0.4 s a year to date: 170 of them for a 422 is a denial of service
    for (const [days, name] of [[100_000, 'a count beyond the days left'], [46_000, 'one beyond the weekdays left']] as const) {
      const hongKong = calendarOf('Asia/Hong_Kong', { calendar: 'HK' })
      expect(() => addWorkingDays(hongKong, dayNumber(2026, 1, 1), days), name).toThrow(RangeError)
      expect(() => addWorkingDays(hongKong, dayNumber(2026, 1, 1), -days), name).toThrow(RangeError)
      // the years at the ends are read, none between
      expect(hongKong.size, name).toBeLessThanOrEqual(2)
    }
  })
})

describe('working days of the other calendars', () => {
  it('us-federal-dc also closes on a weekday Inauguration Day, once when it is MLK Day too', () => {
    expect(isWorkingDay(usFederal, dayNumber(2021, 1, 20))).toBe(true)
    expect(isWorkingDay(usFederalDc, dayNumber(2021, 1, 20))).toBe(false)
    expect(workingDaysBetween(usFederalDc, dayNumber(2025, 1, 1), dayNumber(2025, 2, 1)))
      .toBe(workingDaysBetween(usFederal, dayNumber(2025, 1, 1), dayNumber(2025, 2, 1)))
    expect(workingDaysBetween(usFederalDc, dayNumber(2029, 1, 1), dayNumber(2029, 2, 1)))
      .toBe(workingDaysBetween(usFederal, dayNumber(2029, 1, 1), dayNumber(2029, 2, 1)))
  })

  it('weekdays counts Monday to Friday only', () => {
    expect(workingDaysBetween(weekdays, dayNumber(2026, 1, 1), dayNumber(2027, 1, 1))).toBe(261)
    expect(isWorkingDay(weekdays, dayNumber(2026, 12, 25))).toBe(true)
  })
})
