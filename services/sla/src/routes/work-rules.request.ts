// What a schema cannot say about the working-time fields (a known calendar, real dates, intervals in order, a date
// overridden once), and the engine's calendar for a valid request.
import { dayNumber, daysInMonth } from '@utility-apis/civil-date'
import { valueError, type ValidationIssue } from '@utility-apis/fastapi-errors'
import { findCalendar, type Calendar } from '../domain/calendars.js'
import { CLOSED, mergeIntervals, type DayHours } from '../domain/day-hours.js'
import { DEFAULT_WEEK, FIRST_DAY, LAST_DAY, workCalendar, type WorkCalendar } from '../domain/working-calendar.js'
import { HOLIDAY_TYPES, type HolidayType } from '../domain/world-holidays.js'
import { WEEKDAY_KEYS, type Override, type Schedule } from './work-rules.schemas.js'

export type Loc = Array<string | number>

const digitsAt = (text: string, at: number): number => (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48

/**
 * A `YYYY-MM-DD` (already matching the pattern) as a day number, or null when no such date exists. Read in place:
 * a request may carry 2,000 dates, and a batch a thousand such requests.
 */
export function parseDate (text: string): number | null {
  const year = digitsAt(text, 0) * 100 + digitsAt(text, 2)
  const month = digitsAt(text, 5)
  const day = digitsAt(text, 8)
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return dayNumber(year, month, day)
}

// `HH:MM`, already matching the pattern
const clockSeconds = (text: string): number => digitsAt(text, 0) * 3600 + digitsAt(text, 3) * 60

/** Problems of one day's intervals (each already two `HH:MM` strings), at loc + index. */
function intervalIssues (intervals: ReadonlyArray<readonly string[]>, loc: Loc): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  let previousEnd = -1
  intervals.forEach((interval, index) => {
    const [from, to] = interval
    const start = clockSeconds(from)
    const end = clockSeconds(to)
    let error: string | null = null
    if (from === '24:00') error = '24:00 can only end an interval; start the next day at 00:00'
    else if (end <= start) error = `the end ${to} must be after the start ${from}`
    else if (start < previousEnd) error = 'intervals must be sorted and not overlap: this one starts before the one before it ends'
    if (error !== null) issues.push(valueError([...loc, index], interval, error))
    previousEnd = Math.max(previousEnd, end)
  })
  return issues
}

const hoursOf = (intervals: ReadonlyArray<readonly string[]>): DayHours =>
  intervals.length === 0 ? CLOSED : mergeIntervals(intervals.map(([from, to]) => [clockSeconds(from), clockSeconds(to)]))

const FIRST_DATE = '1971-01-01'
const LAST_DATE = '2199-12-31'

function dateIssue (text: string, loc: Loc): ValidationIssue | null {
  const day = parseDate(text)
  if (day === null) return valueError(loc, text, `${text} is not a real date`)
  if (day < FIRST_DAY || day > LAST_DAY) return valueError(loc, text, `must be between ${FIRST_DATE} and ${LAST_DATE}`)
  return null
}

export interface WorkRulesBody {
  calendar: string
  timezone: string
  schedule?: Schedule
  holiday_types?: HolidayType[]
  holidays?: string[]
  overrides?: Override[]
}

/**
 * The problems of the working-time fields, given the fields the schema already found wrong (`sound` says whether
 * a loc holds no schema problem). Unknown weekday keys are reported here: a typo must never close a day.
 */
export function workRulesIssues (body: Record<string, unknown>, sound: (loc: Loc) => boolean): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  const { calendar, schedule, holidays, overrides } = body
  if (typeof calendar === 'string' && sound(['body', 'calendar']) && findCalendar(calendar) === null) {
    issues.push(valueError(['body', 'calendar'], calendar, `unknown calendar '${calendar}'; GET /v1/business-days/calendars ` +
      'lists them: us-federal, us-federal-dc, weekdays, or a country code with its subdivision such as GB, DE-BY or US-CA'))
  }
  if (typeof schedule === 'object' && schedule !== null && !Array.isArray(schedule)) {
    // An unknown key already says the schedule is not what was meant: it is not also called empty
    let open = false
    for (const [key, value] of Object.entries(schedule)) {
      const loc: Loc = ['body', 'schedule', key]
      if (!(WEEKDAY_KEYS as readonly string[]).includes(key)) {
        issues.push({ type: 'extra_forbidden', loc, msg: 'Extra inputs are not permitted', input: value })
        open = true
        continue
      }
      if (!Array.isArray(value) || !sound(loc)) continue
      issues.push(...intervalIssues(value as string[][], loc))
      if (value.length > 0) open = true
    }
    if (!open && sound(['body', 'schedule'])) {
      issues.push(valueError(['body', 'schedule'], schedule, 'the schedule has no working time: give at least one weekday an interval'))
    }
  }
  if (Array.isArray(holidays)) {
    holidays.forEach((text: string, index) => {
      if (!sound(['body', 'holidays', index])) return
      const issue = dateIssue(text, ['body', 'holidays', index])
      if (issue !== null) issues.push(issue)
    })
  }
  if (Array.isArray(overrides)) {
    const seen = new Map<string, number>()
    overrides.forEach((override: Override, index) => {
      const loc: Loc = ['body', 'overrides', index]
      if (!sound([...loc, 'date']) || typeof override !== 'object' || override === null) return
      const issue = dateIssue(override.date, [...loc, 'date'])
      const first = seen.get(override.date)
      const again = `${override.date} is already overridden by overrides[${String(first)}]`
      if (issue !== null) issues.push(issue)
      else if (first !== undefined) issues.push(valueError([...loc, 'date'], override.date, again))
      else seen.set(override.date, index)
      if (sound([...loc, 'hours'])) issues.push(...intervalIssues(override.hours, [...loc, 'hours']))
    })
  }
  return issues
}

/** The types in their documented order, without repeats: one cache entry however the list is written. */
const typesOf = (types: readonly HolidayType[] | undefined): HolidayType[] =>
  types === undefined ? ['public'] : HOLIDAY_TYPES.filter((type) => types.includes(type))

// The default rules' calendar asked for last: most requests, and most items of a batch, ask for it again
let lastDefault: { zone: string, calendar: Calendar, work: WorkCalendar } | null = null

/** The engine's calendar for a valid request; compiled once per distinct set of rules. */
export function workCalendarFor (body: WorkRulesBody, calendar: Calendar): WorkCalendar {
  const { timezone, schedule, holiday_types: types, holidays, overrides } = body
  const plain = schedule === undefined && types === undefined && holidays === undefined && overrides === undefined
  if (plain && lastDefault !== null && lastDefault.zone === timezone && lastDefault.calendar === calendar) return lastDefault.work
  // Requests without the new fields share one calendar per zone and calendar id
  const key = plain ? `${timezone}|${calendar.id}` : rulesKey(body, calendar)
  const work = compiled(key, body, calendar)
  if (plain) lastDefault = { zone: timezone, calendar, work }
  return work
}

/**
 * The rules written out, as the cache's key: each field in a fixed order with separators no value contains (values
 * are validated: clocks, dates, type names). Several times cheaper than JSON.stringify of the same fields.
 */
function rulesKey (body: WorkRulesBody, calendar: Calendar): string {
  let key = `${body.timezone}|${calendar.id}|${typesOf(body.holiday_types).join(',')}|`
  const { schedule, holidays, overrides } = body
  if (schedule !== undefined) {
    for (const day of WEEKDAY_KEYS) {
      const intervals = schedule[day]
      if (intervals !== undefined) for (const interval of intervals) key += interval[0] + interval[1]
      key += ';'
    }
  }
  key += '|'
  if (holidays !== undefined) key += holidays.join(',')
  key += '|'
  if (overrides !== undefined) {
    for (const override of overrides) {
      key += override.date
      for (const interval of override.hours) key += interval[0] + interval[1]
      key += ';'
    }
  }
  return key
}

function compiled (key: string, body: WorkRulesBody, calendar: Calendar): WorkCalendar {
  const { timezone, schedule, holiday_types: types, holidays, overrides } = body
  return workCalendar(key, () => ({
    zone: timezone,
    calendar,
    holidayTypes: typesOf(types),
    week: schedule === undefined ? DEFAULT_WEEK : WEEKDAY_KEYS.map((key) => hoursOf(schedule[key] ?? [])),
    closedDates: (holidays ?? []).map((text) => parseDate(text) ?? Number.NaN),
    overrides: new Map((overrides ?? []).map((override) => [parseDate(override.date) ?? Number.NaN, hoursOf(override.hours)]))
  }))
}
