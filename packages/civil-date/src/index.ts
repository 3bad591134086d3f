// Calendar arithmetic on "day numbers" (days since 1970-01-01, proleptic Gregorian) and on "wall seconds"
// (a local date-time counted as if it were UTC). Plain integers keep every step exact and let the business-time
// code count weekdays over any span with a few divisions instead of walking day by day.

export const SECONDS_PER_DAY = 86_400

/** ISO weekday numbers: Monday is 1, Sunday is 7. */
export const MONDAY = 1
export const THURSDAY = 4
export const SATURDAY = 6
export const SUNDAY = 7

export interface CivilDate { year: number, month: number, day: number }

export interface WallTime extends CivilDate { hour: number, minute: number, second: number }

export function floorDiv (a: number, b: number): number {
  return Math.floor(a / b)
}

export function floorMod (a: number, b: number): number {
  return a - b * Math.floor(a / b)
}

// Howard Hinnant's days_from_civil / civil_from_days: exact for any year, and cheaper than a Date per call
// (https://howardhinnant.github.io/date_algorithms.html)
export function dayNumber (year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = floorDiv(y, 400)
  const yearOfEra = y - era * 400
  const dayOfYear = floorDiv(153 * (month > 2 ? month - 3 : month + 9) + 2, 5) + day - 1
  const dayOfEra = yearOfEra * 365 + floorDiv(yearOfEra, 4) - floorDiv(yearOfEra, 100) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

export function civilDate (dayNum: number): CivilDate {
  const z = dayNum + 719_468
  const era = floorDiv(z, 146_097)
  const dayOfEra = z - era * 146_097
  const yearOfEra = floorDiv(dayOfEra - floorDiv(dayOfEra, 1460) + floorDiv(dayOfEra, 36_524) - floorDiv(dayOfEra, 146_096), 365)
  const dayOfYear = dayOfEra - (365 * yearOfEra + floorDiv(yearOfEra, 4) - floorDiv(yearOfEra, 100))
  const mp = floorDiv(5 * dayOfYear + 2, 153)
  const month = mp < 10 ? mp + 3 : mp - 9
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day: dayOfYear - floorDiv(153 * mp + 2, 5) + 1 }
}

export function weekday (dayNum: number): number {
  // 1970-01-01 was a Thursday
  return floorMod(dayNum + 3, 7) + 1
}

export function isLeapYear (year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
}

export function daysInMonth (year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

/** The n-th (1-based) given weekday of a month, e.g. the 3rd Monday of January. */
export function nthWeekdayOfMonth (year: number, month: number, isoWeekday: number, n: number): number {
  const first = dayNumber(year, month, 1)
  return first + floorMod(isoWeekday - weekday(first), 7) + 7 * (n - 1)
}

export function lastWeekdayOfMonth (year: number, month: number, isoWeekday: number): number {
  const last = dayNumber(year, month, daysInMonth(year, month))
  return last - floorMod(weekday(last) - isoWeekday, 7)
}

// Weekdays counted from Monday 1969-12-29 (day -3): a closed form for "how many Mon-Fri days lie before this day".
function weekdayIndex (dayNum: number): number {
  const k = dayNum + 3
  return 5 * floorDiv(k, 7) + Math.min(floorMod(k, 7), 5)
}

/** Number of Monday-Friday days in [from, to). */
export function weekdaysBetween (from: number, to: number): number {
  return weekdayIndex(to) - weekdayIndex(from)
}

/** The n-th Monday-Friday day strictly after `dayNum` (n >= 1). */
export function addWeekdays (dayNum: number, n: number): number {
  const index = weekdayIndex(dayNum + 1) + n - 1
  return 7 * floorDiv(index, 5) + floorMod(index, 5) - 3
}

export function wallSeconds (t: WallTime): number {
  return dayNumber(t.year, t.month, t.day) * SECONDS_PER_DAY + t.hour * 3600 + t.minute * 60 + t.second
}

export function wallTime (seconds: number): WallTime {
  const dayNum = floorDiv(seconds, SECONDS_PER_DAY)
  let rest = seconds - dayNum * SECONDS_PER_DAY
  const hour = Math.floor(rest / 3600)
  rest -= hour * 3600
  const minute = Math.floor(rest / 60)
  const { year, month, day } = civilDate(dayNum)
  return { year, month, day, hour, minute, second: rest - minute * 60 }
}

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/

/**
 * Parses `YYYY-MM-DDTHH:MM:SS` (no offset, no fraction) into wall seconds; null when the text has another shape or
 * names a date or time that does not exist on any calendar (2026-02-30, hour 24).
 */
export function parseLocalDateTime (text: string): number | null {
  // Fixed positions once the shape is proven: no match arrays on the path every request takes
  if (!LOCAL_DATE_TIME.test(text)) return null
  const year = digits(text, 0, 4)
  const month = digits(text, 5, 7)
  const day = digits(text, 8, 10)
  const hour = digits(text, 11, 13)
  const minute = digits(text, 14, 16)
  const second = digits(text, 17, 19)
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  if (hour > 23 || minute > 59 || second > 59) return null
  return dayNumber(year, month, day) * SECONDS_PER_DAY + hour * 3600 + minute * 60 + second
}

function digits (text: string, start: number, end: number): number {
  let value = 0
  for (let i = start; i < end; i++) value = value * 10 + text.charCodeAt(i) - 48
  return value
}

function pad (value: number, width = 2): string {
  return String(value).padStart(width, '0')
}

export function formatDate (dayNum: number): string {
  const { year, month, day } = civilDate(dayNum)
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`
}

export function formatWallTime (seconds: number): string {
  const t = wallTime(seconds)
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`
}
