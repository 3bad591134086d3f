// Deliberately naive business-time references for the tests: they walk minute by minute (or day by day for long
// spans), convert instants with luxon rather than the service's own zone code, and take holidays from 18F's
// published OPM rules rather than the service's holiday engine.
import federal from '@18f/us-federal-holidays'
import { DateTime } from 'luxon'

export type NaiveCalendar = 'us-federal' | 'weekdays'

const federalDaysOff = new Set<string>()
for (let year = 1986; year <= 2201; year++) for (const h of federal.allForYear(year)) federalDaysOff.add(h.dateString)

function isDayOff (calendar: NaiveCalendar, isoDate: string): boolean {
  return calendar === 'us-federal' && federalDaysOff.has(isoDate)
}

// Offsets only change on quarter hours in the zones the tests use, so a quarter-hour memo keeps luxon's slow
// offset lookup out of the inner loop without changing any answer
const offsets = new Map<string, number>()
function offsetMinutes (zone: string, instant: number): number {
  const key = `${zone} ${Math.floor(instant / 900)}`
  let offset = offsets.get(key)
  if (offset === undefined) {
    offset = DateTime.fromSeconds(instant, { zone }).offset
    offsets.set(key, offset)
  }
  return offset
}

/** Is the minute starting at this instant (whole minutes) business time? */
function naiveIsBusinessMinute (zone: string, calendar: NaiveCalendar, instant: number): boolean {
  const local = new Date((instant + offsetMinutes(zone, instant) * 60) * 1000)
  const day = local.getUTCDay()
  const hour = local.getUTCHours()
  return day !== 0 && day !== 6 && hour >= 9 && hour < 17 && !isDayOff(calendar, local.toISOString().slice(0, 10))
}

/** Steps minute by minute from a whole-minute start until `minutes` business minutes have passed. */
export function naiveDueAt (zone: string, calendar: NaiveCalendar, start: number, minutes: number): number {
  if (minutes === 0) return start
  let left = minutes
  for (let t = start; ; t += 60) {
    if (naiveIsBusinessMinute(zone, calendar, t) && --left === 0) return t + 60
  }
}

/** Counts business minutes in [from, to) one by one (whole-minute instants, from <= to). */
export function naiveMinutesBetween (zone: string, calendar: NaiveCalendar, from: number, to: number): number {
  let count = 0
  for (let t = from; t < to; t += 60) if (naiveIsBusinessMinute(zone, calendar, t)) count++
  return count
}

/**
 * Walks local dates one by one with luxon's calendar arithmetic, consuming each working day's 09:00-17:00 window,
 * for spans too long to step minute by minute. Returns the due instant in epoch seconds.
 */
export function naiveDueAtByDay (zone: string, calendar: NaiveCalendar, start: number, minutes: number): number {
  let left = minutes * 60
  if (left === 0) return start
  let date = DateTime.fromSeconds(start, { zone }).startOf('day')
  for (;;) {
    const opens = date.set({ hour: 9 }).toSeconds()
    const closes = date.set({ hour: 17 }).toSeconds()
    const from = Math.max(opens, start)
    if (date.weekday <= 5 && !isDayOff(calendar, date.toISODate() ?? '') && from < closes) {
      if (left <= closes - from) return from + left
      left -= closes - from
    }
    date = date.plus({ days: 1 })
  }
}
