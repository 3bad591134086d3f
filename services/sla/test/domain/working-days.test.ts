import federal from '@18f/us-federal-holidays'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dayNumber, formatDate } from '@utility-apis/civil-date'
import {
  holidayOn, holidaysBetween, isWorkingDay, nthWorkingDayAfter, workingDaysBetween, TABLE_END_DAY
} from '../../src/domain/working-days.js'

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
      expect([formatDate(day), isWorkingDay('us-federal', day)]).toEqual([formatDate(day), naiveIsWorking(day)])
    }
  })

  it('are counted over any range without walking it', () => {
    fc.assert(fc.property(fc.integer({ min: FROM, max: TO - 800 }), fc.integer({ min: 0, max: 800 }), (from, length) => {
      let expected = 0
      for (let day = from; day < from + length; day++) if (naiveIsWorking(day)) expected++
      expect(workingDaysBetween('us-federal', from, from + length)).toBe(expected)
    }), { numRuns: 1500 })
  })

  it('give the n-th working day after a day, never a holiday or a weekend', () => {
    fc.assert(fc.property(fc.integer({ min: FROM, max: TO - 1000 }), fc.integer({ min: 1, max: 600 }), (from, n) => {
      let day = from
      for (let left = n; left > 0;) if (naiveIsWorking(++day)) left--
      expect(formatDate(nthWorkingDayAfter('us-federal', from, n))).toBe(formatDate(day))
    }), { numRuns: 1500 })
  })

  it('count 12 weekday holidays in 2027: its own 11 and New Year\'s Day 2028 on Dec 31', () => {
    expect(holidaysBetween('us-federal', dayNumber(2027, 1, 1), dayNumber(2028, 1, 1))).toBe(12)
    expect(holidayOn('us-federal', dayNumber(2027, 12, 31))?.name).toBe("New Year's Day")
    expect(holidayOn('us-federal', dayNumber(2028, 1, 1))).toBeNull()
  })

  it('refuse days outside the table instead of guessing', () => {
    expect(() => workingDaysBetween('us-federal', dayNumber(1960, 1, 1), dayNumber(1972, 1, 1))).toThrow(RangeError)
    expect(() => nthWorkingDayAfter('us-federal', TABLE_END_DAY - 10, 100)).toThrow(RangeError)
  })
})

describe('working days of the other calendars', () => {
  it('us-federal-dc also closes on a weekday Inauguration Day, once when it is MLK Day too', () => {
    expect(isWorkingDay('us-federal', dayNumber(2021, 1, 20))).toBe(true)
    expect(isWorkingDay('us-federal-dc', dayNumber(2021, 1, 20))).toBe(false)
    expect(workingDaysBetween('us-federal-dc', dayNumber(2025, 1, 1), dayNumber(2025, 2, 1)))
      .toBe(workingDaysBetween('us-federal', dayNumber(2025, 1, 1), dayNumber(2025, 2, 1)))
    expect(workingDaysBetween('us-federal-dc', dayNumber(2029, 1, 1), dayNumber(2029, 2, 1)))
      .toBe(workingDaysBetween('us-federal', dayNumber(2029, 1, 1), dayNumber(2029, 2, 1)))
  })

  it('weekdays counts Monday to Friday only', () => {
    expect(workingDaysBetween('weekdays', dayNumber(2026, 1, 1), dayNumber(2027, 1, 1))).toBe(261)
    expect(isWorkingDay('weekdays', dayNumber(2026, 12, 25))).toBe(true)
  })
})
