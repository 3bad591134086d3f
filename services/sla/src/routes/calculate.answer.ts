// One validated calculation, answered: shared by the calculate route and the batch route.
import { formatDate, parseLocalDateTime } from '@utility-apis/civil-date'
import { findCalendar } from '../domain/calendars.js'
import { formatZonedTime, resolveWallTime, zonedTime, type ZonedTime } from '../domain/time-zone.js'
import { OutOfRangeError } from '../domain/working-calendar.js'
import {
  addWorkingDays, dueAfter, dueBefore, nextWorkingInstant, slaClock, stretchEnd, workingDaysBetween,
  workingSecondsBetween, workingStatus
} from '../domain/working-time.js'
import type { CalculateRequest, CalculateResponse } from './calculate.schemas.js'
import { valueError, type ValidationIssue } from '@utility-apis/fastapi-errors'
import { parseDate, workCalendarFor, type Loc } from './work-rules.request.js'

function zonedInput (zone: string, text: string): ZonedTime {
  // parseCalculateRequest has already proven the text a real local date-time
  return resolveWallTime(zone, parseLocalDateTime(text) ?? Number.NaN)
}

const dayInput = (text: string): number => parseDate(text) ?? Number.NaN

const printed = (zone: string, instant: number): string => formatZonedTime(zonedTime(zone, instant))

/**
 * A valid body whose result would lie outside 1971-01-01 .. 2199-12-31: a 422 with these issues. Returned rather than
 * thrown, so a batch reports it per item without constructing an error (which costs more than the calculation).
 */
export class Rejected {
  constructor (readonly issues: ValidationIssue[]) {}
}

/** The out-of-range issue, reported at the field that asked for the result. */
function outOfRange (input: CalculateRequest, error: OutOfRangeError): Rejected {
  const [loc, value]: [Loc, unknown] = input.operation === 'add_business_days'
    ? [['body', 'days'], input.days]
    : input.operation === 'next_business_time'
      ? [['body', 'at'], input.at]
      : 'minutes' in input ? [['body', 'minutes'], input.minutes] : [['body'], null]
  const message = input.operation === 'next_business_time'
    ? 'there is no working time from `at` to 2199-12-31, the last date a result may have'
    : error.after
      ? 'the result would lie after 2199-12-31, the last date a result may have'
      : 'the result would lie before 1971-01-01, the first date a result may have'
  return new Rejected([valueError(loc, value, message)])
}

// Each response is written out field by field: exactly the documented fields, and no object spread on the hot path
export function calculate (input: CalculateRequest): CalculateResponse | Rejected {
  const calendar = findCalendar(input.calendar)
  if (calendar === null) throw new Error(`unknown calendar ${input.calendar}`)
  try {
    return answer(input, calendar.id, workCalendarFor(input, calendar))
  } catch (error) {
    if (error instanceof OutOfRangeError) return outOfRange(input, error)
    throw error
  }
}

function answer (input: CalculateRequest, calendar: string, work: ReturnType<typeof workCalendarFor>): CalculateResponse {
  const { timezone } = input
  switch (input.operation) {
    case 'sla_due_at': {
      const start = zonedInput(timezone, input.start_at)
      const { minutes } = input
      const due = minutes === 0
        ? start.instant
        : minutes > 0 ? dueAfter(work, start, minutes * 60) : dueBefore(work, start, -minutes * 60)
      return {
        operation: input.operation,
        calendar,
        timezone,
        start_at: formatZonedTime(start),
        minutes,
        due_at: minutes === 0 ? formatZonedTime(start) : printed(timezone, due),
        business_minutes_added: minutes
      }
    }
    case 'business_minutes_between': {
      const start = zonedInput(timezone, input.start_at)
      const end = zonedInput(timezone, input.end_at)
      const seconds = workingSecondsBetween(work, start, end)
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
      const status = workingStatus(work, at)
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
      const opens = nextWorkingInstant(work, at.instant)
      const closes = stretchEnd(work, opens)
      return {
        operation: input.operation,
        calendar,
        timezone,
        at: formatZonedTime(at),
        next_business_time: opens === at.instant ? formatZonedTime(at) : printed(timezone, opens),
        window_closes_at: closes === null ? null : printed(timezone, closes)
      }
    }
    case 'add_business_days':
      return {
        operation: input.operation,
        calendar,
        timezone,
        date: input.date,
        days: input.days,
        result_date: formatDate(addWorkingDays(work, dayInput(input.date), input.days))
      }
    case 'business_days_between':
      return {
        operation: input.operation,
        calendar,
        timezone,
        start_date: input.start_date,
        end_date: input.end_date,
        business_days: workingDaysBetween(work, dayInput(input.start_date), dayInput(input.end_date))
      }
    case 'sla_status': {
      const start = zonedInput(timezone, input.start_at)
      const at = zonedInput(timezone, input.at)
      const pauses = (input.pauses ?? []).map((pause) => ({
        start: zonedInput(timezone, pause.start_at),
        end: pause.end_at === null ? null : zonedInput(timezone, pause.end_at)
      }))
      const target = input.minutes * 60
      const clock = slaClock(work, start, at, target, pauses)
      const remaining = Math.max(target - clock.elapsed, 0)
      const dueAt = clock.due === null ? null : printed(timezone, clock.due)
      const breached = clock.due !== null && clock.due <= at.instant
      return {
        operation: input.operation,
        calendar,
        timezone,
        start_at: formatZonedTime(start),
        at: formatZonedTime(at),
        minutes: input.minutes,
        elapsed_seconds: clock.elapsed,
        elapsed_minutes: Math.trunc(clock.elapsed / 60),
        remaining_seconds: remaining,
        remaining_minutes: Math.ceil(remaining / 60),
        due_at: dueAt,
        breached,
        breached_at: breached ? dueAt : null,
        paused: clock.paused
      }
    }
  }
  throw new Error(`unhandled operation ${String((input as { operation: unknown }).operation)}`)
}
