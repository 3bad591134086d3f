import federal from '@18f/us-federal-holidays'
import Holidays from 'date-holidays'
import { describe, expect, it } from 'vitest'
import { dayNumber, formatDate, weekday } from '@utility-apis/civil-date'
import { holidaysObservedIn, holidaysOfYear, observedDay, type CalendarId, type Holiday } from '../../src/domain/holidays.js'
import { FEDERAL_HOLIDAYS_2020_2035 } from '../fixtures/federal-holidays.js'

const describeHoliday = (holiday: Holiday): string[] => [formatDate(holiday.observed), holiday.name, formatDate(holiday.date)]

function observedBetween (calendar: CalendarId, firstYear: number, lastYear: number): Holiday[] {
  const holidays: Holiday[] = []
  for (let year = firstYear; year <= lastYear; year++) holidays.push(...holidaysObservedIn(calendar, year))
  return holidays
}

describe('us-federal holidays', () => {
  it('lists every observed holiday of 2020 to 2035 (175 days)', () => {
    expect(observedBetween('us-federal', 2020, 2035).map(describeHoliday)).toEqual(FEDERAL_HOLIDAYS_2020_2035)
  })

  it('moves each weekend holiday of 2020 to 2035 to the day the OPM lists name', () => {
    const shifted = observedBetween('us-federal', 2020, 2035)
      .filter((holiday) => holiday.observed !== holiday.date)
      .map((holiday) => `${formatDate(holiday.observed)} (${formatDate(holiday.date)})`)
    expect(shifted).toEqual([
      '2020-07-03 (2020-07-04)',
      '2021-06-18 (2021-06-19)', '2021-07-05 (2021-07-04)', '2021-12-24 (2021-12-25)', '2021-12-31 (2022-01-01)',
      '2022-06-20 (2022-06-19)', '2022-12-26 (2022-12-25)', '2023-01-02 (2023-01-01)', '2023-11-10 (2023-11-11)',
      '2026-07-03 (2026-07-04)', '2027-06-18 (2027-06-19)', '2027-07-05 (2027-07-04)', '2027-12-24 (2027-12-25)',
      '2027-12-31 (2028-01-01)',
      '2028-11-10 (2028-11-11)', '2029-11-12 (2029-11-11)',
      '2032-06-18 (2032-06-19)', '2032-07-05 (2032-07-04)', '2032-12-24 (2032-12-25)', '2032-12-31 (2033-01-01)',
      '2033-06-20 (2033-06-19)', '2033-12-26 (2033-12-25)', '2034-01-02 (2034-01-01)', '2034-11-10 (2034-11-11)',
      '2035-11-12 (2035-11-11)'
    ])
  })

  it('puts New Year\'s Day 2028 on Fri 2027-12-31, in the 2027 list and not in the 2028 one', () => {
    const of2027 = holidaysObservedIn('us-federal', 2027).map(describeHoliday)
    expect(of2027.at(-1)).toEqual(['2027-12-31', "New Year's Day", '2028-01-01'])
    expect(holidaysObservedIn('us-federal', 2028).map((h) => h.name)).not.toContain("New Year's Day")
  })

  it('has no Juneteenth before 2021; Fri 2020-06-19 is a working day and Fri 2021-06-18 the first one', () => {
    const names = (year: number): string[] => holidaysOfYear('us-federal', year).map((h) => h.name)
    expect(names(2020)).not.toContain('Juneteenth National Independence Day')
    expect(holidaysObservedIn('us-federal', 2020).map((h) => formatDate(h.observed))).not.toContain('2020-06-19')
    const juneteenth = holidaysOfYear('us-federal', 2021).find((h) => h.name === 'Juneteenth National Independence Day')
    expect(juneteenth && describeHoliday(juneteenth)).toEqual(['2021-06-18', 'Juneteenth National Independence Day', '2021-06-19'])
  })

  it('applies the rules in force each year: MLK Day from 1986, Veterans Day in October 1971-1977', () => {
    expect(holidaysOfYear('us-federal', 1985).map((h) => h.name)).not.toContain('Birthday of Martin Luther King, Jr.')
    expect(holidaysOfYear('us-federal', 1986).filter((h) => h.name === 'Birthday of Martin Luther King, Jr.').map(describeHoliday))
      .toEqual([['1986-01-20', 'Birthday of Martin Luther King, Jr.', '1986-01-20']])
    const veterans = (year: number): string[] | undefined => {
      const holiday = holidaysOfYear('us-federal', year).find((h) => h.name === 'Veterans Day')
      return holiday && describeHoliday(holiday)
    }
    expect(veterans(1971)).toEqual(['1971-10-25', 'Veterans Day', '1971-10-25'])
    expect(veterans(1977)).toEqual(['1977-10-24', 'Veterans Day', '1977-10-24'])
    expect(veterans(1978)).toEqual(['1978-11-10', 'Veterans Day', '1978-11-11'])
    expect(holidaysOfYear('us-federal', 1970)).toEqual([])
  })

  it('observes a Saturday holiday on Friday and a Sunday one on Monday, never moving a weekday one', () => {
    expect(formatDate(observedDay(dayNumber(2026, 7, 4)))).toBe('2026-07-03')
    expect(formatDate(observedDay(dayNumber(2027, 7, 4)))).toBe('2027-07-05')
    expect(formatDate(observedDay(dayNumber(2025, 7, 4)))).toBe('2025-07-04')
  })

  it('only ever observes holidays on Monday to Friday, 1971 to 2100', () => {
    for (const holiday of observedBetween('us-federal', 1971, 2100)) expect(weekday(holiday.observed)).toBeLessThan(6)
  })
})

describe('us-federal-dc and weekdays', () => {
  const inauguration = (year: number): string[][] => holidaysOfYear('us-federal-dc', year)
    .filter((h) => h.name === 'Inauguration Day').map(describeHoliday)

  it('adds Inauguration Day every fourth year after 1965, to the DC calendar only', () => {
    expect(inauguration(2021)).toEqual([['2021-01-20', 'Inauguration Day', '2021-01-20']])
    expect(inauguration(1973)).toEqual([['1973-01-20', 'Inauguration Day', '1973-01-20']])
    expect(inauguration(2022)).toEqual([])
    expect(holidaysOfYear('us-federal', 2021).map((h) => h.name)).not.toContain('Inauguration Day')
  })

  it('keeps a Saturday Inauguration Day on Saturday and moves a Sunday one to Monday (6103(c))', () => {
    expect(inauguration(2029)).toEqual([['2029-01-20', 'Inauguration Day', '2029-01-20']])
    expect(inauguration(2013)).toEqual([['2013-01-21', 'Inauguration Day', '2013-01-20']])
    expect(inauguration(1985)).toEqual([['1985-01-21', 'Inauguration Day', '1985-01-20']])
  })

  it('lists Inauguration Day 2025 beside MLK Day on the same Monday', () => {
    expect(holidaysObservedIn('us-federal-dc', 2025).slice(0, 3).map(describeHoliday)).toEqual([
      ['2025-01-01', "New Year's Day", '2025-01-01'],
      ['2025-01-20', 'Birthday of Martin Luther King, Jr.', '2025-01-20'],
      ['2025-01-20', 'Inauguration Day', '2025-01-20']
    ])
  })

  it('has no holidays in the weekdays calendar', () => {
    expect(observedBetween('weekdays', 1971, 2100)).toEqual([])
  })
})

describe('cross-check against published holiday data', () => {
  // Both packages apply today's rules to every year, so compare from 1986 (the first MLK Day) on
  const FIRST = 1986
  const LAST = 2100
  const ours = (): string[] => observedBetween('us-federal', FIRST, LAST).map((h) => `${formatDate(h.observed)} ${h.name}`)

  it('@18f/us-federal-holidays (OPM rules) gives the same observed days and names, 1986 to 2100', () => {
    const theirs = new Set<string>()
    for (let year = FIRST; year <= LAST + 1; year++) {
      for (const holiday of federal.allForYear(year)) {
        const observed = Number(holiday.dateString.slice(0, 4))
        if (observed >= FIRST && observed <= LAST) theirs.add(`${holiday.dateString} ${holiday.name}`)
      }
    }
    expect(ours()).toEqual([...theirs].sort())
  })

  it('date-holidays (US, public and bank types) gives the same days off, 1986 to 2100', () => {
    // Its Veterans Day substitutes are typed `bank`, and it also lists the actual weekend dates
    const hd = new Holidays('US')
    const theirs = new Set<string>()
    for (let year = FIRST; year <= LAST; year++) {
      for (const holiday of hd.getHolidays(year)) {
        const date = holiday.date.slice(0, 10)
        const day = dayNumber(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)))
        if ((holiday.type === 'public' || holiday.type === 'bank') && weekday(day) < 6) theirs.add(date)
      }
    }
    expect(ours().map((entry) => entry.slice(0, 10))).toEqual([...theirs].sort())
  })
})
