import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { bodyValidatorCompiler, RequestValidationError } from '@utility-apis/fastapi-errors'
import { withoutStack } from '../domain/working-calendar.js'
import { calculate, Rejected } from './calculate.answer.js'
import { calculateRequestExamples, calculateResponseExamples } from './calculate.examples.js'
import { parseCalculateRequest } from './calculate.request.js'
import { CalculateRequestSchema, CalculateResponseSchema, OPERATIONS, type CalculateRequest, type CalculateResponse } from './calculate.schemas.js'

const DESCRIPTION = `Business-hours arithmetic in any IANA time zone: SLA due dates (forwards and back), working time
between two instants, whether an instant is working time, working days, and SLA clocks that pause.

**Working time.** An instant is working time when its local wall time lies in the hours of its local date. A date's
hours are, in this order: its entry in \`overrides\`; none if it is a holiday of \`calendar\` (of the
\`holiday_types\` asked for) or listed in \`holidays\`; else the \`schedule\` of its weekday (default Monday to
Friday 09:00-17:00). A holiday the data starts at a time of day closes the date from then. Working time is counted in
real elapsed seconds: a 00:00-06:00 shift holds 5 hours on a spring-forward night and 7 on a fall-back night.

- **sla_due_at**: start_at + minutes. \`due_at\` is the earliest instant by which \`minutes\` working minutes have
  elapsed: 09:00 + 480 is 17:00 the same day, 17:00 + 1 is 09:01 on the next working day, and 0 minutes returns
  start_at itself, even outside hours. Negative minutes give the latest instant from which that much working time
  runs until start_at (when to start so that it is done by then).
- **business_minutes_between**: working minutes from start_at to end_at (negative when end_at is earlier).
- **is_business_time**: whether \`at\` is working time, and if not why (before or after hours, a break, a day
  without hours, a holiday, a date closed by an override).
- **next_business_time**: the earliest working instant at or after \`at\`, and when that unbroken stretch ends.
- **add_business_days**: the n-th working day after \`date\` (before it for negative n), as spreadsheet WORKDAY; a
  working day is a date with any working time.
- **business_days_between**: working days d with start_date <= d < end_date, so counts over adjacent ranges add up.
- **sla_status**: an SLA clock from start_at that does not count inside \`pauses\`, read at \`at\`: time elapsed and
  remaining, when it falls due, whether it is breached or paused.

Local times have no offset: a time skipped by a DST change moves forward by the gap, a repeated one takes the earlier
offset, and every output carries the zone's offset on that date (\`YYYY-MM-DDTHH:MM:SS±HH:MM\`, never \`Z\`).
\`us-federal\` follows 5 U.S.C. 6103 and EO 11582 (a Saturday holiday is observed the Friday before, so Jan 1 on a
Saturday makes Dec 31 a holiday; a Sunday one the Monday after; a team working weekends is closed on both days); the
other calendars come from the date-holidays package, substitute days included. Inputs run from 1971 to 2100, results
to 2199-12-31. The cost does not grow with the span. POST /v1/business-days/calculate/batch takes up to 1,000
calculations at once.`

declare module 'fastify' {
  interface FastifyRequest {
    /** The call's answer, worked out before the quota decides (a result out of range is a 422 the caller does not pay for). */
    calculation: CalculateResponse | null
  }
}

export const calculateRoute: FastifyPluginAsyncTypebox = async (app) => {
  // Exported at 0 from the start: an alert on one of these sees 0, not no data
  app.metrics.declare('operations', OPERATIONS)
  // a property every request has from the start keeps requests of one shape (a WeakMap per request cost ~10% here)
  app.decorateRequest('calculation', null)
  app.post('/v1/business-days/calculate', {
    config: { auth: true },
    // Problems the schema cannot see (a known zone, real dates, hours in order) are reported with its own, in order
    validatorCompiler: bodyValidatorCompiler(parseCalculateRequest),
    // The route's own preHandler runs before the quota's; the calculation costs microseconds whatever the span
    preHandler: (request, _reply, done) => {
      const answer = calculate(request.body as CalculateRequest)
      if (answer instanceof Rejected) return done(withoutStack(() => new RequestValidationError(answer.issues)))
      request.calculation = answer
      done()
    },
    schema: {
      tags: ['business-days'],
      operationId: 'calculateBusinessTime',
      summary: 'SLA due dates, working time between two times, working days, SLA status with pauses',
      description: DESCRIPTION,
      body: { ...CalculateRequestSchema, 'x-examples': calculateRequestExamples },
      response: {
        200: { ...CalculateResponseSchema, description: 'The result, with the request echoed.', 'x-examples': calculateResponseExamples }
      }
    }
  }, async (request) => {
    app.metrics.count('operations', request.body.operation)
    return request.calculation as CalculateResponse
  })
}
