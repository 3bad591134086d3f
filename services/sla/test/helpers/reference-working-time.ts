// A slow reference for working time with any hours, written apart from the service's engine: offsets from luxon,
// local dates from Date's UTC fields, holidays read from date-holidays directly, and every answer found by stepping
// through the working intervals of each local date in turn. Nothing here is imported from src/.
import Holidays from 'date-holidays'
import { DateTime } from 'luxon'

export type Pair = readonly [string, string]
export const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
type WeekdayKey = typeof WEEKDAY_KEYS[number]

export interface ReferenceRules {
  zone: string
  /** The request's schedule notation. */
  schedule: Partial<Record<WeekdayKey, Pair[]>>
  /** `weekdays`, `us-federal` or a date-holidays id such as `DE-BY`. */
  calendar: string
  holidays: string[]
  overrides: Array<{ date: string, hours: Pair[] }>
}

const DAY = 86_400
const toSeconds = (text: string): number => Number(text.slice(0, 2)) * 3600 + Number(text.slice(3, 5)) * 60
const isoDate = (wall: number): string => new Date(wall * 1000).toISOString().slice(0, 10)
// Date's getUTCDay: 0 is Sunday
const weekdayKey = (wall: number): WeekdayKey => WEEKDAY_KEYS[(new Date(wall * 1000).getUTCDay() + 6) % 7]

/** A calendar's closed wall-time ranges, by local date: [from, to) seconds of that date. */
function holidayRanges (calendar: string, year: number): Map<string, Array<[number, number]>> {
  const ranges = new Map<string, Array<[number, number]>>()
  if (calendar === 'weekdays') return ranges
  const add = (startWall: number, endWall: number) => {
    for (let dayStart = Math.floor(startWall / DAY) * DAY; dayStart < endWall; dayStart += DAY) {
      const date = isoDate(dayStart)
      const list = ranges.get(date) ?? []
      list.push([Math.max(startWall, dayStart) - dayStart, Math.min(endWall, dayStart + DAY) - dayStart])
      ranges.set(date, list)
    }
  }
  // US federal days off as date-holidays publishes them: each holiday on its own date and its weekday substitute
  const [country, state, region] = calendar === 'us-federal' ? ['US'] : calendar.split('-')
  const types = calendar === 'us-federal' ? ['public', 'bank'] : ['public']
  const data = new Holidays(country, state, region, { types: types as Array<'public'> })
  for (const y of [year - 1, year, year + 1]) {
    for (const holiday of data.getHolidays(y)) {
      // "YYYY-MM-DD hh:mm:ss", and " -0600" for a day of the Islamic or Hebrew calendar (starting the evening
      // before), which closes its civil date for as long as the data says
      const start = Date.parse(`${holiday.date.slice(0, 10)}T${holiday.date.slice(11, 19)}Z`) / 1000
      const length = (+holiday.end - +holiday.start) / 1000
      add(start, start + length)
    }
  }
  return ranges
}

const rangeCache = new Map<string, Map<string, Array<[number, number]>>>()

/** Working hours of a local date (wall seconds of the day), by the documented precedence. */
function referenceHours (rules: ReferenceRules, wallDayStart: number): Array<[number, number]> {
  const date = isoDate(wallDayStart)
  const override = rules.overrides.find((entry) => entry.date === date)
  if (override !== undefined) return override.hours.map(([a, b]) => [toSeconds(a), toSeconds(b)])
  if (rules.holidays.includes(date)) return []
  const year = Number(date.slice(0, 4))
  const key = `${rules.calendar} ${year}`
  let byDate = rangeCache.get(key)
  if (byDate === undefined) rangeCache.set(key, byDate = holidayRanges(rules.calendar, year))
  const closed = byDate.get(date) ?? []
  const open: Array<[number, number]> = []
  // Each interval of the schedule, less the closed ranges, second by second (the schedule has minute bounds)
  for (const [a, b] of (rules.schedule[weekdayKey(wallDayStart)] ?? []).map(([x, y]) => [toSeconds(x), toSeconds(y)])) {
    let runStart: number | null = null
    for (let second = a; second <= b; second += 60) {
      const free = second < b && !closed.some(([from, to]) => second >= from && second < to)
      if (free && runStart === null) runStart = second
      if (!free && runStart !== null) {
        open.push([runStart, second])
        runStart = null
      }
    }
  }
  return open
}

const offsetCache = new Map<string, number>()
function offset (zone: string, instant: number): number {
  const key = `${zone} ${instant}`
  let value = offsetCache.get(key)
  if (value === undefined) {
    value = DateTime.fromSeconds(instant, { zone }).offset * 60
    if (offsetCache.size > 200_000) offsetCache.clear()
    offsetCache.set(key, value)
  }
  return value
}

/**
 * Stretches of constant offset from `from` on, forwards or backwards: [start, end, offset]. Offsets are read every
 * six hours (no two changes of any zone are that close) and each change is found to the second.
 */
function * segments (zone: string, from: number, forward: boolean): Generator<[number, number, number]> {
  let edge = from
  let current = offset(zone, forward ? from : from - 1)
  for (let t = from; ; t += forward ? 6 * 3600 : -6 * 3600) {
    const next = forward ? t + 6 * 3600 : t - 6 * 3600
    if (offset(zone, next) === current) {
      // A zone may never change: hand out a stretch every ten days all the same
      if (Math.abs(next - edge) >= 10 * DAY) {
        yield forward ? [edge, next, current] : [next, edge, current]
        edge = next
      }
      continue
    }
    // One change lies between t and next: the instant where the offset stops (or, backwards, starts) being current
    // Backwards, hi is the latest instant up to t that still has the current offset: t itself, except on the first
    // step when the offset changes exactly at `from` (the stretch before it then ends at from - 1)
    let lo = forward ? t : next
    let hi = forward ? next : offset(zone, t) === current ? t : t - 1
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2)
      if ((offset(zone, mid) === current) === forward) lo = mid
      else hi = mid
    }
    yield forward ? [edge, hi, current] : [hi, edge, current]
    edge = hi
    current = offset(zone, forward ? hi : hi - 1)
  }
}

/** Working intervals of instants from `from` on (or before it, latest first), one local date at a time. */
function * referenceIntervals (rules: ReferenceRules, from: number, forward = true): Generator<[number, number]> {
  for (const [start, end, off] of segments(rules.zone, from, forward)) {
    const first = Math.floor(((forward ? start : end - 1) + off) / DAY) * DAY
    for (let dayStart = first; forward ? dayStart < end + off : dayStart + DAY > start + off; dayStart += forward ? DAY : -DAY) {
      const hours = referenceHours(rules, dayStart)
      for (const [a, b] of forward ? hours : [...hours].reverse()) {
        const lo = Math.max(dayStart + a, start + off)
        const hi = Math.min(dayStart + b, end + off)
        if (hi > lo) yield [lo - off, hi - off]
      }
    }
  }
}

/** The earliest instant with `seconds` (> 0) of working time since `start`, looking up to `days` ahead. */
export function referenceDueAfter (rules: ReferenceRules, start: number, seconds: number, days = 60): number | null {
  let left = seconds
  for (const [a, b] of referenceIntervals(rules, start)) {
    if (a >= start + days * DAY) return null
    if (b - a >= left) return a + left
    left -= b - a
  }
  return null
}

/** The latest instant with `seconds` (> 0) of working time from it until `start`, looking up to `days` back. */
export function referenceDueBefore (rules: ReferenceRules, start: number, seconds: number, days = 60): number | null {
  let left = seconds
  for (const [a, b] of referenceIntervals(rules, start, false)) {
    if (b <= start - days * DAY) return null
    if (b - a >= left) return b - left
    left -= b - a
  }
  return null
}

export function referenceSecondsBetween (rules: ReferenceRules, from: number, to: number): number {
  if (to < from) return 0 - referenceSecondsBetween(rules, to, from)
  let total = 0
  for (const [a, b] of referenceIntervals(rules, from)) {
    if (a >= to) break
    total += Math.min(b, to) - a
  }
  return total
}

export function referenceIsOpen (rules: ReferenceRules, instant: number): boolean {
  const wall = instant + offset(rules.zone, instant)
  const dayStart = Math.floor(wall / DAY) * DAY
  return referenceHours(rules, dayStart).some(([a, b]) => wall - dayStart >= a && wall - dayStart < b)
}

/** An SLA clock: working time from start except inside pauses ([start, end) instants, end null = open). */
export function referenceSlaClock (rules: ReferenceRules, start: number, at: number, seconds: number,
  pauses: Array<[number, number | null]>, days = 60): { elapsed: number, due: number | null, paused: boolean } {
  const paused = pauses.some(([ps, pe]) => ps <= at && (pe === null || at < pe))
  const horizon = Math.max(start, at) + days * DAY
  let elapsed = 0
  let due: number | null = seconds === 0 ? start : null
  let left = seconds
  for (const [a, b] of referenceIntervals(rules, start)) {
    if (a >= horizon) break
    // The interval less every pause, piece by piece
    let pieces: Array<[number, number]> = [[a, b]]
    for (const [ps, pe] of pauses) {
      const end = pe ?? Infinity
      pieces = pieces.flatMap(([x, y]): Array<[number, number]> =>
        y <= ps || x >= end ? [[x, y]] : [...(x < ps ? [[x, ps] as [number, number]] : []), ...(y > end ? [[end, y] as [number, number]] : [])])
    }
    for (const [x, y] of pieces) {
      elapsed += Math.max(0, Math.min(y, at) - x)
      if (due === null && y - x >= left) due = x + left
      else if (due === null) left -= y - x
    }
    if (due !== null && a >= at) break
  }
  return { elapsed, due, paused }
}
