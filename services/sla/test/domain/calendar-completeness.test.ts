// Every calendar the service lists keeps its usual number of public holidays from this year to ten years out, so an
// update of date-holidays that drops a holiday, or data that stops at a year (Singapore's Vesak Day after 2026), is
// caught. A year that falls short passes only when an overlay fills it or the README lists the gap with its reason.
// About 630 calendars x 12 years cost some 15 s of CPU, most of it date-holidays placing the Chinese calendar's solar
// terms (VSOP87 planet positions) for the thirty or so calendars with lunisolar holidays.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { calendarInfos, findCalendar } from '../../src/domain/calendars.js'
import { holidaysOfYear } from '../../src/domain/holidays.js'
import { worldHolidays } from '../../src/domain/world-holidays.js'

const THIS_YEAR = new Date().getUTCFullYear()
const CHECKED = Array.from({ length: 11 }, (_, i) => THIS_YEAR + i)
/** The years that set a calendar's usual count: last year and this one, whose data the pinned lists check. */
const BASELINE = [THIS_YEAR - 1, THIS_YEAR]

/**
 * A holiday is its name: one of two days (Chinese New Year) or twice in a year (Eid al-Fitr, 2033) counts once, and
 * days in lieu do not count. The US federal holidays count by the statute's date (New Year's Day 2028 is observed
 * in 2027 but is a holiday of 2028).
 */
function publicHolidays (id: string, year: number): Set<string> {
  const calendar = findCalendar(id)
  if (calendar === null) throw new Error(`no calendar ${id}`)
  if (calendar.world === null) return new Set(holidaysOfYear(calendar.statutory ?? 'weekdays', year).map((holiday) => holiday.name))
  return new Set(worldHolidays(calendar.world, ['public'], year).filter((holiday) => !holiday.substitute).map((holiday) => holiday.name))
}

interface ShortYear { calendar: string, year: number, count: number, usual: number, missing: string[] }

/** The checked years whose count falls below the fewest of the baseline years, with the holidays they lack. */
function shortYears (calendar: string, holidays: (year: number) => Set<string>): ShortYear[] {
  const baseline = BASELINE.map(holidays)
  const usual = Math.min(...baseline.map((names) => names.size))
  return CHECKED.flatMap((year) => {
    const names = holidays(year)
    if (names.size >= usual) return []
    const missing = [...baseline.at(-1) ?? []].filter((name) => !names.has(name))
    return [{ calendar, year, count: names.size, usual, missing }]
  })
}

interface Gap { calendars: string[], years: number[], row: string }

/** The README's table of known gaps: calendars, years (`2031-2036`, `2027, 2029`), what is missing, why. */
function documentedGaps (): Gap[] {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  const table = /<!-- completeness-gaps -->\n([\s\S]*?)<!-- \/completeness-gaps -->/.exec(readme)
  if (table === null) throw new Error('README has no completeness-gaps table')
  return table[1].split('\n').filter((line) => /^\| *`/.test(line)).map((row) => {
    const [calendars, years] = row.split('|').slice(1, 3)
    return {
      calendars: [...calendars.matchAll(/`([^`]+)`/g)].map((match) => match[1]),
      years: years.split(',').flatMap((part) => {
        const [from, to = from] = part.trim().split(/[-–]/).map(Number)
        return Array.from({ length: to - from + 1 }, (_, i) => from + i)
      }),
      row
    }
  })
}

describe('completeness of every calendar, this year to ten years out', () => {
  it('finds a short year: holidays the baseline years have and a later one lacks', () => {
    const names = (year: number) => new Set(year === THIS_YEAR + 3 ? ['A'] : year === THIS_YEAR + 5 ? ['A', 'C', 'D'] : ['A', 'B'])
    expect(shortYears('XX', names)).toEqual([{ calendar: 'XX', year: THIS_YEAR + 3, count: 1, usual: 2, missing: ['B'] }])
  })

  it('reads the README\'s gaps', () => {
    const gaps = documentedGaps()
    expect(gaps.length).toBeGreaterThan(0)
    for (const gap of gaps) {
      expect(gap.calendars.length, gap.row).toBeGreaterThan(0)
      expect(gap.years.every((year) => Number.isInteger(year) && year >= 2000 && year <= 2200), gap.row).toBe(true)
      for (const id of gap.calendars) expect(findCalendar(id)?.id, gap.row).toBe(id)
    }
  })

  it('every calendar listed keeps its usual count of public holidays, or the README says why not', () => {
    const short = calendarInfos().flatMap((calendar) => shortYears(calendar.id, (year) => publicHolidays(calendar.id, year)))
    const gaps = documentedGaps()
    const documented = (entry: ShortYear) => gaps.some((gap) => gap.calendars.includes(entry.calendar) && gap.years.includes(entry.year))
    expect(short.filter((entry) => !documented(entry))).toEqual([])
    // A gap that data or an overlay has since filled leaves the table
    const stale = gaps.filter((gap) => !short.some((entry) => gap.calendars.includes(entry.calendar) && gap.years.includes(entry.year)))
    expect(stale.map((gap) => gap.row)).toEqual([])
    // The overlays fill what they are for: Singapore's Vesak Day, and a CA-FED with all its holidays every year
    expect(short.filter((entry) => entry.calendar === 'SG' && entry.year < 2031)).toEqual([])
    expect(short.filter((entry) => entry.calendar === 'CA-FED')).toEqual([])
  }, 600_000)
})
