// The request fields every operation takes to say what working time is: the calendar, the weekly hours, the
// holiday types, extra closed dates and per-date overrides.
import { Type, type Static } from '@sinclair/typebox'
import { HOLIDAY_TYPES } from '../domain/world-holidays.js'

export const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
const MAX_INTERVALS = 8
const MAX_DATES = 1000
const CLOCK_PATTERN = '^(?:[01]\\d|2[0-3]):[0-5]\\d$|^24:00$'
const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$'

export const CalendarField = Type.String({
  minLength: 1,
  maxLength: 40,
  description: '`us-federal` (US federal holidays with their observed days), `us-federal-dc` (plus Inauguration Day), ' +
    '`weekdays` (no holidays), or a country, subdivision or region of the date-holidays data: `GB`, `GB-ENG`, `DE-BY`, ' +
    '`US-CA`, `JP`, `BR-SP`, `AU-NSW` (any case). GET /v1/business-days/calendars lists them all. Applied to the local ' +
    'date in `timezone`.',
  examples: ['us-federal', 'DE-BY']
})

export const TimezoneField = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'IANA time zone, e.g. `America/New_York` or `Europe/London`: the working hours are local wall time there.'
})

const ClockField = Type.String({ pattern: CLOCK_PATTERN, description: '`HH:MM`, 00:00 to 23:59; `24:00` as an end only.' })

const IntervalField = Type.Array(ClockField, {
  minItems: 2,
  maxItems: 2,
  description: '`["HH:MM", "HH:MM"]`: start inclusive, end exclusive and after the start.',
  examples: [['09:00', '12:30']]
})

const DayHoursField = Type.Array(IntervalField, {
  maxItems: MAX_INTERVALS,
  description: `Up to ${MAX_INTERVALS} intervals, sorted and not overlapping; \`[]\` is closed.`
})

const ScheduleField = Type.Object({
  mon: Type.Optional(DayHoursField),
  tue: Type.Optional(DayHoursField),
  wed: Type.Optional(DayHoursField),
  thu: Type.Optional(DayHoursField),
  fri: Type.Optional(DayHoursField),
  sat: Type.Optional(DayHoursField),
  sun: Type.Optional(DayHoursField)
}, {
  title: 'Schedule',
  additionalProperties: false,
  description: 'Weekly hours by weekday (`mon` to `sun`); a missing weekday is closed, an unknown key is an error. An ' +
    'interval ending at 24:00 and one starting at 00:00 the next day are one stretch (night shifts). Absent: Monday ' +
    'to Friday 09:00-17:00.',
  examples: [{ mon: [['08:00', '12:00'], ['13:00', '17:00']], tue: [['08:00', '12:00'], ['13:00', '17:00']], sat: [['10:00', '14:00']] }]
})

const HolidayTypesField = Type.Array(Type.Union(HOLIDAY_TYPES.map((type) => Type.Literal(type))), {
  minItems: 1,
  maxItems: HOLIDAY_TYPES.length,
  description: 'Which holidays of the calendar close: `public` (the default), `bank`, `optional`, `school`, ' +
    '`observance`. The US federal holidays are all `public`.'
})

export const DateField = Type.String({ pattern: DATE_PATTERN, description: '`YYYY-MM-DD`, a real date.' })

const HolidaysField = Type.Array(DateField, {
  maxItems: MAX_DATES,
  description: `Up to ${MAX_DATES} more closed dates (company holidays, office closures). A date without hours anyway is unchanged.`,
  examples: [['2026-12-24', '2026-12-31']]
})

const OverrideField = Type.Object({
  date: DateField,
  hours: DayHoursField
}, { title: 'Override', additionalProperties: false, description: 'The hours of one date, replacing the schedule, the calendar and `holidays`.' })

const OverridesField = Type.Array(OverrideField, {
  maxItems: MAX_DATES,
  description: `Up to ${MAX_DATES} dates with their own hours: \`[]\` closes the date, intervals open it (a working ` +
    'Saturday, a short day, a holiday worked). Each date once.',
  examples: [[{ date: '2026-12-24', hours: [['09:00', '13:00']] }, { date: '2026-11-28', hours: [['10:00', '16:00']] }]]
})

export const workRulesFields = {
  schedule: Type.Optional(ScheduleField),
  holiday_types: Type.Optional(HolidayTypesField),
  holidays: Type.Optional(HolidaysField),
  overrides: Type.Optional(OverridesField)
}

export type Schedule = Static<typeof ScheduleField>
export type Override = Static<typeof OverrideField>
