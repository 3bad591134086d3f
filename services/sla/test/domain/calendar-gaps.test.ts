// Measures from date-holidays itself where each calendar's data runs out, and holds calendar-gaps.measured.ts (which
// the calendars list and the answers' warnings read) and the README's table (written from it) to that measurement.
// After an update of date-holidays, or to move the baseline to the current years:
//   SLA_UPDATE_GAPS=1 pnpm exec vitest run --project sla test/domain/calendar-gaps.test.ts
// rewrites both. About 630 calendars x some 20 years cost 20-30 s of CPU, most of it date-holidays placing the
// Chinese calendar's solar terms for the thirty or so calendars with lunisolar holidays.
import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { calendarInfos, findCalendar } from '../../src/domain/calendars.js'
import { gapReason, LAST_MEASURED_YEAR, NOT_GAPS, type CalendarGap, type GapCause } from '../../src/domain/calendar-gaps.js'
import { MEASURED } from '../../src/domain/calendar-gaps.measured.js'
import { holidaysOfYear } from '../../src/domain/holidays.js'
import { DATE_HOLIDAYS_VERSION, worldHolidays } from '../../src/domain/world-holidays.js'

const UPDATE = process.env.SLA_UPDATE_GAPS === '1'
const THIS_YEAR = new Date().getUTCFullYear()
/** The years whose holidays a calendar keeps every year: last year and this one, whose data the pinned lists check. */
const BASELINE = UPDATE ? [THIS_YEAR - 1, THIS_YEAR] : [...MEASURED.baseline]
/** The years checked one by one: the baseline and the ten after it. */
const WINDOW = Array.from({ length: 12 }, (_, i) => BASELINE[0] + i)
/** A holiday absent from each of these years is one the data stops giving: where it stops is searched for. */
const TAIL = [LAST_MEASURED_YEAR - 2, LAST_MEASURED_YEAR - 1, LAST_MEASURED_YEAR]

/** A year's public holidays by name (days in lieu left out: they come and go), with the data's rule for each. */
type Year = ReadonlyMap<string, string>

function yearOf (id: string, year: number): Year {
  const calendar = findCalendar(id)
  if (calendar === null) throw new Error(`no calendar ${id}`)
  if (calendar.world === null) {
    return new Map(holidaysOfYear(calendar.statutory ?? 'weekdays', year).map((holiday) => [holiday.name, 'statute']))
  }
  const holidays = worldHolidays(calendar.world, ['public'], year).filter((holiday) => !holiday.substitute)
  return new Map(holidays.map((holiday) => [holiday.name, holiday.ref.split('|')[0]]))
}

const ISLAMIC = /\b(?:Muharram|Safar|Rabi al-awwal|Rabi al-thani|Jumada al-awwal|Jumada al-thani|Rajab|Shaban|Ramadan|Shawwal|Dhu al-Qidah|Dhu al-Hijjah)\b/
const HEBREW = /\b(?:Nisan|Iyyar|Sivan|Tamuz|Av|Elul|Tishrei|Cheshvan|Kislev|Tevet|Shvat|AdarII|Adar)\b/

/** Why a rule of the data stops giving its holiday: a list of dates that ends, a calendar's table, a rule that ends. */
function causeOf (rule: string): GapCause {
  if (/^\d{4}-\d{2}-\d{2}\b/.test(rule)) return 'dated'
  if (ISLAMIC.test(rule)) return 'islamic'
  if (HEBREW.test(rule)) return 'hebrew'
  if (/\bprior to \d{4}\b/.test(rule)) return 'ended'
  return 'other'
}

/** A holiday the data stops giving: absent from `from` to the end of the range. */
interface Tail { name: string, from: number, cause: GapCause }

/** A year of the window with fewer holidays than the baseline's fewest, and the baseline's holidays it lacks. */
interface ShortYear { year: number, missing: string[] }

interface Measured { tails: Tail[], short: ShortYear[] }

/**
 * One calendar, from its holidays by year: each holiday of the baseline that is absent from the last years of the
 * range and, going back, present every year up to where it stops (so not a day that comes and goes: a day in lieu,
 * a holiday that falls on a weekday only some years), and the short years of the window.
 */
function measure (holidays: (year: number) => Year): Measured {
  const candidates = new Set(BASELINE.flatMap((year) => [...holidays(year).keys()]))
  const tails: Tail[] = []
  for (const name of candidates) {
    if (TAIL.some((year) => holidays(year).has(name))) continue
    // The last year present, taking a gap of up to two years for one the holiday skips (it falls on a rest day)
    const present = (year: number) => [year, year + 1, year + 2].some((y) => y <= LAST_MEASURED_YEAR && holidays(y).has(name))
    let [low, high] = [BASELINE[0], LAST_MEASURED_YEAR]
    while (low < high) {
      const middle = Math.ceil((low + high) / 2)
      if (present(middle)) low = middle
      else high = middle - 1
    }
    const first = WINDOW.find((year) => holidays(year).has(name)) ?? low
    if (WINDOW.some((year) => year >= first && holidays(year).has(name) !== (year <= low))) continue
    tails.push({ name, from: low + 1, cause: causeOf(holidays(low).get(name) ?? '') })
  }
  const counts = BASELINE.map((year) => holidays(year))
  const usual = Math.min(...counts.map((year) => year.size))
  const latest = counts[counts.length - 1]
  const short = WINDOW.flatMap((year) => {
    const names = holidays(year)
    return names.size >= usual ? [] : [{ year, missing: [...latest.keys()].filter((name) => !names.has(name)) }]
  })
  return { tails, short }
}

/** Every calendar listed, measured: its gaps, and the shortfalls nothing explains. */
function measureAll () {
  const gaps: Record<string, CalendarGap[]> = {}
  const unexplained: Array<{ calendar: string } & ShortYear> = []
  const excused = new Set<string>()
  for (const { id } of calendarInfos()) {
    const cache = new Map<number, Year>()
    const holidays = (year: number): Year => cache.get(year) ?? cache.set(year, yearOf(id, year)).get(year) as Year
    const { tails, short } = measure(holidays)
    const notAGap = (name: string) => NOT_GAPS.some((entry) => entry.calendars.includes(id) && entry.holidays.includes(name))
    const kept = tails.filter((tail) => {
      if (!notAGap(tail.name)) return true
      excused.add(`${id}|${tail.name}`)
      return false
    })
    if (kept.length > 0) gaps[id] = grouped(kept)
    for (const entry of short) {
      const missing = entry.missing.filter((name) => {
        if (notAGap(name)) excused.add(`${id}|${name}`)
        return !notAGap(name) && !kept.some((tail) => tail.name === name && tail.from <= entry.year)
      })
      if (missing.length > 0) unexplained.push({ calendar: id, year: entry.year, missing })
    }
  }
  return { gaps, unexplained, excused }
}

/** Tails that start in one year for one cause make one gap. */
function grouped (tails: Tail[]): CalendarGap[] {
  const byStart = new Map<string, CalendarGap>()
  for (const tail of tails) {
    const key = `${tail.from}|${tail.cause}`
    const gap = byStart.get(key) ?? { from: tail.from, cause: tail.cause, missing: [] }
    byStart.set(key, { ...gap, missing: [...gap.missing, tail.name].sort() })
  }
  return [...byStart.values()].sort((a, b) => a.from - b.from || a.cause.localeCompare(b.cause))
}

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
const key = (id: string) => /^[A-Za-z_]\w*$/.test(id) ? id : quote(id)

/** calendar-gaps.measured.ts as the measurement writes it. */
function measuredModule (gaps: Record<string, CalendarGap[]>): string {
  // One gap a line, or its holidays one a line where that line would pass 160 characters
  const line = (gap: CalendarGap) => {
    const oneLine = `      { from: ${gap.from}, cause: '${gap.cause}', missing: [${gap.missing.map(quote).join(', ')}] }`
    if (oneLine.length <= 160) return oneLine
    return `      {\n        from: ${gap.from},\n        cause: '${gap.cause}',\n        missing: [\n` +
      `${gap.missing.map((name) => `          ${quote(name)}`).join(',\n')}\n        ]\n      }`
  }
  const calendars = Object.entries(gaps).sort(([a], [b]) => a.localeCompare(b))
    .map(([id, list]) => `    ${key(id)}: [\n${list.map(line).join(',\n')}\n    ]`)
  return [
    '// Written by test/domain/calendar-gaps.test.ts from what date-holidays gives, year by year: do not edit by hand.',
    '// SLA_UPDATE_GAPS=1 pnpm exec vitest run --project sla test/domain/calendar-gaps.test.ts writes it again.',
    'export const MEASURED = {',
    `  dateHolidays: ${quote(DATE_HOLIDAYS_VERSION)},`,
    `  baseline: [${BASELINE.join(', ')}],`,
    '  calendars: {',
    calendars.join(',\n'),
    '  }',
    '} as const',
    ''
  ].join('\n')
}

const README = new URL('../../README.md', import.meta.url)
const TABLE = /(<!-- completeness-gaps -->\n)[\s\S]*?(<!-- \/completeness-gaps -->)/

/** The README's table: one row per gap shared by a set of calendars, then what is not a gap. */
function gapTable (gaps: Readonly<Record<string, readonly CalendarGap[]>>): string {
  const rows = new Map<string, { calendars: string[], gap: CalendarGap }>()
  for (const [id, list] of Object.entries(gaps)) {
    for (const gap of list) {
      // The holidays of the Islamic and Hebrew calendars differ by name from one calendar to the next: one row each
      const what = gap.cause === 'islamic' || gap.cause === 'hebrew' ? gap.cause : gap.missing.join('; ')
      const row = rows.get(`${gap.from}|${what}`) ?? { calendars: [], gap }
      rows.set(`${gap.from}|${what}`, { ...row, calendars: [...row.calendars, id] })
    }
  }
  const missing = (gap: CalendarGap) => gap.cause === 'islamic' || gap.cause === 'hebrew'
    ? `the holidays of the ${gap.cause === 'islamic' ? 'Islamic' : 'Hebrew'} calendar (each calendar's are in its \`gaps\`)`
    : gap.missing.join(', ')
  const ids = (list: readonly string[]) => [...list].sort().map((id) => `\`${id}\``).join(', ')
  return [
    '| Calendars | Missing from | Missing | Why |',
    '|---|---|---|---|',
    ...[...rows.values()].sort((a, b) => a.gap.from - b.gap.from || a.calendars[0].localeCompare(b.calendars[0]))
      .map(({ calendars, gap }) => `| ${ids(calendars)} | ${gap.from} | ${missing(gap)} | ${gapReason(gap)} |`),
    '',
    'Not gaps, though a year lacks them:',
    '',
    '| Calendars | Holidays | Why |',
    '|---|---|---|',
    ...NOT_GAPS.map((entry) => `| ${ids(entry.calendars)} | ${entry.holidays.join(', ')} | ${entry.why} |`),
    ''
  ].join('\n')
}

describe('measuring where a calendar\'s data runs out', () => {
  const RULES: Record<string, string> = { A: '01-01', Listed: '2030-11-14', Eid: '1 Shawwal', Sunday: 'substitutes 01-01 if sunday' }
  const calendar = (has: (name: string, year: number) => boolean) => (year: number): Year =>
    new Map(Object.entries(RULES).filter(([name]) => has(name, year)))

  it('finds a holiday of the baseline that stops, where it stops, and the rule that stopped it', () => {
    const holidays = calendar((name, year) => name === 'A' || (name === 'Listed' && year <= 2030) || (name === 'Eid' && year <= 2076))
    expect(measure(holidays)).toEqual({
      tails: [{ name: 'Listed', from: 2031, cause: 'dated' }, { name: 'Eid', from: 2077, cause: 'islamic' }],
      short: WINDOW.filter((year) => year > 2030).map((year) => ({ year, missing: ['Listed'] }))
    })
  })

  it('passes over a day that comes and goes, and reports a year of the window short of the baseline', () => {
    const sometimes = calendar((name, year) => name === 'A' || (name === 'Sunday' && (year - BASELINE[1]) % 4 === 0))
    expect(measure(sometimes)).toEqual({ tails: [], short: [] })
    const skipped = WINDOW[6]
    const once = calendar((name, year) => name === 'A' || (name === 'Listed' && year !== skipped))
    expect(measure(once)).toEqual({ tails: [], short: [{ year: skipped, missing: ['Listed'] }] })
  })

  it('names the cause from the data\'s rule', () => {
    expect([causeOf('2030-11-14'), causeOf('10 Dhu al-Hijjah'), causeOf('15 Nisan'), causeOf('02-01 since 2020 prior to 2050'), causeOf('chinese 01-0-01')])
      .toEqual(['dated', 'islamic', 'hebrew', 'ended', 'other'])
  })
})

describe('every calendar listed, measured from date-holidays to ' + String(LAST_MEASURED_YEAR), () => {
  it('gives the gaps calendar-gaps.measured.ts holds, explains every short year, and the README\'s table is written from them', () => {
    const { gaps, unexplained, excused } = measureAll()
    const module = measuredModule(gaps)
    const readme = readFileSync(README, 'utf8')
    const table = gapTable(gaps)
    if (UPDATE) {
      writeFileSync(new URL('../../src/domain/calendar-gaps.measured.ts', import.meta.url), module)
      writeFileSync(README, readme.replace(TABLE, (_, open: string, close: string) => `${open}${table}${close}`))
    }
    // A short year is a gap's, or one the law explains; nothing else
    expect(unexplained).toEqual([])
    expect(MEASURED.dateHolidays, 'measured with another date-holidays: run with SLA_UPDATE_GAPS=1').toBe(DATE_HOLIDAYS_VERSION)
    expect(readFileSync(new URL('../../src/domain/calendar-gaps.measured.ts', import.meta.url), 'utf8')).toBe(module)
    expect(TABLE.exec(readFileSync(README, 'utf8'))?.[0]).toBe(`<!-- completeness-gaps -->\n${table}<!-- /completeness-gaps -->`)
    // Each entry of NOT_GAPS explains a shortfall the measurement finds, calendar by calendar
    const listed = NOT_GAPS.flatMap((entry) => entry.calendars.flatMap((id) => entry.holidays.map((name) => `${id}|${name}`)))
    expect(listed.filter((pair) => !excused.has(pair))).toEqual([])
    // What the issue found: Singapore lists no Deepavali from 2031; the overlays fill Vesak Day and CA-FED
    expect(gaps.SG?.[0]).toEqual({ from: 2031, cause: 'dated', missing: ['Deepavali'] })
    expect(gaps['CA-FED']).toBeUndefined()
    expect(Object.keys(gaps).length).toBeGreaterThan(100)
  }, 1_200_000)
})
