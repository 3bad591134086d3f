// The holiday calendars `calendar` names: the US federal ones of 5 U.S.C. 6103 (holidays.ts), `weekdays` (none), and
// every country, subdivision and region of the date-holidays package (world-holidays.ts). Whatever the source, a
// calendar gives each local date the time of day it is closed from and to, with the holidays' names.
import { civilDate, dayNumber, floorDiv, SECONDS_PER_DAY } from '@utility-apis/civil-date'
import { completenessOf, type Completeness } from './calendar-gaps.js'
import { CALENDARS as US_CALENDARS, holidaysOfYear, type CalendarId as UsCalendarId } from './holidays.js'
import { citationsOf, overlayOf, type Citation } from './holiday-overlays.js'
import {
  DATE_HOLIDAYS_VERSION, findWorldCalendar, worldCalendars, worldHolidays, type HolidayType, type WorldCalendar
} from './world-holidays.js'

export interface Calendar {
  /** The id as documented: `us-federal`, `weekdays`, `DE-BY` (a world id in the data's spelling, whatever was sent). */
  id: string
  /** The US federal rules, `weekdays`, or null for a date-holidays calendar. */
  statutory: UsCalendarId | null
  world: WorldCalendar | null
  /** Through which year the data has every holiday the calendar keeps every year, and what it lacks after. */
  completeness: Completeness
}

// One object per calendar, made once: a request looks its calendar up twice
const found = new Map<string, Calendar>(US_CALENDARS.map((calendar) => [
  calendar.id, { id: calendar.id, statutory: calendar.id, world: null, completeness: completenessOf(calendar.id) }
]))

/** The calendar an id names (world ids in any case), or null. */
export function findCalendar (id: string): Calendar | null {
  const known = found.get(id)
  if (known !== undefined) return known
  const world = findWorldCalendar(id)
  if (world === null) return null
  const calendar: Calendar = { id: world.id, statutory: null, world, completeness: completenessOf(world.id) }
  // Bounded by the calendars and the case spellings of their ids that are asked for
  if (found.size < 8192) found.set(id, calendar)
  return calendar
}

/** Whose days off a calendar holds: a whole country's, a subdivision's, or the employers a federal law covers. */
type Coverage = 'national' | 'regional' | 'federal-sector' | 'none'

export interface CalendarInfo {
  id: string
  name: string
  description: string
  country: string | null
  subdivision: string | null
  coverage: Coverage
  /** The holiday types that count when a request has no `holiday_types`. */
  defaultTypes: HolidayType[]
  /** Where the holiday rules come from: a statute, or the data package and its version. */
  source: string
  /** The laws and official lists the overlays on the data follow. */
  overlays: Citation[]
  completeness: Completeness
}

type UsInfo = Pick<CalendarInfo, 'country' | 'subdivision' | 'source' | 'coverage'>
const US_SOURCES: Record<UsCalendarId, UsInfo> = {
  'us-federal': { country: 'US', subdivision: null, coverage: 'federal-sector', source: '5 U.S.C. 6103(a) and (b); Executive Order 11582' },
  'us-federal-dc': { country: 'US', subdivision: 'DC', coverage: 'federal-sector', source: '5 U.S.C. 6103(a), (b) and (c); Executive Order 11582' },
  weekdays: { country: null, subdivision: null, coverage: 'none', source: 'none: no holidays' }
}

/** What a world calendar holds, said so that a customer picks between a country, its regions and a sector. */
function describe (world: WorldCalendar, coverage: Coverage, hasRegions: boolean): string {
  const types = '`holiday_types` picks which types count (public only by default).'
  if (coverage === 'federal-sector') {
    return `${world.name}: the general holidays of the federal law, with days in lieu, for employers it covers ` +
      '(banks, airlines, telecoms, interprovincial transport); provincially regulated employers follow their ' +
      `province's calendar (${world.country}-ON, ...). All its holidays are public.`
  }
  if (coverage === 'regional') return `Holidays of ${world.name}, national and regional, from the date-holidays package; ${types}`
  const regions = hasRegions ? ` Regional holidays are in the subdivisions' calendars (${world.id}-...).` : ''
  return `Holidays the whole of ${world.name} keeps, from the date-holidays package.${regions} ${types}`
}

const DEFAULT_TYPES: HolidayType[] = ['public']

let infos: CalendarInfo[] | null = null

/** Every calendar: the three statutory ones first, then the world ones by id. */
export function calendarInfos (): readonly CalendarInfo[] {
  if (infos !== null) return infos
  const worlds = worldCalendars().sort((a, b) => a.id.localeCompare(b.id))
  const withRegions = new Set(worlds.filter((world) => world.subdivision !== null).map((world) => world.country))
  infos = [
    ...US_CALENDARS.map((calendar) => ({
      ...calendar, ...US_SOURCES[calendar.id], defaultTypes: DEFAULT_TYPES, overlays: [], completeness: completenessOf(calendar.id)
    })),
    ...worlds.map((world): CalendarInfo => {
      const overlay = overlayOf(world.id)
      const coverage = overlay?.defines?.coverage ?? (world.subdivision === null ? 'national' : 'regional')
      const overlays = overlay === null ? [] : citationsOf(overlay)
      return {
        id: world.id,
        name: world.name,
        description: describe(world, coverage, withRegions.has(world.country)),
        country: world.country,
        subdivision: world.subdivision,
        coverage,
        defaultTypes: DEFAULT_TYPES,
        source: overlay?.defines?.source ?? `date-holidays ${DATE_HOLIDAYS_VERSION}`,
        overlays,
        completeness: completenessOf(world.id)
      }
    })
  ]
  return infos
}

/** One day's closures: flat [from, to, ...] seconds of the local day, and the holiday of each range (names[i] closes
 * ranges[2i] to ranges[2i + 1]). */
export interface DayClosure {
  ranges: number[]
  names: string[]
}

/** A holiday as the holidays endpoint lists it. */
export interface ListedHoliday {
  name: string
  /** The day the holiday falls on (the statute's date for the US federal calendars). */
  date: number
  /** The day off. */
  observed: number
  type: HolidayType
  substitute: boolean
  /** Wall-clock seconds of the closure: a holiday of the data may start at a time of day or last several days. */
  start: number
  end: number
  /** For world calendars: the data's reference, which finds the local-language name. */
  ref: string | null
}

/** The holidays of the calendar that touch `year`, sorted by start. */
function holidaysAround (calendar: Calendar, types: readonly HolidayType[], year: number): ListedHoliday[] {
  if (calendar.world !== null) {
    const world = calendar.world
    return [year - 1, year, year + 1].flatMap((y) => worldHolidays(world, types, y).map((holiday) => {
      const date = floorDiv(holiday.start, SECONDS_PER_DAY)
      return { ...holiday, date, observed: date }
    }))
  }
  // US federal holidays are all of the public type; asking for other types only leaves them out
  if (calendar.statutory === null || !types.includes('public')) return []
  const listed: ListedHoliday[] = []
  for (const y of [year - 1, year, year + 1]) {
    for (const holiday of holidaysOfYear(calendar.statutory, y)) {
      const base = { name: holiday.name, date: holiday.date, observed: holiday.observed, type: 'public' as const, ref: null }
      listed.push({ ...base, substitute: false, start: holiday.date * SECONDS_PER_DAY, end: (holiday.date + 1) * SECONDS_PER_DAY })
      // The day off the law gives for a weekend holiday closes too: a team that works Saturdays is closed on both
      if (holiday.observed !== holiday.date) {
        listed.push({ ...base, substitute: true, start: holiday.observed * SECONDS_PER_DAY, end: (holiday.observed + 1) * SECONDS_PER_DAY })
      }
    }
  }
  return listed.sort((a, b) => a.start - b.start)
}

const MAX_CACHED = 8192
const closureCache = new Map<string, Map<number, DayClosure>>()

/** The closed ranges of each local date of `year` that has any, by day number. */
export function closuresOfYear (calendar: Calendar, types: readonly HolidayType[], year: number): ReadonlyMap<number, DayClosure> {
  const key = `${calendar.id}|${types.join(',')}|${year}`
  let closures = closureCache.get(key)
  if (closures !== undefined) return closures
  closures = new Map()
  const first = dayNumber(year, 1, 1)
  const end = dayNumber(year + 1, 1, 1)
  for (const holiday of holidaysAround(calendar, types, year)) {
    const lastDay = floorDiv(holiday.end - 1, SECONDS_PER_DAY)
    for (let day = Math.max(floorDiv(holiday.start, SECONDS_PER_DAY), first); day <= lastDay && day < end; day++) {
      const from = Math.max(holiday.start - day * SECONDS_PER_DAY, 0)
      const to = Math.min(holiday.end - day * SECONDS_PER_DAY, SECONDS_PER_DAY)
      let closure = closures.get(day)
      if (closure === undefined) closures.set(day, closure = { ranges: [], names: [] })
      closure.ranges.push(from, to)
      closure.names.push(holiday.name)
    }
  }
  if (closureCache.size >= MAX_CACHED) closureCache.delete(closureCache.keys().next().value as string)
  closureCache.set(key, closures)
  return closures
}

/**
 * The holidays listed for `year`: the US federal ones by observed day (as the 6103 lists read, so Fri 2027-12-31,
 * New Year's Day 2028, is in 2027), the others by the day they start.
 */
export function holidaysListedIn (calendar: Calendar, types: readonly HolidayType[], year: number): ListedHoliday[] {
  const inYear = (day: number) => civilDate(day).year === year
  if (calendar.world !== null) {
    return holidaysAround(calendar, types, year).filter((holiday) => inYear(holiday.date))
  }
  // One entry per holiday, on its observed day
  return holidaysAround(calendar, types, year)
    .filter((holiday) => holiday.start === holiday.observed * SECONDS_PER_DAY && inYear(holiday.observed))
    .sort((a, b) => a.observed - b.observed || a.date - b.date)
}
