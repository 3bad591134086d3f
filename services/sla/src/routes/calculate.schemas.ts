import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { Nullable } from '@utility-apis/service-kit'
import { CalendarWarningsField } from './calendars.schemas.js'
import { CalendarField, DateField, TimezoneField, workRulesFields } from './work-rules.schemas.js'

export const OPERATIONS = [
  'sla_due_at', 'business_minutes_between', 'is_business_time', 'next_business_time', 'add_business_days',
  'business_days_between', 'sla_status'
] as const
export type Operation = typeof OPERATIONS[number]

const MAX_MINUTES = 10_000_000
const MAX_DAYS = 100_000
const MAX_PAUSES = 1000
const LOCAL_DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$'
// Seconds appear only for the one offset in range that had them (Africa/Monrovia until 1972, -00:44:30)
const OFFSET_DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}[+-]\\d{2}:\\d{2}(:\\d{2})?$'

const OperationField = <O extends Operation> (operation: O) => Type.Literal(operation, { description: 'Which calculation to run.' })

const localDateTime = (description: string) => Type.String({
  pattern: LOCAL_DATE_TIME_PATTERN,
  description: `${description} Local wall time \`YYYY-MM-DDTHH:MM:SS\` with no offset and no \`Z\`, a real date ` +
    'from 1971 to 2100. A time skipped by a DST change moves forward by the gap (02:30 becomes 03:30); a repeated ' +
    'one takes the earlier (first) offset.',
  examples: ['2026-03-06T16:00:00']
})

const localDate = (description: string) => Type.String({ ...DateField, description: `${description} \`YYYY-MM-DD\`, 1971 to 2100.` })

const offsetDateTime = (description: string) => Type.String({
  pattern: OFFSET_DATE_TIME_PATTERN,
  description: `${description} \`YYYY-MM-DDTHH:MM:SS±HH:MM\` with the zone's offset at that instant (never \`Z\`).`
})

const common = <O extends Operation> (operation: O) => ({
  operation: OperationField(operation),
  calendar: CalendarField,
  timezone: TimezoneField
})

const MinutesField = Type.Integer({
  minimum: -MAX_MINUTES,
  maximum: MAX_MINUTES,
  description: 'Working minutes to add, -10,000,000 to 10,000,000. 0 returns start_at itself; a negative number ' +
    'counts back: the latest instant from which that much working time runs until start_at ("when must we start").'
})

const SlaDueAtRequestSchema = Type.Object({
  ...common('sla_due_at'),
  start_at: localDateTime('When the clock starts.'),
  minutes: MinutesField,
  ...workRulesFields
}, { title: 'SlaDueAtRequest', additionalProperties: false })

const MinutesBetweenRequestSchema = Type.Object({
  ...common('business_minutes_between'),
  start_at: localDateTime('Start of the interval.'),
  end_at: localDateTime('End of the interval; before start_at gives a negative count.'),
  ...workRulesFields
}, { title: 'BusinessMinutesBetweenRequest', additionalProperties: false })

const IsBusinessTimeRequestSchema = Type.Object({
  ...common('is_business_time'),
  at: localDateTime('The moment to check.'),
  ...workRulesFields
}, { title: 'IsBusinessTimeRequest', additionalProperties: false })

const NextBusinessTimeRequestSchema = Type.Object({
  ...common('next_business_time'),
  at: localDateTime('The moment to search from.'),
  ...workRulesFields
}, { title: 'NextBusinessTimeRequest', additionalProperties: false })

const AddBusinessDaysRequestSchema = Type.Object({
  ...common('add_business_days'),
  date: localDate('The date to count from.'),
  days: Type.Integer({
    minimum: -MAX_DAYS,
    maximum: MAX_DAYS,
    description: 'Working days to move, -100,000 to 100,000: the n-th working day after `date` (before it when ' +
      'negative; `date` itself for 0), as spreadsheet WORKDAY. A working day is a date with any working time.'
  }),
  ...workRulesFields
}, { title: 'AddBusinessDaysRequest', additionalProperties: false })

const BusinessDaysBetweenRequestSchema = Type.Object({
  ...common('business_days_between'),
  start_date: localDate('First date counted.'),
  end_date: localDate('The date the count stops before (exclusive); before start_date gives a negative count.'),
  ...workRulesFields
}, { title: 'BusinessDaysBetweenRequest', additionalProperties: false })

const PauseField = Type.Object({
  start_at: localDateTime('When the clock stops.'),
  end_at: Type.Union([localDateTime('When it runs again.'), Type.Null()], {
    description: 'When the clock runs again, local wall time like start_at; `null` while it is still paused.'
  })
}, { title: 'Pause', additionalProperties: false, description: 'A span in which the SLA clock does not count (waiting on the customer).' })

const SlaStatusRequestSchema = Type.Object({
  ...common('sla_status'),
  start_at: localDateTime('When the clock started.'),
  at: localDateTime('The moment to report on (usually now).'),
  minutes: Type.Integer({ minimum: 0, maximum: MAX_MINUTES, description: 'The SLA target in working minutes, 0 to 10,000,000.' }),
  pauses: Type.Optional(Type.Array(PauseField, {
    maxItems: MAX_PAUSES,
    description: `Up to ${MAX_PAUSES} pauses, in any order; they may overlap. Working time inside them is not counted.`
  })),
  ...workRulesFields
}, { title: 'SlaStatusRequest', additionalProperties: false })

export const REQUEST_SCHEMAS = {
  sla_due_at: SlaDueAtRequestSchema,
  business_minutes_between: MinutesBetweenRequestSchema,
  is_business_time: IsBusinessTimeRequestSchema,
  next_business_time: NextBusinessTimeRequestSchema,
  add_business_days: AddBusinessDaysRequestSchema,
  business_days_between: BusinessDaysBetweenRequestSchema,
  sla_status: SlaStatusRequestSchema
} satisfies Record<Operation, TSchema>

type SlaDueAtRequest = Static<typeof SlaDueAtRequestSchema>
type MinutesBetweenRequest = Static<typeof MinutesBetweenRequestSchema>
type IsBusinessTimeRequest = Static<typeof IsBusinessTimeRequestSchema>
type NextBusinessTimeRequest = Static<typeof NextBusinessTimeRequestSchema>
type AddBusinessDaysRequest = Static<typeof AddBusinessDaysRequestSchema>
type BusinessDaysBetweenRequest = Static<typeof BusinessDaysBetweenRequestSchema>
type SlaStatusRequest = Static<typeof SlaStatusRequestSchema>
export type CalculateRequest = SlaDueAtRequest | MinutesBetweenRequest | IsBusinessTimeRequest | NextBusinessTimeRequest |
  AddBusinessDaysRequest | BusinessDaysBetweenRequest | SlaStatusRequest

/**
 * The body: one object per operation, told apart by `operation` (a tagged union). Errors are reported at the flat
 * field names (`["body", "minutes"]`), as a single-model FastAPI endpoint would.
 */
export const CalculateRequestSchema = Type.Unsafe<CalculateRequest>({
  title: 'BusinessDaysCalculateRequest',
  oneOf: Object.values(REQUEST_SCHEMAS),
  discriminator: { propertyName: 'operation' }
})

const echo = <O extends Operation> (operation: O) => ({
  operation: Type.Literal(operation),
  calendar: Type.String({ description: 'The calendar id as documented (`DE-BY` for `de-by`).' }),
  timezone: Type.String({ description: 'Echo of the request.' })
})

export const SlaDueAtResponseSchema = Type.Object({
  ...echo('sla_due_at'),
  start_at: offsetDateTime('start_at as resolved in the zone.'),
  minutes: Type.Integer({ description: 'Echo of the request.' }),
  due_at: offsetDateTime('The earliest instant by which `minutes` working minutes have elapsed; for negative minutes the ' +
    'latest instant from which they elapse by start_at.'),
  business_minutes_added: Type.Integer({ description: 'Working minutes from start_at to due_at (negative backwards); always equals minutes.' }),
  warnings: CalendarWarningsField
}, { title: 'SlaDueAtResponse' })

export const MinutesBetweenResponseSchema = Type.Object({
  ...echo('business_minutes_between'),
  start_at: offsetDateTime('start_at as resolved in the zone.'),
  end_at: offsetDateTime('end_at as resolved in the zone.'),
  business_minutes: Type.Integer({ description: 'Whole working minutes from start_at to end_at (truncated; negative when end_at is earlier).' }),
  business_seconds: Type.Integer({ description: 'The same span in seconds, exact.' }),
  warnings: CalendarWarningsField
}, { title: 'BusinessMinutesBetweenResponse' })

export const BUSINESS_TIME_STATES = ['open', 'before_hours', 'after_hours', 'break', 'weekend', 'holiday', 'closed'] as const

export const IsBusinessTimeResponseSchema = Type.Object({
  ...echo('is_business_time'),
  at: offsetDateTime('at as resolved in the zone.'),
  is_business_time: Type.Boolean(),
  state: Type.Unsafe<typeof BUSINESS_TIME_STATES[number]>({
    type: 'string',
    enum: [...BUSINESS_TIME_STATES],
    description: '`open` inside the hours of the local date; otherwise why not: `before_hours`, `after_hours`, `break` ' +
      '(between two intervals of the day), `weekend` (no hours on that weekday), `holiday` (a holiday of the calendar ' +
      'or of `holidays` takes the time), `closed` (an override closes the date).'
  }),
  holiday: Nullable(Type.String(), { description: 'The calendar\'s holiday that takes working time from that local date, if any.' }),
  warnings: CalendarWarningsField
}, { title: 'IsBusinessTimeResponse' })

export const NextBusinessTimeResponseSchema = Type.Object({
  ...echo('next_business_time'),
  at: offsetDateTime('at as resolved in the zone.'),
  next_business_time: offsetDateTime('The earliest business instant at or after `at` (`at` itself during business hours).'),
  window_closes_at: Nullable(offsetDateTime(''), {
    description: 'When this unbroken stretch of working time ends (it runs across midnight for a 24:00-00:00 night ' +
      'shift); null when it runs past 2199.'
  }),
  warnings: CalendarWarningsField
}, { title: 'NextBusinessTimeResponse' })

export const AddBusinessDaysResponseSchema = Type.Object({
  ...echo('add_business_days'),
  date: Type.String({ description: 'Echo of the request.' }),
  days: Type.Integer({ description: 'Echo of the request.' }),
  result_date: Type.String({ description: 'The working day reached, `YYYY-MM-DD`.' }),
  warnings: CalendarWarningsField
}, { title: 'AddBusinessDaysResponse' })

export const BusinessDaysBetweenResponseSchema = Type.Object({
  ...echo('business_days_between'),
  start_date: Type.String({ description: 'Echo of the request.' }),
  end_date: Type.String({ description: 'Echo of the request.' }),
  business_days: Type.Integer({ description: 'Working days d with start_date <= d < end_date; negative when end_date is earlier.' }),
  warnings: CalendarWarningsField
}, { title: 'BusinessDaysBetweenResponse' })

export const SlaStatusResponseSchema = Type.Object({
  ...echo('sla_status'),
  start_at: offsetDateTime('start_at as resolved in the zone.'),
  at: offsetDateTime('at as resolved in the zone.'),
  minutes: Type.Integer({ description: 'Echo of the request.' }),
  elapsed_seconds: Type.Integer({ description: 'Working time counted in [start_at, at), pauses left out.' }),
  elapsed_minutes: Type.Integer({ description: 'The same in whole minutes (truncated).' }),
  remaining_seconds: Type.Integer({ description: 'minutes * 60 less elapsed_seconds, never negative.' }),
  remaining_minutes: Type.Integer({ description: 'The same in minutes, rounded up: 30 seconds left is 1 minute.' }),
  due_at: Nullable(offsetDateTime(''), {
    description: 'When the counted time reaches `minutes`, assuming no pause after those given; null while an open ' +
      'pause holds the clock before that.'
  }),
  breached: Type.Boolean({ description: 'due_at is at or before `at`.' }),
  breached_at: Nullable(offsetDateTime(''), { description: 'due_at when breached, else null.' }),
  paused: Type.Boolean({ description: '`at` lies inside a pause.' }),
  warnings: CalendarWarningsField
}, { title: 'SlaStatusResponse' })

type SlaDueAtResponse = Static<typeof SlaDueAtResponseSchema>
type MinutesBetweenResponse = Static<typeof MinutesBetweenResponseSchema>
type IsBusinessTimeResponse = Static<typeof IsBusinessTimeResponseSchema>
type NextBusinessTimeResponse = Static<typeof NextBusinessTimeResponseSchema>
type AddBusinessDaysResponse = Static<typeof AddBusinessDaysResponseSchema>
type BusinessDaysBetweenResponse = Static<typeof BusinessDaysBetweenResponseSchema>
type SlaStatusResponse = Static<typeof SlaStatusResponseSchema>
export type CalculateResponse = SlaDueAtResponse | MinutesBetweenResponse | IsBusinessTimeResponse | NextBusinessTimeResponse |
  AddBusinessDaysResponse | BusinessDaysBetweenResponse | SlaStatusResponse

export const CalculateResponseSchema = Type.Unsafe<CalculateResponse>({
  title: 'BusinessDaysCalculateResponse',
  oneOf: [
    SlaDueAtResponseSchema, MinutesBetweenResponseSchema, IsBusinessTimeResponseSchema, NextBusinessTimeResponseSchema,
    AddBusinessDaysResponseSchema, BusinessDaysBetweenResponseSchema, SlaStatusResponseSchema
  ],
  discriminator: { propertyName: 'operation' }
})
