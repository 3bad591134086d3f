// Business time: 09:00 <= t < 17:00 local on the working days of a calendar, counted as elapsed real seconds.
//
// The arithmetic runs on the local wall clock, where every working day holds exactly one 8-hour window, and maps
// the result back to an instant once. The two clocks agree on working time because no zone in the tz database
// changes its offset inside 09:00-17:00 of a Monday-Friday between 1971 and 2100 (a 6-hourly scan of every zone
// the runtime knows); DST changes happen at night or on weekends and only change the printed offset. The exception is
// a date-line jump, which removes a whole local day (Pacific/Apia and Pacific/Fakaofo skipped Fri 2011-12-30): it
// is found from the offsets at both ends and its window is taken out.
import { floorDiv, SECONDS_PER_DAY } from '@utility-apis/civil-date'
import { holidayOn, isWorkingDay, nthWorkingDayAfter, workingDaysBetween } from './working-days.js'
import { offsetAt, resolveWallTime, type ZonedTime } from './time-zone.js'
import type { CalendarId } from './holidays.js'

export const OPENS = 9 * 3600
export const CLOSES = 17 * 3600
const WINDOW = CLOSES - OPENS

// Ordinary offset changes are at most a few hours; crossing the date line changes it by about a day
const DATE_LINE_JUMP = 12 * 3600

export interface Schedule {
  zone: string
  calendar: CalendarId
}

function windowSecondsBefore (secondOfDay: number): number {
  return Math.min(Math.max(secondOfDay - OPENS, 0), WINDOW)
}

/** Working seconds between two wall times, signed (negative when `to` is before `from`). */
function wallWorkingSeconds (calendar: CalendarId, from: number, to: number): number {
  if (to < from) return 0 - wallWorkingSeconds(calendar, to, from)
  const fromDay = floorDiv(from, SECONDS_PER_DAY)
  const toDay = floorDiv(to, SECONDS_PER_DAY)
  const fromPart = windowSecondsBefore(from - fromDay * SECONDS_PER_DAY)
  const toPart = windowSecondsBefore(to - toDay * SECONDS_PER_DAY)
  if (fromDay === toDay) return isWorkingDay(calendar, fromDay) ? toPart - fromPart : 0
  return (isWorkingDay(calendar, fromDay) ? WINDOW - fromPart : 0) +
    WINDOW * workingDaysBetween(calendar, fromDay + 1, toDay) +
    (isWorkingDay(calendar, toDay) ? toPart : 0)
}

/** The earliest wall time at which `seconds` (> 0) of working time have passed since `from`. */
function wallDue (calendar: CalendarId, from: number, seconds: number): number {
  const day = floorDiv(from, SECONDS_PER_DAY)
  const secondOfDay = from - day * SECONDS_PER_DAY
  let rest = seconds
  if (isWorkingDay(calendar, day) && secondOfDay < CLOSES) {
    const begin = Math.max(secondOfDay, OPENS)
    if (rest <= CLOSES - begin) return day * SECONDS_PER_DAY + begin + rest
    rest -= CLOSES - begin
  }
  // The last window used is filled by 1..WINDOW seconds, so exactly 480 minutes end at 17:00, not at 09:00 the day after
  const days = Math.ceil(rest / WINDOW)
  const target = nthWorkingDayAfter(calendar, day, days)
  return target * SECONDS_PER_DAY + OPENS + rest - (days - 1) * WINDOW
}

function wallOf (time: ZonedTime): number {
  return time.instant + time.offset
}

/**
 * Working seconds the wall clock counts between two instants but which never happened (positive), or happened
 * twice (negative), because the zone jumped across the date line in between.
 */
function dateLineCorrection (schedule: Schedule, from: ZonedTime, to: ZonedTime): number {
  const crossed = (offset: number): boolean => Math.abs(offset - from.offset) >= DATE_LINE_JUMP
  if (!crossed(to.offset)) return 0
  let lo = from.instant
  let hi = to.instant
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2)
    if (crossed(offsetAt(schedule.zone, mid))) hi = mid
    else lo = mid
  }
  return wallWorkingSeconds(schedule.calendar, hi + offsetAt(schedule.zone, lo), hi + offsetAt(schedule.zone, hi))
}

/** Business seconds between two instants, negative when `to` is before `from`. */
export function businessSecondsBetween (schedule: Schedule, from: ZonedTime, to: ZonedTime): number {
  // 0 - x rather than -x: a negative zero would print as 0 but compare oddly
  if (to.instant < from.instant) return 0 - businessSecondsBetween(schedule, to, from)
  return wallWorkingSeconds(schedule.calendar, wallOf(from), wallOf(to)) - dateLineCorrection(schedule, from, to)
}

/** The earliest instant t >= start at which `minutes` business minutes have passed; `start` itself for 0. */
export function dueAt (schedule: Schedule, start: ZonedTime, minutes: number): ZonedTime {
  if (minutes === 0) return start
  const due = resolveWallTime(schedule.zone, wallDue(schedule.calendar, wallOf(start), minutes * 60))
  const skipped = dateLineCorrection(schedule, start, due)
  if (skipped === 0) return due
  return resolveWallTime(schedule.zone, wallDue(schedule.calendar, wallOf(start), minutes * 60 + skipped))
}

export type BusinessTimeState = 'open' | 'before_hours' | 'after_hours' | 'weekend' | 'holiday'

export interface BusinessTimeStatus {
  open: boolean
  state: BusinessTimeState
  /** Name of the observed holiday on the local date, if any. */
  holiday: string | null
}

export function businessTimeStatus (schedule: Schedule, at: ZonedTime): BusinessTimeStatus {
  const wall = wallOf(at)
  const day = floorDiv(wall, SECONDS_PER_DAY)
  const secondOfDay = wall - day * SECONDS_PER_DAY
  const holiday = holidayOn(schedule.calendar, day)?.name ?? null
  let state: BusinessTimeState
  if (!isWorkingDay(schedule.calendar, day)) state = holiday === null ? 'weekend' : 'holiday'
  else if (secondOfDay < OPENS) state = 'before_hours'
  else if (secondOfDay >= CLOSES) state = 'after_hours'
  else state = 'open'
  return { open: state === 'open', state, holiday }
}

export interface BusinessWindow {
  /** The earliest business instant at or after the instant asked about. */
  opensAt: ZonedTime
  /** The end of the working window that instant belongs to. */
  closesAt: ZonedTime
}

/** The next business instant at or after `at`, with the close of its working window. */
export function nextBusinessTime (schedule: Schedule, at: ZonedTime): BusinessWindow {
  const { zone, calendar } = schedule
  let day = floorDiv(wallOf(at), SECONDS_PER_DAY)
  const secondOfDay = wallOf(at) - day * SECONDS_PER_DAY
  if (isWorkingDay(calendar, day) && secondOfDay < CLOSES) {
    const closesAt = resolveWallTime(zone, day * SECONDS_PER_DAY + CLOSES)
    if (secondOfDay >= OPENS) return { opensAt: at, closesAt }
    return { opensAt: resolveWallTime(zone, day * SECONDS_PER_DAY + OPENS), closesAt }
  }
  for (;;) {
    day = nthWorkingDayAfter(calendar, day, 1)
    const opensAt = resolveWallTime(zone, day * SECONDS_PER_DAY + OPENS)
    // A local date the zone skipped resolves into the next day: its window never opened
    if (floorDiv(wallOf(opensAt), SECONDS_PER_DAY) !== day) continue
    return { opensAt, closesAt: resolveWallTime(zone, day * SECONDS_PER_DAY + CLOSES) }
  }
}
