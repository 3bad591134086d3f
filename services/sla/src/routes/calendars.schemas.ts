import { Type, type Static } from '@sinclair/typebox'
import { CALENDAR_IDS } from '../domain/holidays.js'

export const FIRST_YEAR = 1971
export const LAST_YEAR = 2100

const CalendarSchema = Type.Object({
  id: Type.String({ description: 'The value to pass as `calendar`.' }),
  name: Type.String(),
  description: Type.String(),
  working_days: Type.Array(Type.String(), { description: 'Days of the week that can be working days.' }),
  working_hours: Type.Object({
    opens: Type.String({ description: 'Local wall time, inclusive.' }),
    closes: Type.String({ description: 'Local wall time, exclusive.' })
  }),
  first_year: Type.Integer(),
  last_year: Type.Integer()
}, { title: 'Calendar' })

export const CalendarsResponseSchema = Type.Object({
  calendars: Type.Array(CalendarSchema)
}, { title: 'CalendarList' })

export const HolidaysQuerySchema = Type.Object({
  calendar: Type.Union(CALENDAR_IDS.map((id) => Type.Literal(id)), { description: 'A calendar id.' }),
  year: Type.Integer({ minimum: FIRST_YEAR, maximum: LAST_YEAR, description: 'Year in which the days off fall.' })
})

export const HolidaysResponseSchema = Type.Object({
  calendar: Type.String(),
  year: Type.Integer(),
  holidays: Type.Array(Type.Object({
    name: Type.String({ description: "Statutory name (5 U.S.C. 6103), e.g. Washington's Birthday." }),
    date: Type.String({ description: 'The date the statute names, YYYY-MM-DD.' }),
    observed_date: Type.String({ description: 'The day off for a Monday-Friday workweek, YYYY-MM-DD.' })
  }, { title: 'Holiday' }))
}, { title: 'HolidayList' })

export type CalendarsResponse = Static<typeof CalendarsResponseSchema>
export type HolidaysQuery = Static<typeof HolidaysQuerySchema>
export type HolidaysResponse = Static<typeof HolidaysResponseSchema>
