// Working days of a calendar, counted without walking the days: weekdays come from a closed form and holidays from
// a sorted table searched by bisection, so any span costs a handful of binary searches.
import { addWeekdays, dayNumber, formatDate, weekday, weekdaysBetween, FRIDAY } from '@utility-apis/civil-date'
import { holidaysOfYear, FIRST_RULE_YEAR, type CalendarId, type Holiday } from './holidays.js'

/**
 * The table reaches well past the last supported start year (2100) because a due date 10,000,000 working minutes
 * later lies about 84 years ahead; later years follow the rules in force today.
 */
export const TABLE_FIRST_DAY = dayNumber(FIRST_RULE_YEAR, 1, 1)
export const TABLE_END_DAY = dayNumber(2201, 1, 1)

interface HolidayTable {
  /** Distinct observed holidays on Monday-Friday, ascending. */
  days: Int32Array
  byDay: Map<number, Holiday>
}

const tables = new Map<CalendarId, HolidayTable>()

function holidayTable (calendar: CalendarId): HolidayTable {
  let table = tables.get(calendar)
  if (table === undefined) {
    const byDay = new Map<number, Holiday>()
    for (let year = FIRST_RULE_YEAR; year <= 2200; year++) {
      for (const holiday of holidaysOfYear(calendar, year)) {
        // Inauguration Day on a Saturday stays on the weekend; a day two holidays share (MLK Day and
        // Inauguration Day in 2025) is one day off
        if (weekday(holiday.observed) > FRIDAY || byDay.has(holiday.observed)) continue
        byDay.set(holiday.observed, holiday)
      }
    }
    table = { days: Int32Array.from([...byDay.keys()].sort((a, b) => a - b)), byDay }
    tables.set(calendar, table)
  }
  return table
}

function checkRange (day: number): void {
  if (day < TABLE_FIRST_DAY || day > TABLE_END_DAY) {
    throw new RangeError(`${formatDate(day)} is outside the supported calendar range`)
  }
}

/** Index of the first element >= value. */
function lowerBound (values: Int32Array, value: number): number {
  let lo = 0
  let hi = values.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (values[mid] < value) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Number of observed weekday holidays in [from, to). */
export function holidaysBetween (calendar: CalendarId, from: number, to: number): number {
  if (to <= from) return 0
  checkRange(from)
  checkRange(to)
  const { days } = holidayTable(calendar)
  return lowerBound(days, to) - lowerBound(days, from)
}

/** The observed holiday on this day, when it is a weekday off. */
export function holidayOn (calendar: CalendarId, day: number): Holiday | null {
  checkRange(day)
  return holidayTable(calendar).byDay.get(day) ?? null
}

export function isWorkingDay (calendar: CalendarId, day: number): boolean {
  return weekday(day) <= FRIDAY && holidayOn(calendar, day) === null
}

/** Number of working days in [from, to). */
export function workingDaysBetween (calendar: CalendarId, from: number, to: number): number {
  if (to <= from) return 0
  return weekdaysBetween(from, to) - holidaysBetween(calendar, from, to)
}

/**
 * The n-th working day strictly after `day` (n >= 1). The first guess is the n-th weekday; every holiday up to the
 * guess pushes it one weekday further, and the guess stops moving once no new holiday falls behind it. Holidays
 * are about 4% of weekdays, so this settles in two or three rounds for any n. The result is never a holiday: a
 * guess only moves past the holidays counted behind it.
 */
export function nthWorkingDayAfter (calendar: CalendarId, day: number, n: number): number {
  let skipped = 0
  for (;;) {
    const guess = addWeekdays(day, n + skipped)
    const behind = holidaysBetween(calendar, day + 1, guess + 1)
    if (behind === skipped) return guess
    skipped = behind
  }
}
