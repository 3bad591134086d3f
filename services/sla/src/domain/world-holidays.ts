// Holidays of every country, subdivision and region the date-holidays package knows, as local wall-time intervals.
//
// date-holidays builds its dates with the host's Date (the service runs in UTC); asked for the 'UTC' zone it returns
// each holiday's start and end as wall time written as UTC, which is all this service needs: the customer's zone
// applies to the local dates. A holiday of the Islamic or Hebrew calendar is given from 18:00 the evening before
// (`date` ends in " -0600"): the day off is the civil date, so it is read from 00:00 of that date for the same length.
import { createRequire } from 'node:module'
import Holidays from 'date-holidays'
import { SECONDS_PER_DAY, floorDiv } from '@utility-apis/civil-date'
import { OVERLAYS, daysInLieu, overlayHolidays, overlayOf, type DatedHoliday, type Overlay } from './holiday-overlays.js'

export const HOLIDAY_TYPES = ['public', 'bank', 'optional', 'school', 'observance'] as const
export type HolidayType = typeof HOLIDAY_TYPES[number]

export const DATE_HOLIDAYS_VERSION: string = createRequire(import.meta.url)('date-holidays/package.json').version

export interface WorldCalendar {
  /** Country, subdivision and region codes joined by '-', as the data spells them: `DE`, `DE-BY`, `DE-BY-A`. */
  id: string
  country: string
  /** The subdivision (and region) part of the id, or null for a whole country: `BY`, `BY-A`. */
  subdivision: string | null
  /** English where the data has it (`Germany`), else local (`Germany, Bayern`). */
  name: string
}

export interface WorldHoliday {
  /** Wall-clock seconds (local time counted as if UTC) of the start, inclusive. */
  start: number
  /** Wall-clock seconds of the end, exclusive. */
  end: number
  /** English where the data has one, else the local name. */
  name: string
  type: HolidayType
  /** A day off given in place of a holiday that fell on a rest day. */
  substitute: boolean
  /** The data's rule and start, which identify the holiday in another language's list. */
  ref: string
}

let index: Map<string, WorldCalendar> | null = null

/** Every calendar, by its upper-cased id. Built once, on first use (about 600 entries). */
function calendarIndex (): Map<string, WorldCalendar> {
  if (index !== null) return index
  const all = new Map<string, WorldCalendar>()
  const data = new Holidays()
  const countries = data.getCountries('en')
  for (const [country, countryName] of Object.entries(countries)) {
    all.set(country.toUpperCase(), { id: country, country, subdivision: null, name: countryName })
    for (const [state, stateName] of Object.entries(data.getStates(country, 'en') ?? {})) {
      const id = `${country}-${state}`
      all.set(id.toUpperCase(), { id, country, subdivision: state, name: `${countryName}, ${stateName}` })
      for (const [region, regionName] of Object.entries(data.getRegions(country, state, 'en') ?? {})) {
        const regionId = `${id}-${region}`
        const name = `${countryName}, ${stateName}, ${regionName}`
        all.set(regionId.toUpperCase(), { id: regionId, country, subdivision: `${state}-${region}`, name })
      }
    }
  }
  for (const overlay of OVERLAYS) {
    if (overlay.defines === null) continue
    const { name, country, subdivision } = overlay.defines
    all.set(overlay.id.toUpperCase(), { id: overlay.id, country, subdivision, name })
  }
  index = all
  return all
}

/** The calendar an id names, whatever its case (`gb-eng` is GB-ENG), or null. */
export function findWorldCalendar (id: string): WorldCalendar | null {
  return calendarIndex().get(id.toUpperCase()) ?? null
}

export function worldCalendars (): WorldCalendar[] {
  return [...calendarIndex().values()]
}

// Each cache is bounded: on overflow the oldest entry goes (a Map iterates in insertion order)
function remember<V> (cache: Map<string, V>, key: string, value: V, limit: number): V {
  if (cache.size >= limit) cache.delete(cache.keys().next().value as string)
  cache.set(key, value)
  return value
}

const MAX_INSTANCES = 256
const MAX_YEARS = 8192
const instances = new Map<string, Holidays>()
const years = new Map<string, WorldHoliday[]>()

/** A date-holidays instance that considers only the given types; English first, else the local language. */
function instance (calendar: WorldCalendar, types: readonly HolidayType[], english: boolean): Holidays {
  const key = `${calendar.id}|${types.join(',')}|${english ? 'en' : ''}`
  const found = instances.get(key)
  if (found !== undefined) return found
  const [country, state, region] = calendar.id.split('-')
  // Of two entries with one name and start (Ireland's St Patrick's Day, public, and again as a bank holiday by a rule
  // that adds the Monday after a weekend) date-holidays keeps the one whose type it was given last: public goes last
  const ordered = HOLIDAY_TYPES.filter((type) => types.includes(type)).reverse()
  const options = { timezone: 'UTC', types: ordered, ...(english ? { languages: ['en'] } : {}) }
  const holidays = new Holidays(country, state, region, options)
  const overlay = overlayOf(calendar.id)
  if (overlay !== null) {
    for (const { rule } of overlay.remove) holidays.unsetRule(rule)
    retype(holidays, overlay.retype, [country, state, region])
    for (const { rule, name, localNames } of overlay.add) holidays.setHoliday(rule, { name: { ...localNames, en: name }, type: 'public' })
    // The overlay gives every day in lieu by the law's rule: the data's own (some of them unmarked) would double them
    if (overlay.inLieu !== null) {
      for (const { rule, substitute } of holidays.getRules() as unknown as Array<{ rule: string, substitute?: boolean }>) {
        if (substitute === true || rule.startsWith('substitutes ')) holidays.unsetRule(rule)
      }
    }
  }
  return remember(instances, key, holidays, MAX_INSTANCES)
}

/**
 * Gives rules of the data another type. The rule is read from an instance of every type (the data's own names and
 * notes kept), since `holidays` holds only the types asked for; set again, it stays out unless its new type is asked for.
 */
function retype (holidays: Holidays, rules: Overlay['retype'], place: readonly string[]): void {
  if (rules.length === 0) return
  const [country, state, region] = place
  const everyType = new Holidays(country, state, region, { timezone: 'UTC', types: [...HOLIDAY_TYPES] })
  for (const { rule, type } of rules) {
    // Undefined for a rule the data no longer has: the overlay would do nothing, so it fails loudly (and the tests)
    const found = everyType.getRule(rule) as object | undefined
    if (found === undefined) throw new Error(`overlay: no rule ${rule} in the data`)
    holidays.unsetRule(rule)
    holidays.setRule({ ...found, rule, type })
  }
}

const SUNSET_OFFSET = / ([+-])(\d{2})(\d{2})$/

/** The holidays the data dates in `year` (a multi-day one may run into the next year), sorted by start. */
export function worldHolidays (calendar: WorldCalendar, types: readonly HolidayType[], year: number): readonly WorldHoliday[] {
  const key = `${calendar.id}|${types.join(',')}|${year}`
  const found = years.get(key)
  if (found !== undefined) return found
  const overlay = overlayOf(calendar.id)
  let holidays = overlay?.defines != null ? definedHolidays(overlay.id, types, year) : dataHolidays(calendar, types, year)
  if (overlay?.inLieu != null && overlay.defines === null && types.includes('public')) {
    const publicDays = holidays.filter((holiday) => holiday.type === 'public').map(datedHoliday)
    const given = daysInLieu(publicDays, overlay.inLieu).map((holiday) => asWorldHoliday(holiday, 'in-lieu'))
    holidays = [...holidays, ...given].sort((a, b) => a.start - b.start)
  }
  return remember(years, key, holidays, MAX_YEARS)
}

function dataHolidays (calendar: WorldCalendar, types: readonly HolidayType[], year: number): WorldHoliday[] {
  return instance(calendar, types, true).getHolidays(year).map((holiday): WorldHoliday => {
    const shift = SUNSET_OFFSET.exec(holiday.date)
    const seconds = shift === null ? 0 : (shift[1] === '-' ? 1 : -1) * (Number(shift[2]) * 3600 + Number(shift[3]) * 60)
    return {
      start: +holiday.start / 1000 + seconds,
      end: +holiday.end / 1000 + seconds,
      name: holiday.name,
      type: holiday.type,
      substitute: holiday.substitute === true,
      ref: `${holiday.rule}|${+holiday.start}`
    }
  })
}

function datedHoliday (holiday: WorldHoliday): DatedHoliday {
  return { date: floorDiv(holiday.start, SECONDS_PER_DAY), name: holiday.name, substitute: holiday.substitute }
}

function asWorldHoliday (holiday: DatedHoliday, source: string): WorldHoliday {
  const start = holiday.date * SECONDS_PER_DAY
  return { start, end: start + SECONDS_PER_DAY, name: holiday.name, type: 'public', substitute: holiday.substitute, ref: `${source}|${start}` }
}

/** A calendar an overlay defines: all its holidays are public. */
function definedHolidays (id: string, types: readonly HolidayType[], year: number): WorldHoliday[] {
  const overlay = overlayOf(id)
  if (overlay === null || !types.includes('public')) return []
  return overlayHolidays(overlay, year).map((holiday) => asWorldHoliday(holiday, id))
}

const names = new Map<string, ReadonlyMap<string, string>>()

/** The local-language names of a year's holidays, by `ref`: only the holiday list shows them. */
export function localNames (calendar: WorldCalendar, types: readonly HolidayType[], year: number): ReadonlyMap<string, string> {
  const key = `${calendar.id}|${types.join(',')}|${year}`
  const found = names.get(key)
  if (found !== undefined) return found
  // A calendar an overlay defines has its names in English only
  if (overlayOf(calendar.id)?.defines != null) return new Map()
  const byRef = new Map(instance(calendar, types, false).getHolidays(year).map((holiday) => [`${holiday.rule}|${+holiday.start}`, holiday.name]))
  return remember(names, key, byRef, MAX_YEARS)
}
