// Builds the engine's calendars and instants for the domain tests, from the same notation a request uses.
import { dayNumber, parseLocalDateTime } from '@utility-apis/civil-date'
import { findCalendar } from '../../src/domain/calendars.js'
import { mergeIntervals, type DayHours } from '../../src/domain/day-hours.js'
import { formatZonedTime, resolveWallTime, zonedTime, type ZonedTime } from '../../src/domain/time-zone.js'
import { DEFAULT_WEEK, WorkCalendar } from '../../src/domain/working-calendar.js'
import type { HolidayType } from '../../src/domain/world-holidays.js'

export type Pair = readonly [string, string]

const clock = (text: string): number => Number(text.slice(0, 2)) * 3600 + Number(text.slice(3, 5)) * 60

/** [["09:00", "12:00"], ...] as engine hours. */
export const hours = (...pairs: Pair[]): DayHours => mergeIntervals(pairs.map(([from, to]) => [clock(from), clock(to)]))

/** 'YYYY-MM-DD' as a day number. */
export const day = (text: string): number => dayNumber(Number(text.slice(0, 4)), Number(text.slice(5, 7)), Number(text.slice(8, 10)))

export interface CalendarOptions {
  calendar?: string
  week?: readonly DayHours[]
  holidays?: string[]
  overrides?: Record<string, Pair[]>
  types?: HolidayType[]
}

export function calendarOf (zone: string, options: CalendarOptions = {}): WorkCalendar {
  const calendar = findCalendar(options.calendar ?? 'us-federal')
  if (calendar === null) throw new Error(`unknown calendar ${options.calendar}`)
  return new WorkCalendar({
    zone,
    calendar,
    holidayTypes: options.types ?? ['public'],
    week: options.week ?? DEFAULT_WEEK,
    closedDates: (options.holidays ?? []).map(day),
    overrides: new Map(Object.entries(options.overrides ?? {}).map(([date, pairs]) => [day(date), hours(...pairs)]))
  })
}

/** A local wall time resolved in the zone. */
export function at (zone: string, text: string): ZonedTime {
  const wall = parseLocalDateTime(text)
  if (wall === null) throw new Error(`bad wall time ${text}`)
  return resolveWallTime(zone, wall)
}

export const print = (zone: string, instant: number): string => formatZonedTime(zonedTime(zone, instant))
