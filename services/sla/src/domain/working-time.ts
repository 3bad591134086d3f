// Working time between instants, due instants, and the state of an instant, on a WorkCalendar.
//
// An instant is working time when its wall time lies in the hours of its local date. On a regular date every wall
// time happens once, at wall time minus the date's one offset, so a running total of working time is "the dates
// before it, counted by the calendar, plus the hours of its date before its wall time". Near an offset change
// (irregular dates) working time is walked instead, one stretch of constant offset at a time, from the nearest
// regular date: a skipped hour holds nothing and a repeated one counts twice.
import { floorDiv, SECONDS_PER_DAY } from '@utility-apis/civil-date'
import { hoursMeasure, isOpenAt, measureBefore, secondLeaving, secondReaching, type DayHours } from './day-hours.js'
import { offsetAt, offsetSpan, resolveWallTime, type ZonedTime } from './time-zone.js'
import {
  BROKEN_DAYS, OutOfRangeError, WORKING_DAYS, WORKING_SECONDS, type WorkCalendar
} from './working-calendar.js'

const DAY = SECONDS_PER_DAY
// How far a walk looks before it asks the calendar where the next change is
const WALK = 8 * DAY

const wallDay = (time: ZonedTime): number => floorDiv(time.instant + time.offset, DAY)

/** Calls visit(from, to) for each stretch of working instants in [from, stop), in order, until visit returns true. */
function scanForward (calendar: WorkCalendar, from: number, stop: number, visit: (lo: number, hi: number) => boolean): boolean {
  for (let instant = from; instant < stop;) {
    const span = offsetSpan(calendar.zone, instant)
    const end = Math.min(span.end, stop)
    const offset = span.offset
    const wallEnd = end + offset
    for (let wall = instant + offset; wall < wallEnd;) {
      const base = floorDiv(wall, DAY) * DAY
      const dayEnd = Math.min(base + DAY, wallEnd)
      const hours = calendar.hoursOn(base / DAY)
      for (let i = 0; i < hours.length; i += 2) {
        const lo = Math.max(base + hours[i], wall)
        const hi = Math.min(base + hours[i + 1], dayEnd)
        if (hi > lo && visit(lo - offset, hi - offset)) return true
      }
      wall = dayEnd
    }
    instant = end
  }
  return false
}

/** The same backwards: stretches of working instants in [stop, from), latest first. */
function scanBackward (calendar: WorkCalendar, from: number, stop: number, visit: (lo: number, hi: number) => boolean): boolean {
  for (let instant = from; instant > stop;) {
    const span = offsetSpan(calendar.zone, instant - 1)
    const begin = Math.max(span.start, stop)
    const offset = span.offset
    const wallBegin = begin + offset
    for (let wall = instant + offset; wall > wallBegin;) {
      const base = floorDiv(wall - 1, DAY) * DAY
      const dayBegin = Math.max(base, wallBegin)
      const hours = calendar.hoursOn(base / DAY)
      for (let i = hours.length - 2; i >= 0; i -= 2) {
        const lo = Math.max(base + hours[i], dayBegin)
        const hi = Math.min(base + hours[i + 1], wall)
        if (hi > lo && visit(lo - offset, hi - offset)) return true
      }
      wall = dayBegin
    }
    instant = begin
  }
  return false
}

/** Working seconds in [from, to) by walking (from <= to). */
function walkedSeconds (calendar: WorkCalendar, from: number, to: number): number {
  let total = 0
  scanForward(calendar, from, to, (lo, hi) => { total += hi - lo; return false })
  return total
}

/** The earliest instant by which `need` working seconds have passed since `from`, walking at most to `stop`. */
function walkForward (calendar: WorkCalendar, from: number, need: number, stop: number): number | null {
  let left = need
  let due: number | null = null
  scanForward(calendar, from, stop, (lo, hi) => {
    if (hi - lo < left) {
      left -= hi - lo
      return false
    }
    due = lo + left
    return true
  })
  return due
}

/** The latest instant from which `need` working seconds pass until `from`, walking back at most to `stop`. */
function walkBackward (calendar: WorkCalendar, from: number, need: number, stop: number): number | null {
  let left = need
  let due: number | null = null
  scanBackward(calendar, from, stop, (lo, hi) => {
    if (hi - lo < left) {
      left -= hi - lo
      return false
    }
    due = hi - left
    return true
  })
  return due
}

/** The first instant of a regular date. */
const dayStart = (calendar: WorkCalendar, day: number): number => day * DAY - calendar.offsetOn(day)

/** The working seconds from the start of a regular date at or before `time` up to it, and that date. */
function sinceRegularDay (calendar: WorkCalendar, time: ZonedTime): { day: number, seconds: number } {
  const day = wallDay(time)
  if (!calendar.isIrregular(day)) {
    return { day, seconds: measureBefore(calendar.hoursOn(day), time.instant + time.offset - day * DAY) }
  }
  let regular = day - 1
  while (calendar.isIrregular(regular)) regular--
  return { day: regular, seconds: walkedSeconds(calendar, dayStart(calendar, regular), time.instant) }
}

/** The working seconds from `time` to the end of a regular date at or after it, and that date. */
function untilRegularDayEnds (calendar: WorkCalendar, time: ZonedTime): { day: number, seconds: number } {
  const day = wallDay(time)
  if (!calendar.isIrregular(day)) {
    const hours = calendar.hoursOn(day)
    return { day, seconds: hoursMeasure(hours) - measureBefore(hours, time.instant + time.offset - day * DAY) }
  }
  let regular = day + 1
  while (calendar.isIrregular(regular)) regular++
  return { day: regular, seconds: walkedSeconds(calendar, time.instant, (regular + 1) * DAY - calendar.offsetOn(regular)) }
}

/** Working seconds in [from, to), negative when to is before from. */
export function workingSecondsBetween (calendar: WorkCalendar, from: ZonedTime, to: ZonedTime): number {
  const start = sinceRegularDay(calendar, from)
  const end = sinceRegularDay(calendar, to)
  // 0 - x rather than -x: a negative zero would print as 0 but compare oddly
  return calendar.between(WORKING_SECONDS, start.day, end.day) + end.seconds - start.seconds + 0
}

/** The earliest instant t >= start with `seconds` (> 0) of working time in [start, t). */
export function dueAfter (calendar: WorkCalendar, start: ZonedTime, seconds: number): number {
  const anchor = sinceRegularDay(calendar, start)
  const target = anchor.seconds + seconds
  const { day, before } = calendar.reachForward(WORKING_SECONDS, anchor.day, target)
  if (!calendar.isIrregular(day)) {
    return day * DAY + secondReaching(calendar.hoursOn(day), target - before) - calendar.offsetOn(day)
  }
  // Walk from the last regular date before it (the anchor at the latest), which the running total starts exactly
  let regular = day - 1
  while (calendar.isIrregular(regular)) regular--
  const need = target - calendar.between(WORKING_SECONDS, anchor.day, regular)
  const due = walkForward(calendar, dayStart(calendar, regular), need, (day + 3) * DAY)
  if (due === null) throw new Error('the working time counted by date was not found by walking')
  return due
}

/** The latest instant t <= start with `seconds` (> 0) of working time in [t, start). */
export function dueBefore (calendar: WorkCalendar, start: ZonedTime, seconds: number): number {
  const anchor = untilRegularDayEnds(calendar, start)
  const target = anchor.seconds + seconds
  const { day, after } = calendar.reachBackward(WORKING_SECONDS, anchor.day + 1, target)
  if (!calendar.isIrregular(day)) {
    return day * DAY + secondLeaving(calendar.hoursOn(day), target - after) - calendar.offsetOn(day)
  }
  let regular = day + 1
  while (calendar.isIrregular(regular)) regular++
  const need = target - calendar.between(WORKING_SECONDS, regular + 1, anchor.day + 1)
  const due = walkBackward(calendar, (regular + 1) * DAY - calendar.offsetOn(regular), need, (day - 2) * DAY)
  if (due === null) throw new Error('the working time counted by date was not found by walking')
  return due
}

/** The first working instant at or after `from`; OutOfRangeError when there is none before 2200. */
export function nextWorkingInstant (calendar: WorkCalendar, from: number): number {
  for (let instant = from; ;) {
    const stop = instant + WALK
    let found: number | null = null
    scanForward(calendar, instant, stop, (lo) => { found = lo; return true })
    if (found !== null) return found
    // No working time in the walk: jump to the eve of the next date that has some (a day early, as a fold can
    // bring back the wall time of the date before)
    const day = floorDiv(stop + offsetAt(calendar.zone, stop), DAY) - 1
    const next = calendar.reachForward(WORKING_DAYS, day, 1).day
    instant = Math.max(stop, resolveWallTime(calendar.zone, (next - 1) * DAY).instant)
  }
}

/** The end of the unbroken stretch of working time that holds `from` (a working instant); null if after 2199. */
export function stretchEnd (calendar: WorkCalendar, from: number): number | null {
  let end = from
  try {
    for (;;) {
      const stop = end + WALK
      const broken = scanForward(calendar, end, stop, (lo, hi) => {
        if (lo > end) return true
        end = hi
        return false
      })
      if (broken || end < stop) return end
      // Working all the way: every date up to the next one whose hours do not cover the whole day is working
      const day = floorDiv(stop + offsetAt(calendar.zone, stop), DAY) - 1
      const next = calendar.reachForward(BROKEN_DAYS, day, 1).day
      end = Math.max(stop, resolveWallTime(calendar.zone, (next - 1) * DAY).instant)
    }
  } catch (error) {
    if (error instanceof OutOfRangeError) return null
    throw error
  }
}

type WorkingState = 'open' | 'before_hours' | 'after_hours' | 'break' | 'weekend' | 'holiday' | 'closed'

export interface WorkingStatus {
  open: boolean
  state: WorkingState
  /** The calendar's holiday that takes working time from the date, if any. */
  holiday: string | null
}

function position (hours: DayHours, second: number): WorkingState {
  if (hours.length === 0 || second < hours[0]) return 'before_hours'
  if (second >= hours[hours.length - 1]) return 'after_hours'
  return 'break'
}

/** The first holiday of the date's closures that takes time from the weekly hours. */
function holidayTaking (weekly: DayHours, ranges: readonly number[], names: readonly string[]): string | null {
  for (let i = 0; i < names.length; i++) {
    for (let h = 0; h < weekly.length; h += 2) {
      if (ranges[2 * i] < weekly[h + 1] && ranges[2 * i + 1] > weekly[h]) return names[i]
    }
  }
  return null
}

/** Whether an instant is working time, and if not, why not. */
export function workingStatus (calendar: WorkCalendar, at: ZonedTime): WorkingStatus {
  const day = wallDay(at)
  const second = at.instant + at.offset - day * DAY
  const hours = calendar.hoursOn(day)
  const weekly = calendar.weeklyHours(day)
  const { override, closedDate, closure } = calendar.reasons(day)
  const holiday = closure === null ? null : holidayTaking(weekly, closure.ranges, closure.names)
  let state: WorkingState
  if (isOpenAt(hours, second)) state = 'open'
  else if (override !== null) state = override.length === 0 ? 'closed' : position(override, second)
  else if (weekly.length === 0) state = 'weekend'
  else if (closedDate || (holiday !== null && (hours.length === 0 || isOpenAt(weekly, second)))) state = 'holiday'
  else state = position(hours.length > 0 ? hours : weekly, second)
  return { open: state === 'open', state, holiday }
}

export interface PauseSpan {
  start: ZonedTime
  /** null: still paused. */
  end: ZonedTime | null
}

export interface SlaClock {
  /** Counted working seconds in [start, at). */
  elapsed: number
  /** When the counted time reaches the target; null while an open pause holds the clock before that. */
  due: number | null
  paused: boolean
}

const later = (a: ZonedTime, b: ZonedTime): ZonedTime => a.instant >= b.instant ? a : b

/** Pauses sorted and merged where they overlap or touch; an open one swallows any after it. */
function mergePauses (pauses: readonly PauseSpan[]): PauseSpan[] {
  const sorted = [...pauses].sort((a, b) => a.start.instant - b.start.instant)
  const merged: PauseSpan[] = []
  for (const pause of sorted) {
    const last = merged[merged.length - 1]
    if (last !== undefined && (last.end === null || pause.start.instant <= last.end.instant)) {
      if (last.end !== null) last.end = pause.end === null ? null : later(last.end, pause.end)
      continue
    }
    merged.push({ start: pause.start, end: pause.end })
  }
  return merged
}

/** An SLA clock that counts working time from `start` except inside pauses, read at `at`. */
export function slaClock (calendar: WorkCalendar, start: ZonedTime, at: ZonedTime, seconds: number, pauses: readonly PauseSpan[]): SlaClock {
  const merged = mergePauses(pauses)
  const paused = merged.some((pause) => pause.start.instant <= at.instant && (pause.end === null || at.instant < pause.end.instant))
  let elapsed = 0
  if (at.instant > start.instant) {
    elapsed = workingSecondsBetween(calendar, start, at)
    for (const pause of merged) {
      const from = later(pause.start, start)
      const to = pause.end === null || pause.end.instant > at.instant ? at : pause.end
      if (to.instant > from.instant) elapsed -= workingSecondsBetween(calendar, from, to)
    }
  }
  return { elapsed, due: seconds === 0 ? start.instant : dueAroundPauses(calendar, start, seconds, merged), paused }
}

function dueAroundPauses (calendar: WorkCalendar, start: ZonedTime, seconds: number, merged: readonly PauseSpan[]): number | null {
  let cursor = start
  let left = seconds
  for (const pause of merged) {
    if (pause.end !== null && pause.end.instant <= cursor.instant) continue
    if (pause.start.instant > cursor.instant) {
      const counted = workingSecondsBetween(calendar, cursor, pause.start)
      if (counted >= left) return dueAfter(calendar, cursor, left)
      left -= counted
    }
    if (pause.end === null) return null
    cursor = later(cursor, pause.end)
  }
  return dueAfter(calendar, cursor, left)
}

/** The n-th working date after `day` (before it for negative n; `day` itself for 0), as spreadsheet WORKDAY. */
export function addWorkingDays (calendar: WorkCalendar, day: number, n: number): number {
  if (n > 0) return calendar.reachForward(WORKING_DAYS, day + 1, n).day
  if (n < 0) return calendar.reachBackward(WORKING_DAYS, day, -n).day
  return day
}

/** Working dates d with from <= d < to; negative when to is before from. */
export function workingDaysBetween (calendar: WorkCalendar, from: number, to: number): number {
  return calendar.between(WORKING_DAYS, from, to)
}
