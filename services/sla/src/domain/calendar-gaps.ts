// Where a calendar's data runs out: the holidays the date-holidays data stops giving at some year (a list of dates that
// ends, the Islamic calendar's table to 2076), measured from the data itself by test/domain/calendar-gaps.test.ts into
// calendar-gaps.measured.ts. GET /v1/business-days/calendars states them, answers that touch such a year warn of them,
// and the README's table is written from them: one source.
import { MEASURED } from './calendar-gaps.measured.js'

/** The last year a result may lie in: the data is measured to here. */
export const LAST_MEASURED_YEAR = 2199

/** Why the data lacks a holiday from some year on, read from the rule that gave it the year before. */
export type GapCause = 'dated' | 'islamic' | 'hebrew' | 'ended' | 'other' | 'arranged-yearly' | 'never-listed'

/** Holidays a calendar has every year up to `from - 1` and the data lacks from `from` to the end of the range. */
export interface CalendarGap {
  from: number
  cause: GapCause
  missing: readonly string[]
}

interface MeasuredGaps {
  /** The version of date-holidays measured. */
  dateHolidays: string
  /** The years whose holidays count as the ones a calendar keeps every year. */
  baseline: readonly number[]
  calendars: Readonly<Record<string, readonly CalendarGap[]>>
}

/** A shortfall of the data that is not a gap: the law keeps the day only in some years, or kept it once, or ended it. */
export interface NotAGap {
  calendars: readonly string[]
  holidays: readonly string[]
  why: string
}

const MEASURED_GAPS: MeasuredGaps = MEASURED

/**
 * What the measurement finds short and is not a gap. Each entry is used by the measurement (a test fails on one that
 * no longer explains anything), and the README lists them under the gaps.
 */
export const NOT_GAPS: readonly NotAGap[] = [
  { calendars: ['CH-AR'], holidays: ['Boxing Day'], why: 'Appenzell Ausserrhoden keeps Dec 26 only when it is not a Monday.' },
  {
    calendars: ['BO-C', 'BO-H'],
    holidays: ['Andean Amazonic Chacoan New Year (substitutes)'],
    why: 'The data names the day in lieu of June 21 on a Sunday as a holiday of its own; most years have none.'
  },
  {
    calendars: ['MZ'],
    holidays: ['Public Holiday'],
    why: 'The data names the day in lieu of a holiday on a Sunday as a holiday of its own; some years have none.'
  },
  {
    calendars: ['HK'],
    holidays: ['The day following Easter Monday'],
    why: 'A day in lieu, given when the Ching Ming Festival\'s own day in lieu falls on Easter Monday (2026).'
  },
  {
    calendars: ['SK'],
    holidays: ['Day of Our Lady of the Seven Sorrows', 'Day of victory over fascism'],
    why: 'Days off until 2025; the data gives them as observances, not days off, from 2026, as Slovak law now does.'
  },
  { calendars: ['PF'], holidays: ['Internal Autonomy Day'], why: 'Replaced by Matari\'i (Nov 20) from 2026, as the data records.' },
  { calendars: ['DE-BE'], holidays: ['Liberation Day (80th Anniversary)'], why: 'Held once, in 2025.' },
  { calendars: ['US-FL'], holidays: ['Commemoration of America\'s 250th Birthday'], why: 'Held once, in 2026.' },
  {
    calendars: ['PY'],
    holidays: ['Recognition of the historic victory of the Paraguayan national football team over Germany'],
    why: 'Held once, on 30 June 2026.'
  },
  {
    calendars: ['RU-MR'],
    holidays: ['25th Anniversary of the Canonization of Righteous Warrior Fyodor Ushakov'],
    why: 'Held once, in 2026.'
  }
]

/**
 * What the measurement cannot see, stated by hand, by country (its subdivisions and regions too): it compares the
 * years the data has, so it misses days the data never holds, and days in lieu that carry the name of the holiday they
 * replace. Each is merged with the measured gaps.
 */
const UNMEASURED_GAPS: Readonly<Record<string, readonly CalendarGap[]>> = {
  // The Regulations on Holidays of Government Offices give a day in lieu when a day of Seollal or Chuseok falls on a
  // Sunday, or two holidays on one day; the data lists those days by date up to 2050 (its KR.yaml says so)
  KR: [{
    from: 2051,
    cause: 'dated',
    missing: ['Buddha\'s Birthday (substitute day)', 'Children\'s Day (substitute day)', 'Korean New Year (substitute day)',
      'Korean Thanksgiving (substitute day)', 'National Foundation Day (substitute day)']
  }],
  // The State Council's yearly notice (调休) moves days off next to the holidays and makes weekends working days; the
  // data has 2021's days off only and the service cannot make a weekend a working day, so no year of CN is exact
  CN: [{ from: 1971, cause: 'arranged-yearly', missing: ['the State Council\'s yearly arrangement: bridge days off and weekend working days'] }],
  // The Department of Personnel and Training's compulsory holidays of central government offices, each year: the data
  // has the three national days, Good Friday and Christmas, and none of the festivals of lunar calendars (nor do the
  // states' calendars, which add their own days)
  IN: [{
    from: 1971,
    cause: 'never-listed',
    missing: ['Buddha Purnima', 'Diwali (Deepavali)', 'Dussehra', 'Guru Nanak\'s Birthday', 'Id-ul-Fitr', 'Id-ul-Zuha (Bakrid)',
      'Mahavir Jayanti', 'Milad-un-Nabi (Id-e-Milad)', 'Muharram']
  }]
}

/** What a calendar's data lacks, as GET /v1/business-days/calendars lists it. */
export interface Completeness {
  /** The last year with every holiday the calendar keeps every year. */
  completeThrough: number
  gaps: readonly CalendarGap[]
}

const COMPLETE: Completeness = { completeThrough: LAST_MEASURED_YEAR, gaps: [] }

/** The completeness of a calendar by its documented id; calendars of our own (us-federal, weekdays) are complete. */
export function completenessOf (id: string): Completeness {
  const stated = UNMEASURED_GAPS[id.split('-')[0]] ?? []
  const gaps = [...(MEASURED_GAPS.calendars[id] ?? []), ...stated].sort((a, b) => a.from - b.from)
  if (gaps.length === 0) return COMPLETE
  return { completeThrough: Math.min(...gaps.map((gap) => gap.from)) - 1, gaps }
}

/** Why the data lacks them, for the README and the calendars list. */
export function gapReason (gap: CalendarGap): string {
  const last = gap.from - 1
  switch (gap.cause) {
    case 'dated': return `the data lists ${gap.missing.length > 1 ? 'them' : 'it'} by date up to ${last}`
    case 'islamic': return `the data has dates of the Islamic calendar up to ${last}`
    case 'hebrew': return `the data has dates of the Hebrew calendar up to ${last}`
    case 'ended': return `the data's rule for ${gap.missing.length > 1 ? 'them' : 'it'} ends in ${last}`
    case 'other': return `the data has ${gap.missing.length > 1 ? 'them' : 'it'} up to ${last}`
    case 'arranged-yearly': return 'the State Council announces it each year (调休); the data has none but 2021\'s days off, ' +
      'and a weekend cannot be made a working day'
    case 'never-listed': return 'the data has none of these festivals of lunar calendars in any year: the government lists their dates each year'
  }
}

/** A year of an answer whose calendar lacks holidays it keeps every year. */
export interface CalendarWarning {
  code: 'calendar_incomplete'
  calendar: string
  year: number
  missing: string[]
}

/** The warnings for the local years first..last of an answer's working time; none for complete years. */
export function incompleteYears (calendar: string, completeness: Completeness, first: number, last: number): CalendarWarning[] {
  const warnings: CalendarWarning[] = []
  for (let year = Math.max(first, completeness.completeThrough + 1); year <= last; year++) {
    const missing = completeness.gaps.filter((gap) => gap.from <= year).flatMap((gap) => gap.missing)
    warnings.push({ code: 'calendar_incomplete', calendar, year, missing })
  }
  return warnings
}
