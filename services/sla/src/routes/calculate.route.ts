import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  businessSecondsBetween, businessTimeStatus, dueAt, nextBusinessTime, type Schedule
} from '../domain/business-time.js'
import { parseLocalDateTime } from '@utility-apis/civil-date'
import { formatZonedTime, resolveWallTime, type ZonedTime } from '../domain/time-zone.js'
import { calculateRequestExamples, calculateResponseExamples } from './calculate.examples.js'
import { parseCalculateRequest } from './calculate.request.js'
import {
  CalculateRequestSchema, CalculateResponseSchema, type CalculateRequest, type CalculateResponse
} from './calculate.schemas.js'

const DESCRIPTION = `Business-hours arithmetic on a calendar of working days, in any IANA time zone.

Working time is **09:00 <= t < 17:00 local, Monday to Friday**, except the calendar's observed holidays, applied to the
local date in the zone (Tokyo's Monday 2026-01-19 is MLK Day). It is counted as elapsed real time, with seconds.

- **sla_due_at**: start_at + minutes. \`due_at\` is the earliest instant at which \`minutes\` working minutes have
  elapsed: 09:00 + 480 is 17:00 the same day, 17:00 + 1 is 09:01 on the next working day, 16:59:30 + 1 is 09:00:30 on
  the next working day, and 0 minutes returns start_at itself, even outside hours.
- **business_minutes_between**: working minutes from start_at to end_at (negative when end_at is earlier), e.g. time
  spent or time left on an SLA.
- **is_business_time**: whether \`at\` is business time, and if not why (before or after hours, weekend, holiday).
- **next_business_time**: the earliest business instant at or after \`at\`, and when that working window closes.

Local times have no offset: a time skipped by a DST change moves forward by the gap, a repeated one takes the earlier
offset, and every output carries the zone's offset on that date (\`YYYY-MM-DDTHH:MM:SS±HH:MM\`, never \`Z\`).
Holidays follow 5 U.S.C. 6103 and EO 11582 (Saturday holidays observed the Friday before, so Jan 1 on a Saturday
makes Dec 31 a holiday; Sunday ones the Monday after; Juneteenth from 2021); one-off executive closures are not
holidays. Inputs run from 1971 to 2100; a due date past 2100 assumes today's holiday rules. The cost does not grow
with the span.`

function zonedInput (zone: string, text: string): ZonedTime {
  // parseCalculateRequest has already proven the text a real local date-time
  return resolveWallTime(zone, parseLocalDateTime(text) ?? Number.NaN)
}

// Each response is written out field by field: exactly the documented fields, and no object spread on the hot path
export function calculate (input: CalculateRequest): CalculateResponse {
  const { operation, calendar, timezone } = input
  const schedule: Schedule = { zone: timezone, calendar }
  switch (input.operation) {
    case 'sla_due_at': {
      const start = zonedInput(timezone, input.start_at)
      const due = dueAt(schedule, start, input.minutes)
      const added = businessSecondsBetween(schedule, start, due) / 60
      return {
        operation: input.operation,
        calendar,
        timezone,
        start_at: formatZonedTime(start),
        minutes: input.minutes,
        due_at: formatZonedTime(due),
        business_minutes_added: added
      }
    }
    case 'business_minutes_between': {
      const start = zonedInput(timezone, input.start_at)
      const end = zonedInput(timezone, input.end_at)
      const seconds = businessSecondsBetween(schedule, start, end)
      return {
        operation: input.operation,
        calendar,
        timezone,
        start_at: formatZonedTime(start),
        end_at: formatZonedTime(end),
        // + 0 turns the -0 of a span under a minute backwards into 0
        business_minutes: Math.trunc(seconds / 60) + 0,
        business_seconds: seconds
      }
    }
    case 'is_business_time': {
      const at = zonedInput(timezone, input.at)
      const status = businessTimeStatus(schedule, at)
      return {
        operation: input.operation,
        calendar,
        timezone,
        at: formatZonedTime(at),
        is_business_time: status.open,
        state: status.state,
        holiday: status.holiday
      }
    }
    case 'next_business_time': {
      const at = zonedInput(timezone, input.at)
      const window = nextBusinessTime(schedule, at)
      return {
        operation: input.operation,
        calendar,
        timezone,
        at: formatZonedTime(at),
        next_business_time: formatZonedTime(window.opensAt),
        window_closes_at: formatZonedTime(window.closesAt)
      }
    }
  }
  throw new Error(`unhandled operation ${String(operation)}`)
}

export const calculateRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/v1/business-days/calculate', {
    config: { auth: true },
    schema: {
      tags: ['business-days'],
      summary: 'SLA due date, business minutes between two times, is it business time, next business time',
      description: DESCRIPTION,
      body: { ...CalculateRequestSchema, 'x-examples': calculateRequestExamples },
      response: {
        200: { ...CalculateResponseSchema, description: 'The result, with the request echoed.', 'x-examples': calculateResponseExamples }
      }
    }
  }, async (request) => {
    const input = parseCalculateRequest(request.body)
    app.metrics.count('operations', input.operation)
    return calculate(input)
  })
}
