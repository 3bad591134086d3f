// Which local dates hold how much working time, counted over any span without walking it.
//
// A date's hours are, by precedence: its override; none if it is in the request's closed dates; the weekly hours of
// its weekday less the calendar's closures (a holiday may close a date only from a time of day). Almost every date
// is "regular": its weekday's hours, each wall time happening once. The rest, per local year, are listed with how
// they differ from regular: holidays, closed and overridden dates, and the dates whose wall clock an offset change
// skips or repeats (their working time is counted in real seconds, so a 00:00-06:00 shift holds 5 hours on a
// spring-forward night). A span then costs per-week arithmetic, a binary search in the lists of the years at its
// ends, and running totals of the whole years between (summed once per calendar).
import { civilDate, dayNumber, floorDiv, floorMod, SECONDS_PER_DAY } from '@utility-apis/civil-date'
import { closuresOfYear, type Calendar, type DayClosure } from './calendars.js'
import {
  CLOSED, coversWholeDay, hoursMeasure, measureWithin, sameHours, withoutRanges, type DayHours
} from './day-hours.js'
import { irregularDays, offsetAt, offsetSpan, resolveWallTime } from './time-zone.js'
import type { HolidayType } from './world-holidays.js'

export interface WorkRules {
  zone: string
  calendar: Calendar
  holidayTypes: readonly HolidayType[]
  /** Weekly hours, Monday first. */
  week: readonly DayHours[]
  /** Extra closed dates (day numbers). */
  closedDates: readonly number[]
  /** Dates whose hours replace everything else. */
  overrides: ReadonlyMap<number, DayHours>
}

const NINE_TO_FIVE: DayHours = Object.freeze([9 * 3600, 17 * 3600])
/** Monday to Friday 09:00-17:00: the hours of a request without a schedule. */
export const DEFAULT_WEEK: readonly DayHours[] = Object.freeze([NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, CLOSED, CLOSED])

/** What can be counted over a span of dates. */
export const WORKING_SECONDS = 0
/** Dates with any working time. */
export const WORKING_DAYS = 1
/** Dates whose hours do not cover the whole day: where a stretch of working time can end. */
export const BROKEN_DAYS = 2
export type Measure = typeof WORKING_SECONDS | typeof WORKING_DAYS | typeof BROKEN_DAYS

/** Results may lie from 1971-01-01 to 2199-12-31 (local dates). */
export const FIRST_DAY = dayNumber(1971, 1, 1)
export const LAST_DAY = dayNumber(2199, 12, 31)
// Dates a few days outside the results' range are still looked at around them
const FIRST_YEAR = 1970
const LAST_YEAR = 2200

/**
 * Runs `make` without capturing a stack: for errors that are answers (a 422), not bugs, thrown to leave a search.
 * Capturing one costs several microseconds, more than the search.
 */
export function withoutStack<T> (make: () => T): T {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  try {
    return make()
  } finally {
    Error.stackTraceLimit = limit
  }
}

/** A result would lie outside 1971-01-01 .. 2199-12-31. */
export class OutOfRangeError extends RangeError {
  readonly after: boolean

  private constructor (after: boolean) {
    super(after ? 'the result lies after 2199-12-31' : 'the result lies before 1971-01-01')
    this.after = after
  }

  // It carries nothing but its direction, so the two are made once: a 422 answer costs no error construction here
  private static readonly AFTER = withoutStack(() => new OutOfRangeError(true))
  private static readonly BEFORE = withoutStack(() => new OutOfRangeError(false))

  static of (after: boolean): OutOfRangeError {
    return after ? OutOfRangeError.AFTER : OutOfRangeError.BEFORE
  }
}

interface YearSummary {
  year: number
  first: number
  end: number
  /** Dates that differ from their weekday in any measure, ascending. */
  days: number[]
  /** prefix[m][i]: how much the first i of those dates add to (or take from) regular dates, in measure m. */
  prefix: [number[], number[], number[]]
  /** Each measure over the whole year. */
  total: [number, number, number]
  hours: Map<number, DayHours>
  irregular: ReadonlySet<number>
}

/** Index of the first element >= value. */
function lowerBound (values: readonly number[], value: number): number {
  let lo = 0
  let hi = values.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (values[mid] < value) lo = mid + 1
    else hi = mid
  }
  return lo
}

// Day 0 (1970-01-01) was a Thursday: (day + 3) mod 7 is 0 on Mondays
const weekIndex = (day: number): number => floorMod(day + 3, 7)

export class WorkCalendar {
  readonly zone: string
  private readonly rules: WorkRules
  private readonly closed: ReadonlySet<number>
  /** Per measure, the running total over a week from Monday: weekly[m][7] is the whole week. */
  private readonly weekly: [number[], number[], number[]]
  private readonly years: Array<YearSummary | undefined> = new Array(LAST_YEAR - FIRST_YEAR + 1)
  private held = 0
  private last: YearSummary | null = null
  /**
   * Running totals of whole years over a contiguous run of summarized years: the years in [a, b) hold
   * runs[m][b - FIRST_YEAR] - runs[m][a - FIRST_YEAR] for runFrom <= a <= b <= runTo. The origin is arbitrary.
   */
  private readonly runs: [Float64Array, Float64Array, Float64Array]
  private runFrom = 0
  private runTo = 0
  private readonly exceptionDays: number[]

  constructor (rules: WorkRules) {
    this.rules = rules
    this.zone = rules.zone
    this.closed = new Set(rules.closedDates)
    this.exceptionDays = [...new Set([...rules.closedDates, ...rules.overrides.keys()])].sort((a, b) => a - b)
    const perDay: Array<[number, number, number]> = rules.week.map((hours) => [
      hoursMeasure(hours), hours.length > 0 ? 1 : 0, coversWholeDay(hours) ? 0 : 1
    ])
    const boundaries = LAST_YEAR - FIRST_YEAR + 2
    this.runs = [new Float64Array(boundaries), new Float64Array(boundaries), new Float64Array(boundaries)]
    this.weekly = [[0], [0], [0]]
    for (let m = 0; m < 3; m++) {
      for (let i = 0; i < 7; i++) this.weekly[m].push(this.weekly[m][i] + perDay[i][m])
    }
  }

  /** How many year summaries this calendar holds (the cache bounds their total). */
  get size (): number {
    return this.held
  }

  /** The working hours of a local date, in wall-clock seconds of the day. */
  hoursOn (day: number): DayHours {
    return this.summaryOf(day).hours.get(day) ?? this.rules.week[weekIndex(day)]
  }

  /** The hours the week gives the date's weekday, before holidays and overrides. */
  weeklyHours (day: number): DayHours {
    return this.rules.week[weekIndex(day)]
  }

  /** Whether an offset change skips or repeats some wall time of the date. */
  isIrregular (day: number): boolean {
    return this.summaryOf(day).irregular.has(day)
  }

  /** Why a date has the hours it has: its override, the request's closed dates, the calendar's closures. */
  reasons (day: number): { override: DayHours | null, closedDate: boolean, closure: DayClosure | null } {
    const year = civilDate(day).year
    return {
      override: this.rules.overrides.get(day) ?? null,
      closedDate: this.closed.has(day),
      closure: closuresOfYear(this.rules.calendar, this.rules.holidayTypes, year).get(day) ?? null
    }
  }

  /** The one offset of a regular date (every wall time of it happens once, with this offset). */
  offsetOn (day: number): number {
    // Noon read as UTC is within 14 hours of noon's instant; the offset there is right unless a change lies
    // between, and then the offset at noon's instant with that guess is
    const noon = day * SECONDS_PER_DAY + SECONDS_PER_DAY / 2
    const guess = offsetAt(this.zone, noon)
    const offset = offsetAt(this.zone, noon - guess)
    return offset === guess || offsetAt(this.zone, noon - offset) === offset ? offset : resolveWallTime(this.zone, noon).offset
  }

  /** Measure m summed over the dates in [from, to); negative when to < from. */
  between (m: Measure, from: number, to: number): number {
    if (to <= from) return from === to ? 0 : 0 - this.between(m, to, from)
    const first = this.summaryOf(from)
    if (to <= first.end) return this.regular(m, from, to) + this.exceptions(first, m, from, to)
    const last = this.summaryOf(to - 1)
    return this.regular(m, from, first.end) + this.exceptions(first, m, from, first.end) +
      this.wholeYears(m, first.year + 1, last.year) + this.regular(m, last.first, to) + this.exceptions(last, m, last.first, to)
  }

  /**
   * An upper bound of measure m over the dates in [from, to), known without reading a year's holidays (which
   * can cost a lunar calendar 0.4 s a year to date; holidays and closed dates only take away): the weekly hours of
   * every week begun, every override's hours, and for seconds four days a year that offset changes could repeat
   * (offsets stay within -12..+14 hours and change a few times a year). A target beyond it is out of range before
   * any year between is summarized.
   */
  private mostBetween (m: Measure, from: number, to: number): number {
    const days = Math.max(0, to - from)
    let most = Math.ceil(days / 7) * this.weekly[m][7]
    for (const hours of this.rules.overrides.values()) most += m === WORKING_SECONDS ? hoursMeasure(hours) : 1
    if (m === WORKING_SECONDS) most += (Math.ceil(days / 365) + 1) * 4 * SECONDS_PER_DAY
    return most
  }

  /**
   * The last date D >= from with between(m, from, D) < target (target > 0): the date during which the running
   * total from `from` reaches target. `before` is between(m, from, D).
   */
  reachForward (m: Measure, from: number, target: number): { day: number, before: number } {
    let year = this.summaryOf(from)
    let start = from
    let total = this.regular(m, from, year.end) + this.exceptions(year, m, from, year.end)
    if (total < target && total + this.mostBetween(m, year.end, LAST_DAY + 1) < target) throw OutOfRangeError.of(true)
    if (total < target) {
      // The first year whose end the total reaches: estimates at the weekly rate bracket it, bisection settles it
      const from = year.year + 1
      let lo = from
      let reach = from
      while (total + this.wholeYears(m, from, reach) < target) {
        if (reach > LAST_YEAR) throw OutOfRangeError.of(true)
        lo = reach
        reach = Math.min(reach + this.yearsFor(m, target - total - this.wholeYears(m, from, reach)), LAST_YEAR + 1)
      }
      while (reach - lo > 1) {
        const mid = (lo + reach) >>> 1
        if (total + this.wholeYears(m, from, mid) < target) lo = mid
        else reach = mid
      }
      total += this.wholeYears(m, from, reach - 1)
      year = this.summary(reach - 1)
      start = year.first
    } else {
      total = 0
    }
    const origin = this.running(m, year, start)
    const day = this.lastAtMost(m, year, start, year.end, target - total + origin - 1)
    if (day > LAST_DAY) throw OutOfRangeError.of(true)
    return { day, before: total + this.running(m, year, day) - origin }
  }

  /**
   * The first date D < to with between(m, D + 1, to) < target <= between(m, D, to) (target > 0): the date during
   * which the running total counted back from `to` reaches target. `after` is between(m, D + 1, to).
   */
  reachBackward (m: Measure, to: number, target: number): { day: number, after: number } {
    let year = this.summaryOf(to - 1)
    let end = to
    let total = this.regular(m, year.first, to) + this.exceptions(year, m, year.first, to)
    if (total < target && total + this.mostBetween(m, FIRST_DAY, year.first) < target) throw OutOfRangeError.of(false)
    if (total < target) {
      const to = year.year
      let hi = to
      let reach = to
      while (total + this.wholeYears(m, reach, to) < target) {
        if (reach <= FIRST_YEAR) throw OutOfRangeError.of(false)
        hi = reach
        reach = Math.max(reach - this.yearsFor(m, target - total - this.wholeYears(m, reach, to)), FIRST_YEAR)
      }
      while (hi - reach > 1) {
        const mid = (reach + hi) >>> 1
        if (total + this.wholeYears(m, mid, to) < target) hi = mid
        else reach = mid
      }
      total += this.wholeYears(m, reach + 1, to)
      year = this.summary(reach)
      end = year.end
    } else {
      total = 0
    }
    const origin = this.running(m, year, end)
    const day = this.lastAtMost(m, year, year.first, end, origin + total - target)
    if (day < FIRST_DAY) throw OutOfRangeError.of(false)
    return { day, after: total + origin - this.running(m, year, day + 1) }
  }

  /** Measure m over the whole years in [from, to), from the running totals, extending their run as needed. */
  private wholeYears (m: Measure, from: number, to: number): number {
    if (to <= from) return 0
    if (this.runTo === this.runFrom) {
      this.runFrom = from
      this.runTo = from
    }
    while (this.runTo < to) {
      const year = this.runTo - FIRST_YEAR
      for (let k = 0; k < 3; k++) this.runs[k][year + 1] = this.runs[k][year] + this.summary(this.runTo).total[k]
      this.runTo++
    }
    while (this.runFrom > from) {
      const year = this.runFrom - 1 - FIRST_YEAR
      for (let k = 0; k < 3; k++) this.runs[k][year] = this.runs[k][year + 1] - this.summary(this.runFrom - 1).total[k]
      this.runFrom--
    }
    return this.runs[m][to - FIRST_YEAR] - this.runs[m][from - FIRST_YEAR]
  }

  /** About how many more whole years `amount` of measure m takes at the weekly rate: an estimate, at least one. */
  private yearsFor (m: Measure, amount: number): number {
    const perYear = this.weekly[m][7] * 52
    return perYear > 0 ? Math.max(1, Math.ceil(amount / perYear)) : 1
  }

  /** Measure m from an arbitrary origin to `day` (exclusive), for days of one year: differences are exact. */
  private running (m: Measure, year: YearSummary, day: number): number {
    return this.cumulative(m, day) + year.prefix[m][lowerBound(year.days, day)]
  }

  /**
   * The last date D in [lo, hi) with running(D) <= level, given running(lo) <= level < running(hi). The weekly rate
   * guesses it, corrected once by the listed dates up to the guess; a few steps around the guess settle it, however
   * far into the year it lies.
   */
  private lastAtMost (m: Measure, year: YearSummary, lo: number, hi: number, level: number): number {
    const { prefix, days } = year
    let guess = lo
    if (this.weekly[m][7] > 0) {
      guess = this.firstAbove(m, level - prefix[m][lowerBound(days, lo)]) - 1
      guess = Math.max(lo, Math.min(guess, hi - 1))
      guess = this.firstAbove(m, level - prefix[m][lowerBound(days, guess)]) - 1
      guess = Math.max(lo, Math.min(guess, hi - 1))
    }
    let below = lo
    let above = hi
    if (this.running(m, year, guess) <= level) {
      below = guess
      for (let step = 1; below + step < hi; step *= 2) {
        if (this.running(m, year, below + step) > level) {
          above = below + step
          break
        }
        below += step
      }
    } else {
      above = guess
      for (let step = 1; above - step > lo; step *= 2) {
        if (this.running(m, year, above - step) <= level) {
          below = above - step
          break
        }
        above -= step
      }
    }
    while (above - below > 1) {
      const mid = (below + above) >>> 1
      if (this.running(m, year, mid) <= level) below = mid
      else above = mid
    }
    return below
  }

  /** The first x with regular(m, x) > level, counting regular(m, x) from Monday of week 0. */
  private firstAbove (m: Measure, level: number): number {
    const week = this.weekly[m]
    const weeks = floorDiv(level, week[7])
    const rest = level - weeks * week[7]
    let i = 0
    while (week[i] <= rest) i++
    return 7 * weeks - 3 + i
  }

  /** Measure m over regular dates from Monday 1969-12-29 (day -3) to `day`, exclusive. */
  private cumulative (m: Measure, day: number): number {
    return floorDiv(day + 3, 7) * this.weekly[m][7] + this.weekly[m][weekIndex(day)]
  }

  /** Measure m over [from, to) as if every date were regular. */
  private regular (m: Measure, from: number, to: number): number {
    return this.cumulative(m, to) - this.cumulative(m, from)
  }

  /** What the listed dates of one year in [from, to) add to the regular count. */
  private exceptions (summary: YearSummary, m: Measure, from: number, to: number): number {
    const { days, prefix } = summary
    if (days.length === 0) return 0
    return prefix[m][lowerBound(days, to)] - prefix[m][lowerBound(days, from)]
  }

  private summaryOf (day: number): YearSummary {
    const last = this.last
    if (last !== null && day >= last.first && day < last.end) return last
    return this.summary(civilDate(day).year)
  }

  private summary (year: number): YearSummary {
    if (year < FIRST_YEAR || year > LAST_YEAR) throw OutOfRangeError.of(year > LAST_YEAR)
    let summary = this.years[year - FIRST_YEAR]
    if (summary === undefined) {
      summary = this.summarize(year)
      this.years[year - FIRST_YEAR] = summary
      this.held++
    }
    this.last = summary
    return summary
  }

  private summarize (year: number): YearSummary {
    const { rules } = this
    const first = dayNumber(year, 1, 1)
    const end = dayNumber(year + 1, 1, 1)
    const closures = closuresOfYear(rules.calendar, rules.holidayTypes, year)
    const irregular = irregularDays(this.zone, year)
    const own = this.exceptionDays.slice(lowerBound(this.exceptionDays, first), lowerBound(this.exceptionDays, end))
    const candidates = [...new Set([...closures.keys(), ...irregular, ...own])].sort((a, b) => a - b)
    const summary: YearSummary = { year, first, end, days: [], prefix: [[0], [0], [0]], total: [0, 0, 0], hours: new Map(), irregular }
    for (const day of candidates) {
      const weekly = this.weeklyHours(day)
      const override = rules.overrides.get(day)
      const closure = closures.get(day)
      const hours = override ?? (this.closed.has(day) ? CLOSED : closure === undefined ? weekly : withoutRanges(weekly, closure.ranges))
      const seconds = irregular.has(day) ? this.instantMeasure(day, hours) : hoursMeasure(hours)
      const index = weekIndex(day)
      const deltas = [
        seconds - (this.weekly[0][index + 1] - this.weekly[0][index]),
        (seconds > 0 ? 1 : 0) - (this.weekly[1][index + 1] - this.weekly[1][index]),
        (coversWholeDay(hours) ? 0 : 1) - (this.weekly[2][index + 1] - this.weekly[2][index])
      ]
      if (!sameHours(hours, weekly)) summary.hours.set(day, hours)
      if (deltas[0] === 0 && deltas[1] === 0 && deltas[2] === 0) continue
      summary.days.push(day)
      for (let m = 0; m < 3; m++) summary.prefix[m].push(summary.prefix[m][summary.prefix[m].length - 1] + deltas[m])
    }
    for (let m = 0; m < 3; m++) {
      summary.total[m] = this.regular(m as Measure, first, end) + summary.prefix[m][summary.days.length]
    }
    return summary
  }

  /**
   * Real seconds of working time on an irregular date: its hours mapped to instants one stretch of constant offset
   * at a time. Instants of a date lie within a day either side of it, whatever the offsets.
   */
  private instantMeasure (day: number, hours: DayHours): number {
    const dayStart = day * SECONDS_PER_DAY
    const stop = (day + 2) * SECONDS_PER_DAY
    let total = 0
    for (let instant = (day - 1) * SECONDS_PER_DAY; instant < stop;) {
      const span = offsetSpan(this.zone, instant)
      const end = Math.min(span.end, stop)
      const from = Math.max(instant + span.offset, dayStart)
      const to = Math.min(end + span.offset, dayStart + SECONDS_PER_DAY)
      if (to > from) total += measureWithin(hours, from - dayStart, to - dayStart)
      instant = end
    }
    return total
  }
}

// Compiled calendars, by a key the caller derives from its rules. Bounded by the number of year summaries they
// hold (each a few hundred bytes to a few kilobytes): on overflow the least recently used go first.
const MAX_SUMMARIES = 16_384
const MAX_CALENDARS = 256
const compiled = new Map<string, WorkCalendar>()
// The most recently used, which the next request (or batch item) mostly asks for again
let lastKey = ''
let lastCalendar: WorkCalendar | null = null

export function workCalendar (key: string, rules: () => WorkRules): WorkCalendar {
  if (key === lastKey && lastCalendar !== null) return lastCalendar
  let calendar = compiled.get(key)
  lastKey = key
  if (calendar !== undefined) {
    // Most recently used last
    compiled.delete(key)
    compiled.set(key, calendar)
    lastCalendar = calendar
    return calendar
  }
  calendar = new WorkCalendar(rules())
  let held = 0
  for (const entry of compiled.values()) held += entry.size
  for (const [oldKey, old] of compiled) {
    if (held <= MAX_SUMMARIES && compiled.size < MAX_CALENDARS) break
    held -= old.size
    compiled.delete(oldKey)
  }
  compiled.set(key, calendar)
  lastCalendar = calendar
  return calendar
}
