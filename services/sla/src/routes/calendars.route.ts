import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { formatDate } from '@utility-apis/civil-date'
import { CALENDARS, holidaysObservedIn } from '../domain/holidays.js'
import {
  CalendarsResponseSchema, HolidaysQuerySchema, HolidaysResponseSchema, FIRST_YEAR, LAST_YEAR,
  type CalendarsResponse, type HolidaysResponse
} from './calendars.schemas.js'

const calendars: CalendarsResponse = {
  calendars: CALENDARS.map((calendar) => ({
    id: calendar.id,
    name: calendar.name,
    description: calendar.description,
    working_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
    working_hours: { opens: '09:00', closes: '17:00' },
    first_year: FIRST_YEAR,
    last_year: LAST_YEAR
  }))
}

export const calendarsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v1/business-days/calendars', {
    config: { auth: true },
    schema: {
      tags: ['business-days'],
      summary: 'List the calendars',
      description: 'The calendars `calendar` accepts, with their working days, hours and supported years.',
      response: { 200: { ...CalendarsResponseSchema, description: 'Every calendar.' } }
    }
  }, async () => calendars)

  app.get('/v1/business-days/holidays', {
    config: { auth: true },
    schema: {
      tags: ['business-days'],
      summary: "List a calendar's holidays in a year",
      description: 'The days off observed in `year`, in date order, with the date the statute names and the ' +
        'observed day. Listed by observed day: Fri 2027-12-31 (New Year\'s Day 2028) is in the 2027 list. A ' +
        'Saturday Inauguration Day (us-federal-dc) is listed on its Saturday, which is off anyway.',
      querystring: HolidaysQuerySchema,
      response: {
        200: {
          ...HolidaysResponseSchema,
          description: 'The holidays.',
          'x-examples': {
            'us-federal 2027': {
              value: {
                calendar: 'us-federal',
                year: 2027,
                holidays: [
                  { name: "New Year's Day", date: '2027-01-01', observed_date: '2027-01-01' },
                  { name: 'Juneteenth National Independence Day', date: '2027-06-19', observed_date: '2027-06-18' },
                  { name: "New Year's Day", date: '2028-01-01', observed_date: '2027-12-31' }
                ]
              }
            }
          }
        }
      }
    }
  }, async (request): Promise<HolidaysResponse> => {
    const { calendar, year } = request.query
    app.metrics.count('holiday_lists', calendar)
    return {
      calendar,
      year,
      holidays: holidaysObservedIn(calendar, year).map((holiday) => ({
        name: holiday.name,
        date: formatDate(holiday.date),
        observed_date: formatDate(holiday.observed)
      }))
    }
  })
}
