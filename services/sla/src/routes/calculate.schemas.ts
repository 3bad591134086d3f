import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { CALENDAR_IDS } from '../domain/holidays.js'

export const OPERATIONS = ['sla_due_at', 'business_minutes_between', 'is_business_time', 'next_business_time'] as const
export type Operation = typeof OPERATIONS[number]

export const MAX_MINUTES = 10_000_000
export const LOCAL_DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$'
// Seconds appear only for the one offset in range that had them (Africa/Monrovia until 1972, -00:44:30)
const OFFSET_DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}[+-]\\d{2}:\\d{2}(:\\d{2})?$'

const OperationField = <O extends Operation> (operation: O) => Type.Literal(operation, { description: 'Which calculation to run.' })

const CalendarField = Type.Union(CALENDAR_IDS.map((id) => Type.Literal(id)), {
  description: '`us-federal` (US federal holidays, observed days), `us-federal-dc` (plus Inauguration Day) or ' +
    '`weekdays` (no holidays). Applied to the local date in the time zone. GET /v1/business-days/calendars lists them.'
})

const TimezoneField = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'IANA time zone, e.g. `America/New_York` or `Europe/London`; working hours are 09:00-17:00 local.'
})

const localDateTime = (description: string) => Type.String({
  pattern: LOCAL_DATE_TIME_PATTERN,
  description: `${description} Local wall time \`YYYY-MM-DDTHH:MM:SS\` with no offset and no \`Z\`, a real date ` +
    'from 1971 to 2100. A time skipped by a DST change moves forward by the gap (02:30 becomes 03:30); a repeated ' +
    'one takes the earlier (first) offset.',
  examples: ['2026-03-06T16:00:00']
})

const offsetDateTime = (description: string) => Type.String({
  pattern: OFFSET_DATE_TIME_PATTERN,
  description: `${description} \`YYYY-MM-DDTHH:MM:SS±HH:MM\` with the zone's offset at that instant (never \`Z\`).`
})

const common = <O extends Operation> (operation: O) => ({
  operation: OperationField(operation),
  calendar: CalendarField,
  timezone: TimezoneField
})

export const SlaDueAtRequestSchema = Type.Object({
  ...common('sla_due_at'),
  start_at: localDateTime('When the clock starts.'),
  minutes: Type.Integer({
    minimum: 0,
    maximum: MAX_MINUTES,
    description: 'Working minutes to add, 0 to 10,000,000 (0 returns start_at itself).'
  })
}, { title: 'SlaDueAtRequest' })

export const MinutesBetweenRequestSchema = Type.Object({
  ...common('business_minutes_between'),
  start_at: localDateTime('Start of the interval.'),
  end_at: localDateTime('End of the interval; before start_at gives a negative count.')
}, { title: 'BusinessMinutesBetweenRequest' })

export const IsBusinessTimeRequestSchema = Type.Object({
  ...common('is_business_time'),
  at: localDateTime('The moment to check.')
}, { title: 'IsBusinessTimeRequest' })

export const NextBusinessTimeRequestSchema = Type.Object({
  ...common('next_business_time'),
  at: localDateTime('The moment to search from.')
}, { title: 'NextBusinessTimeRequest' })

export const REQUEST_SCHEMAS = {
  sla_due_at: SlaDueAtRequestSchema,
  business_minutes_between: MinutesBetweenRequestSchema,
  is_business_time: IsBusinessTimeRequestSchema,
  next_business_time: NextBusinessTimeRequestSchema
} satisfies Record<Operation, TSchema>

export type SlaDueAtRequest = Static<typeof SlaDueAtRequestSchema>
export type MinutesBetweenRequest = Static<typeof MinutesBetweenRequestSchema>
export type IsBusinessTimeRequest = Static<typeof IsBusinessTimeRequestSchema>
export type NextBusinessTimeRequest = Static<typeof NextBusinessTimeRequestSchema>
export type CalculateRequest = SlaDueAtRequest | MinutesBetweenRequest | IsBusinessTimeRequest | NextBusinessTimeRequest

/**
 * The body as documented: one object per operation, told apart by `operation`. The kit's validator leaves a
 * `oneOf` alone, so the route validates the chosen member itself and reports errors at the flat field names
 * (`["body", "minutes"]`), as a single-model FastAPI endpoint would.
 */
export const CalculateRequestSchema = Type.Unsafe<CalculateRequest>({
  title: 'BusinessDaysCalculateRequest',
  oneOf: Object.values(REQUEST_SCHEMAS),
  discriminator: { propertyName: 'operation' }
})

const echo = <O extends Operation> (operation: O) => ({
  operation: Type.Literal(operation),
  calendar: Type.String({ description: 'Echo of the request.' }),
  timezone: Type.String({ description: 'Echo of the request.' })
})

export const SlaDueAtResponseSchema = Type.Object({
  ...echo('sla_due_at'),
  start_at: offsetDateTime('start_at as resolved in the zone.'),
  minutes: Type.Integer({ description: 'Echo of the request.' }),
  due_at: offsetDateTime('The earliest instant at which `minutes` working minutes have elapsed.'),
  business_minutes_added: Type.Integer({ description: 'Working minutes between start_at and due_at; always equals minutes.' })
}, { title: 'SlaDueAtResponse' })

export const MinutesBetweenResponseSchema = Type.Object({
  ...echo('business_minutes_between'),
  start_at: offsetDateTime('start_at as resolved in the zone.'),
  end_at: offsetDateTime('end_at as resolved in the zone.'),
  business_minutes: Type.Integer({ description: 'Whole working minutes from start_at to end_at (truncated; negative when end_at is earlier).' }),
  business_seconds: Type.Integer({ description: 'The same span in seconds, exact.' })
}, { title: 'BusinessMinutesBetweenResponse' })

export const BUSINESS_TIME_STATES = ['open', 'before_hours', 'after_hours', 'weekend', 'holiday'] as const

export const IsBusinessTimeResponseSchema = Type.Object({
  ...echo('is_business_time'),
  at: offsetDateTime('at as resolved in the zone.'),
  is_business_time: Type.Boolean(),
  state: Type.Unsafe<typeof BUSINESS_TIME_STATES[number]>({
    type: 'string',
    enum: [...BUSINESS_TIME_STATES],
    description: '`open` inside 09:00-17:00 on a working day; otherwise why not.'
  }),
  holiday: Type.Unsafe<string | null>({ type: ['string', 'null'], description: 'The observed holiday on that local date, if any.' })
}, { title: 'IsBusinessTimeResponse' })

export const NextBusinessTimeResponseSchema = Type.Object({
  ...echo('next_business_time'),
  at: offsetDateTime('at as resolved in the zone.'),
  next_business_time: offsetDateTime('The earliest business instant at or after `at` (`at` itself during business hours).'),
  window_closes_at: offsetDateTime('17:00 local of that working day: when this stretch of business time ends.')
}, { title: 'NextBusinessTimeResponse' })

export type SlaDueAtResponse = Static<typeof SlaDueAtResponseSchema>
export type MinutesBetweenResponse = Static<typeof MinutesBetweenResponseSchema>
export type IsBusinessTimeResponse = Static<typeof IsBusinessTimeResponseSchema>
export type NextBusinessTimeResponse = Static<typeof NextBusinessTimeResponseSchema>
export type CalculateResponse = SlaDueAtResponse | MinutesBetweenResponse | IsBusinessTimeResponse | NextBusinessTimeResponse

export const CalculateResponseSchema = Type.Unsafe<CalculateResponse>({
  title: 'BusinessDaysCalculateResponse',
  oneOf: [SlaDueAtResponseSchema, MinutesBetweenResponseSchema, IsBusinessTimeResponseSchema, NextBusinessTimeResponseSchema],
  discriminator: { propertyName: 'operation' }
})
