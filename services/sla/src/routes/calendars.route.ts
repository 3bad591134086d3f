import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { formatDate, formatWallTime } from '@utility-apis/civil-date'
import { RequestValidationError } from '@utility-apis/fastapi-errors'
import { OVERLAYS, citationsOf, type Overlay } from '../domain/holiday-overlays.js'
import { calendarInfos, findCalendar, holidaysListedIn } from '../domain/calendars.js'
import { HOLIDAY_TYPES, localNames, type HolidayType } from '../domain/world-holidays.js'
import {
  CalendarsQuerySchema, CalendarsResponseSchema, HolidaysQuerySchema, HolidaysResponseSchema, FIRST_YEAR, LAST_YEAR,
  type CalendarsResponse, type HolidaysResponse
} from './calendars.schemas.js'
import { valueError } from '@utility-apis/fastapi-errors'

const WORKING_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']

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
    working_hours: { opens: '09:00', closes: '17:00' },
    first_year: FIRST_YEAR,
    last_year: LAST_YEAR
  }))
  return everyCalendar
}

const CA_FED_EXAMPLE = {
  id: 'CA-FED',
  name: 'Canada, federally regulated workplaces (Canada Labour Code)',
  description: 'Canada, federally regulated workplaces (Canada Labour Code): the general holidays of the federal law, ' +
    'with days in lieu, for employers it covers (banks, airlines, telecoms, interprovincial transport); provincially ' +
    "regulated employers follow their province's calendar (CA-ON, ...). All its holidays are public.",
  country: 'CA',
  subdivision: 'FED',
  coverage: 'federal-sector',
  default_types: ['public'],
  source: 'Canada Labour Code, R.S.C. 1985, c. L-2, ss. 166 and 193(2)',
  overlays: citationsOf(OVERLAYS.find((overlay) => overlay.id === 'CA-FED') as Overlay),
  working_days: WORKING_DAYS,
  working_hours: { opens: '09:00', closes: '17:00' },
  first_year: FIRST_YEAR,
  last_year: LAST_YEAR
}

export const calendarsRoute: FastifyPluginAsyncTypebox = async (app) => {
  // Exported at 0 from the start: the calendars of our own, and every country's (date-holidays)
  app.metrics.declare('holiday_lists', ['us-federal', 'us-federal-dc', 'weekdays', 'date-holidays'])
  app.get('/v1/business-days/calendars', {
    config: { auth: true },
    schema: {
      tags: ['business-days'],
      operationId: 'listCalendars',
      summary: 'List the calendars',
      description: 'Every calendar `calendar` accepts: `us-federal`, `us-federal-dc` and `weekdays`, then every country, ' +
        'subdivision and region of the date-holidays data by id, and `CA-FED`, with what each covers (`national`, ' +
        '`regional`, `federal-sector`), the holiday types its default counts, and where its rules come from (the laws ' +
        'the overlays on the data follow). `?country=CA` keeps one country\'s (the US federal ones are country US).',
      querystring: CalendarsQuerySchema,
      response: {
        200: {
          ...CalendarsResponseSchema,
          description: 'The calendars.',
          'x-examples': { 'Canada, federal sector': { value: { calendars: [CA_FED_EXAMPLE] } } }
        }
      }
    }
  }, async (request) => {
    const country = request.query.country?.toUpperCase()
    const calendars = allCalendars()
    return { calendars: country === undefined ? calendars : calendars.filter((calendar) => calendar.country === country) }
  })

  app.get('/v1/business-days/holidays', {
    config: { auth: true },
    schema: {
      tags: ['business-days'],
      operationId: 'listHolidays',
      summary: "List a calendar's holidays in a year",
      description: 'The holidays of `year` in date order, for any calendar. us-federal and us-federal-dc list the days ' +
        'off by observed day, with the date the statute names: Fri 2027-12-31 (New Year\'s Day 2028) is in the 2027 ' +
        'list. Other calendars list each holiday by the day it starts, substitute days as their own entries, and ' +
        '`closed_from`/`closed_until` say when a holiday starts at a time of day or lasts several days. Names are ' +
        'English where the data has one, with the local name beside it.',
      querystring: HolidaysQuerySchema,
      response: {
        200: {
          ...HolidaysResponseSchema,
          description: 'The holidays.',
          'x-examples': {
            'GB-ENG 2026, from the end': {
              value: {
                calendar: 'GB-ENG',
                year: 2026,
                types: ['public'],
                holidays: [
                  {
                    name: 'Boxing Day (substitute day)',
                    local_name: 'Boxing Day (substitute day)',
                    date: '2026-12-28',
                    observed_date: '2026-12-28',
                    type: 'public',
                    substitute: true,
                    closed_from: '2026-12-28T00:00:00',
                    closed_until: '2026-12-29T00:00:00'
                  }
                ]
              }
            }
          }
        }
      }
    }
  }, async (request): Promise<HolidaysResponse> => {
    const { year } = request.query
    const calendar = findCalendar(request.query.calendar)
    if (calendar === null) {
      throw new RequestValidationError([valueError(['query', 'calendar'], request.query.calendar,
        `unknown calendar '${request.query.calendar}'; GET /v1/business-days/calendars lists them`)])
    }
    const asked = request.query.types?.split(',') ?? ['public']
    const types = HOLIDAY_TYPES.filter((type) => asked.includes(type)) as HolidayType[]
    app.metrics.count('holiday_lists', calendar.world === null ? calendar.id : 'date-holidays')
    const holidays = holidaysListedIn(calendar, types, year)
    const names = calendar.world === null ? null : localNames(calendar.world, types, year)
    return {
      calendar: calendar.id,
      year,
      types,
      holidays: holidays.map((holiday) => ({
        name: holiday.name,
        local_name: (holiday.ref === null ? null : names?.get(holiday.ref)) ?? holiday.name,
        date: formatDate(holiday.date),
        observed_date: formatDate(holiday.observed),
        type: holiday.type,
        substitute: holiday.substitute,
        closed_from: formatWallTime(holiday.start),
        closed_until: formatWallTime(holiday.end)
      }))
    }
  })
}
