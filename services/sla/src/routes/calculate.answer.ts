// One validated calculation, answered: shared by the calculate route and the batch route.
import { civilDate, dayNumber, floorDiv, formatDate, parseLocalDateTime, SECONDS_PER_DAY } from '@utility-apis/civil-date'
import { valueError, type ValidationIssue } from '@utility-apis/fastapi-errors'
import { incompleteYears } from '../domain/calendar-gaps.js'
import { findCalendar, type Calendar } from '../domain/calendars.js'
import { countryWeekend } from '../domain/country-weeks.js'
import { formatZonedTime, resolveWallTime, zonedTime, type ZonedTime } from '../domain/time-zone.js'
import { LAST_DAY, OutOfRangeError, type WorkCalendar } from '../domain/working-calendar.js'
import {
  addWorkingDays, dueAfter, dueBefore, nextWorkingInstant, slaClock, stretchEnd, workingDaysBetween,
  workingSecondsBetween, workingStatus, type PauseSpan
} from '../domain/working-time.js'
import type { CalculateRequest, CalculateResponse, Operation } from './calculate.schemas.js'
import { parseDate, workCalendarFor, type Loc } from './work-rules.request.js'

function zonedInput (zone: string, text: string): ZonedTime {
  // parseCalculateRequest has already proven the text a real local date-time
  return resolveWallTime(zone, parseLocalDateTime(text) ?? Number.NaN)
}

const dayInput = (text: string): number => parseDate(text) ?? Number.NaN

/** The local date of an instant. */
const dayOf = (time: ZonedTime): number => floorDiv(time.instant + time.offset, SECONDS_PER_DAY)

/**
 * A valid body whose result would lie outside 1971-01-01 .. 2199-12-31: a 422 with these issues. Returned rather than
 * thrown, so a batch reports it per item without constructing an error (which costs more than the calculation).
 */
export class Rejected {
  constructor (readonly issues: ValidationIssue[]) {}
}

/** A body whose wall times, once read in its time zone, contradict each other: thrown to `calculate`, rare. */
class ContradictoryInput extends Error {
  constructor (readonly issues: ValidationIssue[]) {
    super('contradictory input')
  }
}

/**
 * The pauses as instants. The request's check compared their wall times; a start the clocks skip reads later (02:59
 * as 03:59), and a pause whose end is not after that reading would hold working time it then counts again.
 */
function pausesOf (input: Extract<CalculateRequest, { operation: 'sla_status' }>): PauseSpan[] {
  const { timezone } = input
  return (input.pauses ?? []).map((pause, index) => {
    const start = zonedInput(timezone, pause.start_at)
    const end = pause.end_at === null ? null : zonedInput(timezone, pause.end_at)
    if (end !== null && end.instant <= start.instant) {
      throw new ContradictoryInput([valueError(['body', 'pauses', index, 'end_at'], pause.end_at,
        `must be later than start_at ${pause.start_at}, which the clocks skip in ${timezone}: it reads as ${formatZonedTime(start)}`)])
    }
    return { start, end }
  })
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

/** An answer, and the first and last local dates its working time runs over (whose years may lack holidays). */
type Answered = [CalculateResponse, number, number]

/** The dates a and b, in order. */
const between = (response: CalculateResponse, a: number, b: number): Answered => a <= b ? [response, a, b] : [response, b, a]

/** The local date of a span's last second: a span that ends at midnight holds no time of the date it ends at. */
const lastDayOf = (zone: string, end: ZonedTime): number => dayOf(zonedTime(zone, end.instant - 1))

/** The local dates the working time between two instants, in either order, can lie on. */
function spanning (response: CalculateResponse, zone: string, a: ZonedTime, b: ZonedTime): Answered {
  if (a.instant === b.instant) return [response, dayOf(a), dayOf(a)]
  return a.instant < b.instant ? [response, dayOf(a), lastDayOf(zone, b)] : [response, dayOf(b), lastDayOf(zone, a)]
}

type Operate<O extends Operation> = (input: Extract<CalculateRequest, { operation: O }>, calendar: string, work: WorkCalendar) => Answered

// Each response is written out field by field: exactly the documented fields, and no object spread on the hot path
const OPERATE: { [O in Operation]: Operate<O> } = {
  sla_due_at (input, calendar, work) {
    const { timezone, minutes } = input
    const start = zonedInput(timezone, input.start_at)
    const due = minutes === 0
      ? start
      : zonedTime(timezone, minutes > 0 ? dueAfter(work, start, minutes * 60) : dueBefore(work, start, -minutes * 60))
    const response = {
      operation: input.operation,
      calendar,
      timezone,
      start_at: formatZonedTime(start),
      minutes,
      due_at: formatZonedTime(due),
      business_minutes_added: minutes
    }
    return spanning(response, timezone, start, due)
  },
  business_minutes_between (input, calendar, work) {
    const { timezone } = input
    const start = zonedInput(timezone, input.start_at)
    const end = zonedInput(timezone, input.end_at)
    const seconds = workingSecondsBetween(work, start, end)
    const response = {
      operation: input.operation,
      calendar,
      timezone,
      start_at: formatZonedTime(start),
      end_at: formatZonedTime(end),
      // + 0 turns the -0 of a span under a minute backwards into 0
      business_minutes: Math.trunc(seconds / 60) + 0,
      business_seconds: seconds
    }
    return spanning(response, timezone, start, end)
  },
  is_business_time (input, calendar, work) {
    const at = zonedInput(input.timezone, input.at)
    const status = workingStatus(work, at)
    const response = {
      operation: input.operation,
      calendar,
      timezone: input.timezone,
      at: formatZonedTime(at),
      is_business_time: status.open,
      state: status.state,
      holiday: status.holiday
    }
    return [response, dayOf(at), dayOf(at)]
  },
  next_business_time (input, calendar, work) {
    const { timezone } = input
    const at = zonedInput(timezone, input.at)
    const opens = nextWorkingInstant(work, at.instant)
    const closes = stretchEnd(work, opens)
    const closesAt = closes === null ? null : zonedTime(timezone, closes)
    const response = {
      operation: input.operation,
      calendar,
      timezone,
      at: formatZonedTime(at),
      next_business_time: opens === at.instant ? formatZonedTime(at) : formatZonedTime(zonedTime(timezone, opens)),
      window_closes_at: closesAt === null ? null : formatZonedTime(closesAt)
    }
    // A stretch that runs past 2199 has run over every date to the end of the range
    return [response, dayOf(at), closesAt === null ? LAST_DAY : Math.max(dayOf(at), lastDayOf(timezone, closesAt))]
  },
  add_business_days (input, calendar, work) {
    const date = dayInput(input.date)
    const result = addWorkingDays(work, date, input.days)
    const response = {
      operation: input.operation,
      calendar,
      timezone: input.timezone,
      date: input.date,
      days: input.days,
      result_date: formatDate(result)
    }
    return between(response, date, result)
  },
  business_days_between (input, calendar, work) {
    const start = dayInput(input.start_date)
    const end = dayInput(input.end_date)
    const response = {
      operation: input.operation,
      calendar,
      timezone: input.timezone,
      start_date: input.start_date,
      end_date: input.end_date,
      business_days: workingDaysBetween(work, start, end)
    }
    // The later date is not counted
    return start <= end ? [response, start, end - 1] : [response, end, start - 1]
  },
  sla_status (input, calendar, work) {
    const { timezone } = input
    const start = zonedInput(timezone, input.start_at)
    const at = zonedInput(timezone, input.at)
    const target = input.minutes * 60
    const clock = slaClock(work, start, at, target, pausesOf(input))
    const remaining = Math.max(target - clock.elapsed, 0)
    const due = clock.due === null ? null : zonedTime(timezone, clock.due)
    const dueAt = due === null ? null : formatZonedTime(due)
    const breached = clock.due !== null && clock.due <= at.instant
    const response = {
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
    const last = due === null ? dayOf(at) : Math.max(dayOf(at), dayOf(due))
    return between(response, dayOf(start), last)
  }
}

/** Whether the answer counts the calendar's public holidays: those are the ones whose completeness is measured. */
const countsPublic = (input: CalculateRequest): boolean => input.holiday_types === undefined || input.holiday_types.includes('public')

/**
 * The answer, with a warning for each year of the calendar its working time touches whose data lacks holidays, and
 * one when it took the default week over a country whose weekend is another.
 */
function answer (input: CalculateRequest, calendar: Calendar, work: WorkCalendar): CalculateResponse {
  const [response, first, last] = (OPERATE[input.operation] as Operate<Operation>)(input, calendar.id, work)
  const { completeness } = calendar
  const warnings: NonNullable<CalculateResponse['warnings']> = []
  if (last >= dayNumber(completeness.completeThrough + 1, 1, 1) && countsPublic(input)) {
    warnings.push(...incompleteYears(calendar.id, completeness, civilDate(first).year, civilDate(last).year))
  }
  const weekend = input.schedule === undefined ? countryWeekend(calendar.world?.country ?? null) : null
  if (weekend !== null) warnings.push({ code: 'week_differs', calendar: calendar.id, weekend: [...weekend] })
  if (warnings.length > 0) response.warnings = warnings
  return response
}

export function calculate (input: CalculateRequest): CalculateResponse | Rejected {
  const calendar = findCalendar(input.calendar)
  if (calendar === null) throw new Error(`unknown calendar ${input.calendar}`)
  try {
    return answer(input, calendar, workCalendarFor(input, calendar))
  } catch (error) {
    if (error instanceof OutOfRangeError) return outOfRange(input, error)
    if (error instanceof ContradictoryInput) return new Rejected(error.issues)
    throw error
  }
}
