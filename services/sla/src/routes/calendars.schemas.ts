import { Type, type Static } from '@sinclair/typebox'
import { LAST_MEASURED_YEAR } from '../domain/calendar-gaps.js'
import { HOLIDAY_TYPES } from '../domain/world-holidays.js'
import { CalendarField } from './work-rules.schemas.js'

export const FIRST_YEAR = 1971
export const LAST_YEAR = 2100

const missingHolidays = Type.Array(Type.String(), {
  description: 'The public holidays the data lacks, by the English names the holidays list gives them in the years it has them; ' +
    'for CN, the State Council\'s yearly arrangement of bridge days off and weekend working days, which no year holds.'
})

const CalendarGapSchema = Type.Object({
  first_year: Type.Integer({ description: 'The first year the data lacks them.' }),
  last_year: Type.Integer({ description: `The last: ${LAST_MEASURED_YEAR}, the end of the range a result may reach.` }),
  missing: missingHolidays,
  reason: Type.String({
    description: 'Why: a list of dates in the data that ends, a calendar (Islamic, Hebrew) it has dates of up to a year, or ' +
      'days a government sets each year that the data does not hold.'
  })
}, { title: 'CalendarGap' })

const IncompleteYearWarning = Type.Object({
  code: Type.Literal('calendar_incomplete'),
  calendar: Type.String({ description: 'The calendar id as documented.' }),
  year: Type.Integer({ description: 'A local year the answer\'s working time touches whose data lacks holidays.' }),
  missing: missingHolidays
}, {
  title: 'CalendarWarning',
  description: 'The working time of the answer touches a year past the calendar\'s `complete_through` (GET ' +
    '/v1/business-days/calendars) and its public holidays count: one entry per such year, with the holidays the data ' +
    'lacks in it. Send those days in `holidays` to count them.'
})

const WeekWarning = Type.Object({
  code: Type.Literal('week_differs'),
  calendar: Type.String({ description: 'The calendar id as documented.' }),
  weekend: Type.Array(Type.String(), { description: 'The weekdays of the country\'s weekend: `["friday", "saturday"]`.' })
}, {
  title: 'WeekWarning',
  description: 'The answer took the default week (Monday to Friday, no `schedule` sent) over a calendar of a country ' +
    'whose weekend is another (Israel, Saudi Arabia, Egypt, Bahrain, Bangladesh, Algeria, Libya, Sudan: Friday and Saturday). Send ' +
    '`schedule` with the working days of the team.'
})

/**
 * The warnings of an answer that may not be the one meant: absent when there are none, so that an answer over
 * complete years with the country's own week is what it was before warnings existed.
 */
export const CalendarWarningsField = Type.Optional(Type.Array(Type.Union([IncompleteYearWarning, WeekWarning]), {
  description: 'Present when the answer counts a year the calendar\'s data does not hold in full (`calendar_incomplete`), ' +
    'or takes the default Monday-to-Friday week over a country whose weekend is another (`week_differs`). Absent otherwise.'
}))

const nullableString = (description: string) => Type.Unsafe<string | null>({ type: ['string', 'null'], description })

const CalendarSchema = Type.Object({
  id: Type.String({ description: 'The value to pass as `calendar` (any case).' }),
  name: Type.String({ description: 'English where the data has it.' }),
  description: Type.String(),
  country: nullableString('ISO 3166-1 alpha-2 code; null for `weekdays`.'),
  subdivision: nullableString('The subdivision (and region) code after the country, as in the id: `BY`, `BY-A`; null for a whole country.'),
  coverage: Type.Union([Type.Literal('national'), Type.Literal('regional'), Type.Literal('federal-sector'), Type.Literal('none')], {
    description: 'Whose days off the calendar holds: `national` (the days the whole country keeps; a region\'s own are in ' +
      'its subdivision calendar), `regional` (a subdivision: national and regional days), `federal-sector` (employers ' +
      'a federal law covers: us-federal, CA-FED), `none` (weekdays).'
  }),
  default_types: Type.Array(Type.String(), { description: 'The holiday types that count when a calculation has no `holiday_types`.' }),
  source: Type.String({ description: 'Where the holiday rules come from: the statute, or `date-holidays <version>`.' }),
  overlays: Type.Array(Type.Object({
    title: Type.String({ description: 'The law or official list.' }),
    url: Type.String()
  }, { title: 'Citation' }), {
    description: 'The laws and official lists this service applies over the data (days in lieu, missing dates, corrections).'
  }),
  working_days: Type.Array(Type.String(), { description: 'The weekdays of the default hours, used when a request has no `schedule`.' }),
  working_hours: Type.Object({
    opens: Type.String({ description: 'Local wall time, inclusive.' }),
    closes: Type.String({ description: 'Local wall time, exclusive.' })
  }, { description: 'The default hours, used when a request has no `schedule`.' }),
  first_year: Type.Integer({ description: 'The first year an input may lie in.' }),
  last_year: Type.Integer({ description: `The last year an input may lie in (results may reach ${LAST_MEASURED_YEAR}).` }),
  complete_through: Type.Integer({
    description: 'The last year through which the data has every public holiday the calendar keeps every year, measured from the ' +
      `data's current years to ${LAST_MEASURED_YEAR} (${LAST_MEASURED_YEAR} when it lacks none). An answer whose working time ` +
      'touches a later year carries a `calendar_incomplete` warning.'
  }),
  gaps: Type.Array(CalendarGapSchema, { description: 'What the data lacks after `complete_through`, from which year and why; empty when nothing.' })
}, { title: 'Calendar' })

export const CalendarsQuerySchema = Type.Object({
  country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$', description: 'Only the calendars of this country (ISO 3166-1 alpha-2, any case).' }))
})

export const CalendarsResponseSchema = Type.Object({
  calendars: Type.Array(CalendarSchema)
}, { title: 'CalendarList' })

const TYPE_LIST = `(?:${HOLIDAY_TYPES.join('|')})`

export const HolidaysQuerySchema = Type.Object({
  calendar: CalendarField,
  year: Type.Integer({ minimum: FIRST_YEAR, maximum: LAST_YEAR, description: 'Year in which the days off fall.' }),
  types: Type.Optional(Type.String({
    pattern: `^${TYPE_LIST}(?:,${TYPE_LIST})*$`,
    description: 'Comma-separated holiday types to list, as `holiday_types` in a calculation: `public` (the default), ' +
      '`bank`, `optional`, `school`, `observance`.',
    examples: ['public,bank']
  }))
})

export const HolidaysResponseSchema = Type.Object({
  calendar: Type.String({ description: 'The calendar id as documented.' }),
  year: Type.Integer(),
  types: Type.Array(Type.String()),
  holidays: Type.Array(Type.Object({
    name: Type.String({ description: "English where the data has one (the statutory name for us-federal, e.g. Washington's Birthday)." }),
    local_name: Type.String({ description: 'The name in the local language of the data.' }),
    date: Type.String({ description: 'The date the holiday falls on (the statute names), YYYY-MM-DD.' }),
    observed_date: Type.String({ description: 'The day off, YYYY-MM-DD: for us-federal a weekend holiday moves to Friday or Monday.' }),
    type: Type.String({ description: 'public, bank, optional, school or observance.' }),
    substitute: Type.Boolean({ description: 'A day off in place of a holiday that fell on a rest day.' }),
    closed_from: Type.String({ description: 'Local wall time the closure starts, YYYY-MM-DDTHH:MM:SS: a holiday may start at a time of day.' }),
    closed_until: Type.String({ description: 'Local wall time it ends (exclusive): a holiday may last several days.' })
  }, { title: 'Holiday' })),
  warnings: CalendarWarningsField
}, { title: 'HolidayList' })

export type CalendarsResponse = Static<typeof CalendarsResponseSchema>
export type HolidaysResponse = Static<typeof HolidaysResponseSchema>
