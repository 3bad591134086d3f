import { Type, type Static } from '@sinclair/typebox'
import { HOLIDAY_TYPES } from '../domain/world-holidays.js'
import { CalendarField } from './work-rules.schemas.js'

export const FIRST_YEAR = 1971
export const LAST_YEAR = 2100

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
  first_year: Type.Integer(),
  last_year: Type.Integer()
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
  }, { title: 'Holiday' }))
}, { title: 'HolidayList' })

export type CalendarsResponse = Static<typeof CalendarsResponseSchema>
export type HolidaysQuery = Static<typeof HolidaysQuerySchema>
export type HolidaysResponse = Static<typeof HolidaysResponseSchema>
