import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addWeekdays, civilDate, dayNumber, formatDate, formatWallTime, lastWeekdayOfMonth, nthWeekdayOfMonth,
  parseLocalDateTime, weekday, weekdaysBetween, MONDAY, THURSDAY
} from '../src/index.js'

const DAY_MS = 86_400_000
const isWeekday = (day: number): boolean => {
  const utcDay = new Date(day * DAY_MS).getUTCDay()
  return utcDay !== 0 && utcDay !== 6
}

describe('day numbers', () => {
  it('match the Date epoch days and round-trip, 1900 to 2300', () => {
    fc.assert(fc.property(fc.integer({ min: -25_567, max: 120_000 }), (day) => {
      const date = new Date(day * DAY_MS)
      expect(civilDate(day)).toEqual({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() })
      expect(dayNumber(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())).toBe(day)
    }), { numRuns: 5000 })
  })

  it('give ISO weekdays (Monday 1, Sunday 7)', () => {
    expect(weekday(dayNumber(2026, 1, 5))).toBe(1)
    expect(weekday(dayNumber(2026, 1, 11))).toBe(7)
    expect(weekday(dayNumber(1970, 1, 1))).toBe(4)
    expect(weekday(dayNumber(2000, 2, 29))).toBe(2)
  })

  it('find the n-th and the last weekday of a month', () => {
    expect(formatDate(nthWeekdayOfMonth(2026, 1, MONDAY, 3))).toBe('2026-01-19')
    expect(formatDate(nthWeekdayOfMonth(2026, 9, MONDAY, 1))).toBe('2026-09-07')
    expect(formatDate(nthWeekdayOfMonth(2026, 11, THURSDAY, 4))).toBe('2026-11-26')
    expect(formatDate(lastWeekdayOfMonth(2026, 5, MONDAY))).toBe('2026-05-25')
    expect(formatDate(lastWeekdayOfMonth(2027, 5, MONDAY))).toBe('2027-05-31')
  })
})

describe('weekday counting', () => {
  it('counts Monday-Friday days in a range like a day-by-day walk', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 80_000 }), fc.integer({ min: 0, max: 400 }), (from, length) => {
      let expected = 0
      for (let day = from; day < from + length; day++) if (isWeekday(day)) expected++
      expect(weekdaysBetween(from, from + length)).toBe(expected)
    }), { numRuns: 2000 })
  })

  it('finds the n-th weekday after a day like a day-by-day walk', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 80_000 }), fc.integer({ min: 1, max: 300 }), (from, n) => {
      let day = from
      for (let left = n; left > 0;) if (isWeekday(++day)) left--
      expect(addWeekdays(from, n)).toBe(day)
    }), { numRuns: 2000 })
  })
})

describe('parseLocalDateTime', () => {
  it('reads YYYY-MM-DDTHH:MM:SS as wall seconds', () => {
    expect(parseLocalDateTime('2026-03-08T02:30:00')).toBe(Date.UTC(2026, 2, 8, 2, 30) / 1000)
    expect(parseLocalDateTime('2024-02-29T23:59:59')).toBe(Date.UTC(2024, 1, 29, 23, 59, 59) / 1000)
  })

  it.each([
    '2026-02-30T09:00:00', '2026-02-29T09:00:00', '2100-02-29T09:00:00', '2026-04-31T09:00:00',
    '2026-13-01T09:00:00', '2026-00-10T09:00:00', '2026-01-00T09:00:00',
    '2026-01-05T25:00:00', '2026-01-05T24:00:00', '2026-01-05T09:60:00', '2026-01-05T09:00:60'
  ])('rejects the impossible date-time %s', (text) => {
    expect(parseLocalDateTime(text)).toBeNull()
  })

  it.each([
    '2026-01-05T09:00:00Z', '2026-01-05T09:00:00+00:00', '2026-01-05T09:00:00-05:00', '2026-01-05T09:00',
    '2026-01-05 09:00:00', '2026-01-05T09:00:00.000', '2026-1-5T09:00:00', '20260105T090000', ' 2026-01-05T09:00:00'
  ])('rejects the other shape %s', (text) => {
    expect(parseLocalDateTime(text)).toBeNull()
  })

  it('formats wall seconds back to the same text, as Date#toISOString writes UTC seconds', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (seconds) => {
      const text = formatWallTime(seconds)
      expect(text).toBe(new Date(seconds * 1000).toISOString().slice(0, 19))
      expect(parseLocalDateTime(text)).toBe(seconds)
    }), { numRuns: 2000 })
  })
})
