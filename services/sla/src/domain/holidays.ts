// US federal holidays: 5 U.S.C. 6103 with the rules in force each year since the Uniform Monday Holiday Act took
// effect (1971), and the weekend observance of Executive Order 11582 for a Monday-Friday workweek.
import {
  MONDAY, SATURDAY, SUNDAY, THURSDAY, dayNumber, lastWeekdayOfMonth, nthWeekdayOfMonth, weekday
} from '@utility-apis/civil-date'

const FIRST_RULE_YEAR = 1971

export interface Holiday {
  /** Statutory name (6103(a)); "Presidents' Day" and the like are popular names only. */
  name: string
  /** Day number of the day the statute names. */
  date: number
  /** Day number of the day off for a Monday-Friday workweek. */
  observed: number
}

type Rule = (year: number) => number | null

function fixed (month: number, day: number, since = 0): Rule {
  return (year) => year >= since ? dayNumber(year, month, day) : null
}

function nth (month: number, isoWeekday: number, n: number, since = 0): Rule {
  return (year) => year >= since ? nthWeekdayOfMonth(year, month, isoWeekday, n) : null
}

// Veterans Day was the fourth Monday of October from 1971 through 1977 (Pub. L. 90-363), then Nov 11 again
// (Pub. L. 94-97, effective 1978).
const veteransDay: Rule = (year) => year >= 1978
  ? dayNumber(year, 11, 11)
  : nthWeekdayOfMonth(year, 10, MONDAY, 4)

// Each rule is listed in calendar order; the year is that of the statutory date.
const FEDERAL_RULES: ReadonlyArray<readonly [string, Rule]> = [
  ["New Year's Day", fixed(1, 1)],
  ['Birthday of Martin Luther King, Jr.', nth(1, MONDAY, 3, 1986)],
  ["Washington's Birthday", nth(2, MONDAY, 3)],
  ['Memorial Day', (year) => lastWeekdayOfMonth(year, 5, MONDAY)],
  ['Juneteenth National Independence Day', fixed(6, 19, 2021)],
  ['Independence Day', fixed(7, 4)],
  ['Labor Day', nth(9, MONDAY, 1)],
  ['Columbus Day', nth(10, MONDAY, 2)],
  ['Veterans Day', veteransDay],
  ['Thanksgiving Day', nth(11, THURSDAY, 4)],
  ['Christmas Day', fixed(12, 25)]
]

/** Saturday holidays are observed the Friday before (6103(b)(1)), Sunday ones the Monday after (EO 11582). */
export function observedDay (date: number): number {
  const day = weekday(date)
  if (day === SATURDAY) return date - 1
  if (day === SUNDAY) return date + 1
  return date
}

function federalHolidays (year: number): Holiday[] {
  const holidays: Holiday[] = []
  if (year < FIRST_RULE_YEAR) return holidays
  for (const [name, rule] of FEDERAL_RULES) {
    const date = rule(year)
    if (date !== null) holidays.push({ name, date, observed: observedDay(date) })
  }
  return holidays
}

// 6103(c): Jan 20 of every fourth year after 1965, only for employees in the DC area. When Jan 20 is a Sunday the
// statute names the next day, the day of the public ceremony; a Saturday one has no in-lieu day (OPM).
function inaugurationDay (year: number): Holiday | null {
  if (year < FIRST_RULE_YEAR || (year - 1965) % 4 !== 0) return null
  const date = dayNumber(year, 1, 20)
  return { name: 'Inauguration Day', date, observed: weekday(date) === SUNDAY ? date + 1 : date }
}

export type CalendarId = 'us-federal' | 'us-federal-dc' | 'weekdays'

export interface CalendarInfo {
  id: CalendarId
  name: string
  description: string
}

export const CALENDARS: readonly CalendarInfo[] = [
  {
    id: 'us-federal',
    name: 'US federal holidays',
    description: 'Monday to Friday without the legal public holidays of 5 U.S.C. 6103(a); a Saturday holiday is ' +
      'observed the Friday before (so Jan 1 on a Saturday makes Dec 31 a holiday), a Sunday one the Monday after.'
  },
  {
    id: 'us-federal-dc',
    name: 'US federal holidays, Washington DC area',
    description: 'us-federal plus Inauguration Day (5 U.S.C. 6103(c)), Jan 20 after each presidential election ' +
      '(Jan 21 when Jan 20 is a Sunday), with no in-lieu day when it falls on a Saturday.'
  },
  {
    id: 'weekdays',
    name: 'Weekdays',
    description: 'Monday to Friday, no holidays.'
  }
]

/** The holidays whose statutory date falls in `year`. */
export function holidaysOfYear (calendar: CalendarId, year: number): Holiday[] {
  if (calendar === 'weekdays') return []
  const holidays = federalHolidays(year)
  if (calendar === 'us-federal-dc') {
    const inauguration = inaugurationDay(year)
    if (inauguration !== null) holidays.push(inauguration)
  }
  return holidays
}

/**
 * The days off observed in `year`, in date order. Keyed by the observed day, so Fri 2021-12-31 (New Year's Day
 * 2022) belongs to 2021, which is what a year's working days depend on.
 */
export function holidaysObservedIn (calendar: CalendarId, year: number): Holiday[] {
  const from = dayNumber(year, 1, 1)
  const to = dayNumber(year + 1, 1, 1)
  return [year - 1, year, year + 1]
    .flatMap((y) => holidaysOfYear(calendar, y))
    .filter((holiday) => holiday.observed >= from && holiday.observed < to)
    .sort((a, b) => a.observed - b.observed || a.date - b.date)
}
