import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { formatDate, formatWallTime } from '@utility-apis/civil-date'
import { RequestValidationError, valueError } from '@utility-apis/fastapi-errors'
import { gapReason, incompleteYears, LAST_MEASURED_YEAR } from '../domain/calendar-gaps.js'
import { calendarInfos, findCalendar, holidaysListedIn, type Calendar } from '../domain/calendars.js'
import { HOLIDAY_TYPES, localNames, type HolidayType } from '../domain/world-holidays.js'
import { calendarsResponseExamples, holidaysResponseExamples, WORKING_DAYS, WORKING_HOURS } from './calendars.examples.js'
import {
  CalendarsQuerySchema, CalendarsResponseSchema, HolidaysQuerySchema, HolidaysResponseSchema, FIRST_YEAR, LAST_YEAR,
  type CalendarsResponse, type HolidaysResponse
} from './calendars.schemas.js'

let everyCalendar: CalendarsResponse['calendars'] | null = null

/** Every calendar with the fields of the response; built on first use (about 600). */
function allCalendars (): CalendarsResponse['calendars'] {
  everyCalendar ??= calendarInfos().map((calendar) => ({
    id: calendar.id,
    name: calendar.name,
    description: calendar.description,
    country: calendar.country,
    subdivision: calendar.subdivision,
    coverage: calendar.coverage,
    default_types: calendar.defaultTypes,
    source: calendar.source,
    overlays: calendar.overlays,
    working_days: WORKING_DAYS,
    working_hours: WORKING_HOURS,
    first_year: FIRST_YEAR,
    last_year: LAST_YEAR,
    complete_through: calendar.completeness.completeThrough,
    gaps: calendar.completeness.gaps.map((gap) => ({
      first_year: gap.from, last_year: LAST_MEASURED_YEAR, missing: [...gap.missing], reason: gapReason(gap)
    }))
  }))
  return everyCalendar
}

export const calendarsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v1/business-days/calendars', {
    config: { auth: true },
    schema: {
      tags: ['business-days'],
      operationId: 'listCalendars',
      summary: 'List the calendars',
      description: 'Every calendar `calendar` accepts: `us-federal`, `us-federal-dc` and `weekdays`, then every country, ' +
        'subdivision and region of the date-holidays data by id, and `CA-FED`, with what each covers (`national`, ' +
        '`regional`, `federal-sector`), the holiday types its default counts, where its rules come from (the laws ' +
        'the overlays on the data follow), and through which year its data holds every holiday it keeps every year ' +
        '(`complete_through`, with the `gaps` after it). `?country=CA` keeps one country\'s (the US federal ones are country US).',
      querystring: CalendarsQuerySchema,
      response: { 200: { ...CalendarsResponseSchema, description: 'The calendars.', 'x-examples': calendarsResponseExamples } }
    }
  }, async (request) => {
    const country = request.query.country?.toUpperCase()
    const calendars = allCalendars()
    return { calendars: country === undefined ? calendars : calendars.filter((calendar) => calendar.country === country) }
  })
}

/** The calendar a query names, or the 422 for one no calendar has. */
function calendarOf (query: { calendar: string }): Calendar {
  const calendar = findCalendar(query.calendar)
  if (calendar === null) {
    throw new RequestValidationError([valueError(['query', 'calendar'], query.calendar,
      `unknown calendar '${query.calendar}'; GET /v1/business-days/calendars lists them`)])
  }
  return calendar
}

/** A calendar's holidays of a year, with a warning when the data lacks some of its public ones that year. */
function holidayList (query: { calendar: string, year: number, types?: string }, count: (source: string) => void): HolidaysResponse {
  const { year } = query
  const calendar = calendarOf(query)
  const asked = query.types?.split(',') ?? ['public']
  const types = HOLIDAY_TYPES.filter((type) => asked.includes(type)) as HolidayType[]
  count(calendar.world === null ? calendar.id : 'date-holidays')
  const names = calendar.world === null ? null : localNames(calendar.world, types, year)
  const holidays = holidaysListedIn(calendar, types, year).map((holiday) => ({
    name: holiday.name,
    local_name: (holiday.ref === null ? null : names?.get(holiday.ref)) ?? holiday.name,
    date: formatDate(holiday.date),
    observed_date: formatDate(holiday.observed),
    type: holiday.type,
    substitute: holiday.substitute,
    closed_from: formatWallTime(holiday.start),
    closed_until: formatWallTime(holiday.end)
  }))
  const warnings = types.includes('public') ? incompleteYears(calendar.id, calendar.completeness, year, year) : []
  return { calendar: calendar.id, year, types, holidays, ...(warnings.length > 0 ? { warnings } : {}) }
}

export const holidaysRoute: FastifyPluginAsyncTypebox = async (app) => {
  // Exported at 0 from the start: the calendars of our own, and every country's (date-holidays)
  app.metrics.declare('holiday_lists', ['us-federal', 'us-federal-dc', 'weekdays', 'date-holidays'])
  app.get('/v1/business-days/holidays', {
    config: { auth: true },
    // The route's own preHandler runs before the quota's: an unknown calendar is a free 422 on any key
    preHandler: async (request) => { calendarOf(request.query as { calendar: string }) },
    schema: {
      tags: ['business-days'],
      operationId: 'listHolidays',
      summary: "List a calendar's holidays in a year",
      description: 'The holidays of `year` in date order, for any calendar. us-federal and us-federal-dc list the days ' +
        'off by observed day, with the date the statute names: Fri 2027-12-31 (New Year\'s Day 2028) is in the 2027 ' +
        'list. Other calendars list each holiday by the day it starts, substitute days as their own entries, and ' +
        '`closed_from`/`closed_until` say when a holiday starts at a time of day or lasts several days. Names are ' +
        'English where the data has one, with the local name beside it. A year past the calendar\'s `complete_through` ' +
        'carries a `calendar_incomplete` warning naming the public holidays the data lacks in it.',
      querystring: HolidaysQuerySchema,
      response: { 200: { ...HolidaysResponseSchema, description: 'The holidays.', 'x-examples': holidaysResponseExamples } }
    }
  }, async (request): Promise<HolidaysResponse> => holidayList(request.query, (source) => app.metrics.count('holiday_lists', source)))
}
