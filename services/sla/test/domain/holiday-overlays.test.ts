import Holidays from 'date-holidays'
import { describe, expect, it } from 'vitest'
import { formatDate, formatWallTime, weekday } from '@utility-apis/civil-date'
import { workingDaysBetween } from '../../src/domain/working-time.js'
import { daysInLieu, easterSunday, OVERLAYS, citationsOf, type DatedHoliday } from '../../src/domain/holiday-overlays.js'
import { findWorldCalendar, worldHolidays, type HolidayType } from '../../src/domain/world-holidays.js'
import { calendarOf, day } from '../helpers/work-calendar.js'

/** The Monday-to-Friday dates a calendar closes in a year, as a user of the default hours sees them. */
function closedWeekdays (id: string, year: number): string[] {
  const work = calendarOf('UTC', { calendar: id })
  const closed: string[] = []
  for (let date = day(`${year}-01-01`); date < day(`${year + 1}-01-01`); date++) {
    if (weekday(date) <= 5 && workingDaysBetween(work, date, date + 1) === 0) closed.push(formatDate(date))
  }
  return closed
}

const weekdaysOf = (dates: string[]): string[] => dates.filter((date) => weekday(day(date)) <= 5)

function listed (id: string, year: number, types: HolidayType[] = ['public']) {
  const calendar = findWorldCalendar(id)
  if (calendar === null) throw new Error(`no calendar ${id}`)
  return worldHolidays(calendar, types, year).map((holiday) => ({
    date: formatWallTime(holiday.start).slice(0, 10), name: holiday.name, type: holiday.type, substitute: holiday.substitute
  }))
}

// The Ministry of Manpower's lists, every date as MOM prints it (weekend ones too) with the Monday a Sunday holiday
// gives. https://www.mom.gov.sg/employment-practices/public-holidays (2024 to 2026);
// https://www.mom.gov.sg/newsroom/press-releases/2022/0408-public-holidays-for-2023, with Vesak Day as revised
// (and the Tuesday in lieu of Chinese New Year): https://www.channelnewsasia.com/singapore/2023-long-public-holiday-weekend-vesak-day-2972966;
// 2022 as revised on 2021-10-21 (Hari Raya Haji on Sunday 10 July, Monday 11 July a holiday):
// https://www.channelnewsasia.com/singapore/public-holidays-new-dates-hari-raya-puasa-hari-raya-haji-2022-2258426
const MOM: Record<number, string[]> = {
  2022: ['2022-01-01', '2022-02-01', '2022-02-02', '2022-04-15', '2022-05-01', '2022-05-02', '2022-05-03', '2022-05-15',
    '2022-05-16', '2022-07-10', '2022-07-11', '2022-08-09', '2022-10-24', '2022-12-25', '2022-12-26'],
  2023: ['2023-01-01', '2023-01-02', '2023-01-22', '2023-01-23', '2023-01-24', '2023-04-07', '2023-04-22', '2023-05-01',
    '2023-06-02', '2023-06-29', '2023-08-09', '2023-09-01', '2023-11-12', '2023-11-13', '2023-12-25'],
  2024: ['2024-01-01', '2024-02-10', '2024-02-11', '2024-02-12', '2024-03-29', '2024-04-10', '2024-05-01', '2024-05-22',
    '2024-06-17', '2024-08-09', '2024-10-31', '2024-12-25'],
  2025: ['2025-01-01', '2025-01-29', '2025-01-30', '2025-03-31', '2025-04-18', '2025-05-01', '2025-05-03', '2025-05-12',
    '2025-06-07', '2025-08-09', '2025-10-20', '2025-12-25'],
  2026: ['2026-01-01', '2026-02-17', '2026-02-18', '2026-03-21', '2026-04-03', '2026-05-01', '2026-05-27', '2026-05-31',
    '2026-06-01', '2026-08-09', '2026-08-10', '2026-11-08', '2026-11-09', '2026-12-25']
}

// The general holidays of the Canada Labour Code, s. 166
// (https://laws-lois.justice.gc.ca/eng/acts/L-2/section-166.html), on the days the Labour Program gives them
// (https://www.canada.ca/en/employment-social-development/programs/employment-standards/federal-standards/holidays.html:
// Victoria Day the Monday before May 25, Labour Day the first Monday of September, Thanksgiving the second Monday of
// October), and for New Year's Day, Canada Day, the National Day for Truth and Reconciliation, Remembrance Day,
// Christmas and Boxing Day on a Saturday or Sunday the working day after (s. 193(2),
// https://laws-lois.justice.gc.ca/eng/acts/L-2/section-193.html, lets the employer give the one before instead).
const CANADA_LABOUR_CODE: Record<number, string[]> = {
  2021: ['2021-01-01', '2021-04-02', '2021-05-24', '2021-07-01', '2021-09-06', '2021-09-30', '2021-10-11', '2021-11-11',
    '2021-12-27', '2021-12-28'],
  2022: ['2022-01-03', '2022-04-15', '2022-05-23', '2022-07-01', '2022-09-05', '2022-09-30', '2022-10-10', '2022-11-11',
    '2022-12-26', '2022-12-27'],
  2026: ['2026-01-01', '2026-04-03', '2026-05-18', '2026-07-01', '2026-09-07', '2026-09-30', '2026-10-12', '2026-11-11',
    '2026-12-25', '2026-12-28'],
  2027: ['2027-01-01', '2027-03-26', '2027-05-24', '2027-07-01', '2027-09-06', '2027-09-30', '2027-10-11', '2027-11-11',
    '2027-12-27', '2027-12-28'],
  2028: ['2028-01-03', '2028-04-14', '2028-05-22', '2028-07-03', '2028-09-04', '2028-10-02', '2028-10-09', '2028-11-13',
    '2028-12-25', '2028-12-26']
}

describe('Singapore: the Holidays Act\'s days in lieu and Vesak Day from 2027', () => {
  for (const [year, dates] of Object.entries(MOM)) {
    it(`SG ${year}: the weekdays closed are MOM's`, () => {
      expect(closedWeekdays('SG', Number(year))).toEqual(weekdaysOf(dates))
    })
  }

  it('gives Monday 2027-05-17 in lieu of Hari Raya Haji on Sunday 2027-05-16, and Vesak Day on 2027-05-20', () => {
    const closed = closedWeekdays('SG', 2027)
    expect(closed).toEqual(expect.arrayContaining(['2027-05-17', '2027-05-20']))
    expect(listed('SG', 2027).filter((holiday) => holiday.date.startsWith('2027-05'))).toEqual([
      { date: '2027-05-01', name: 'Labour Day', type: 'public', substitute: false },
      { date: '2027-05-16', name: 'Hari Raya Haji', type: 'public', substitute: false },
      { date: '2027-05-17', name: 'Hari Raya Haji (substitute day)', type: 'public', substitute: true },
      { date: '2027-05-20', name: 'Vesak Day', type: 'public', substitute: false }
    ])
  })

  it('marks the days in lieu of 2026 as substitute days, once each', () => {
    const substitutes = listed('SG', 2026).filter((holiday) => holiday.substitute)
    expect(substitutes.map((holiday) => [holiday.date, holiday.name])).toEqual([
      ['2026-06-01', 'Vesak Day (substitute day)'],
      ['2026-08-10', 'National Day (substitute day)'],
      ['2026-11-09', 'Deepavali (substitute day)']
    ])
    expect(listed('SG', 2026).filter((holiday) => !holiday.substitute)).toHaveLength(11)
  })

  it('takes the day after the next holiday when the next day is one: Chinese New Year on Sunday 2023-01-22', () => {
    expect(listed('SG', 2023).filter((holiday) => holiday.substitute).map((holiday) => holiday.date))
      .toEqual(['2023-01-02', '2023-01-24'])
  })

  it('the Chinese-calendar rule for Vesak Day gives each date MOM published, 2013 to 2026', () => {
    // MOM's dates, as the data lists them (each year's list on mom.gov.sg)
    const published = ['2013-05-24', '2014-05-13', '2015-06-01', '2016-05-21', '2017-05-10', '2018-05-29', '2019-05-19',
      '2020-05-07', '2021-05-26', '2022-05-15', '2023-06-02', '2024-05-22', '2025-05-12', '2026-05-31']
    const rule = OVERLAYS.find((overlay) => overlay.id === 'SG')?.add[0].rule.replace(/ since \d+$/, '')
    expect(rule).toBe('chinese 04-0-15')
    const alone = new Holidays()
    alone.setHoliday(rule as string, 'Vesak Day')
    expect(published.map((date) => alone.getHolidays(Number(date.slice(0, 4)))[0]?.date.slice(0, 10))).toEqual(published)
  })
})

describe('CA-FED: the general holidays of the Canada Labour Code', () => {
  for (const [year, dates] of Object.entries(CANADA_LABOUR_CODE)) {
    it(`CA-FED ${year}: the weekdays closed are the Code's`, () => {
      expect(closedWeekdays('CA-FED', Number(year))).toEqual(dates)
    })
  }

  it('has no National Day for Truth and Reconciliation before 2021', () => {
    expect(closedWeekdays('CA-FED', 2020)).not.toContain('2020-09-30')
    expect(listed('CA-FED', 2020)).toHaveLength(9 + 1)
  })

  it('lists the day in lieu beside the holiday, and only for the public type', () => {
    expect(listed('CA-FED', 2027).slice(-4)).toEqual([
      { date: '2027-12-25', name: 'Christmas Day', type: 'public', substitute: false },
      { date: '2027-12-26', name: 'Boxing Day', type: 'public', substitute: false },
      { date: '2027-12-27', name: 'Christmas Day (substitute day)', type: 'public', substitute: true },
      { date: '2027-12-28', name: 'Boxing Day (substitute day)', type: 'public', substitute: true }
    ])
    expect(listed('CA-FED', 2027, ['bank'])).toEqual([])
  })

  it('is not CA, which holds only the days every province keeps', () => {
    expect(closedWeekdays('CA', 2026)).not.toContain('2026-09-30')
    expect(closedWeekdays('CA-FED', 2026)).toContain('2026-09-30')
  })
})

describe('KR: Seollal, the eve, the day and the day after', () => {
  // The Regulations on Holidays of Government Offices, art. 3: when a day of Seollal falls on a Sunday, the first day
  // after it that is not a holiday is one. The data lists those days by date, anchored at the eve, up to 2050
  it('gives the days in lieu the law gives, 2014 to 2050, against the data\'s own list', () => {
    for (let year = 2014; year <= 2050; year++) {
      const holidays = listed('KR', year)
      const seollal = holidays.find((holiday) => holiday.name === 'Korean New Year')
      if (seollal === undefined) throw new Error(`no Seollal in ${year}`)
      const days = [0, 1, 2].map((offset) => day(seollal.date) + offset)
      const closed = new Set(holidays.filter((holiday) => !holiday.substitute).map((holiday) => day(holiday.date)))
      let inLieu = days[2] + 1
      while (closed.has(inLieu) || weekday(inLieu) === 7) inLieu++
      const expected = days.some((date) => weekday(date) === 7) ? [formatDate(inLieu)] : []
      const given = holidays.filter((holiday) => holiday.name === 'Korean New Year (substitute day)').map((holiday) => holiday.date)
      expect(given, String(year)).toEqual(expected)
    }
  })
})

describe('BR: 20 November, national from 2024 (Lei 14.759/2023)', () => {
  it('every BR calendar, subdivision and region lists it once and closes on it from 2024', () => {
    const data = new Holidays()
    const ids = ['BR', ...Object.keys(data.getStates('BR') ?? {}).flatMap((state) =>
      [`BR-${state}`, ...Object.keys(data.getRegions('BR', state) ?? {}).map((region) => `BR-${state}-${region}`)])]
    expect(ids.length).toBeGreaterThan(30)
    for (const id of ids) {
      for (let year = 2024; year <= 2028; year++) {
        const on = listed(id, year).filter((holiday) => holiday.date === `${year}-11-20`)
        expect(on.length, `${id} ${year}`).toBe(1)
        expect(closedWeekdays(id, year).includes(`${year}-11-20`), `${id} ${year}`).toBe(weekday(day(`${year}-11-20`)) <= 5)
      }
    }
  })
})

describe('labels', () => {
  it('IE with public and bank types: St Patrick\'s and St Stephen\'s Days are public, as the public list has them', () => {
    const both = listed('IE', 2026, ['public', 'bank'])
    expect(both.find((holiday) => holiday.date === '2026-03-17')).toMatchObject({ type: 'public', substitute: false })
    expect(both.find((holiday) => holiday.date === '2026-12-26')).toMatchObject({ type: 'public', substitute: false })
    // The Monday after St Stephen's Day on a Saturday is a bank holiday only; Good Friday is not a public holiday
    expect(both.find((holiday) => holiday.date === '2026-12-28')).toMatchObject({ type: 'bank', substitute: true })
    expect(both.find((holiday) => holiday.date === '2026-04-03')).toMatchObject({ type: 'bank' })
    expect(listed('IE', 2026, ['bank']).find((holiday) => holiday.date === '2026-03-17')).toMatchObject({ type: 'bank' })
  })
})

describe('the overlay layer', () => {
  it('computes Easter Sunday (Gregorian) for known years', () => {
    const known = ['1971-04-11', '2000-04-23', '2008-03-23', '2011-04-24', '2024-03-31', '2025-04-20', '2026-04-05',
      '2027-03-28', '2038-04-25', '2100-03-28']
    expect(known.map((date) => formatDate(easterSunday(Number(date.slice(0, 4)))))).toEqual(known)
  })

  it('gives each day in lieu the first free day after the holiday, in date order', () => {
    const at = (date: string, name: string): DatedHoliday => ({ date: day(date), name, substitute: false })
    const weekend = { from: [6, 7], weekdaysOnly: true, source: { title: '', url: '' } }
    const given = daysInLieu([at('2022-12-25', 'Christmas Day'), at('2022-12-26', 'Boxing Day')], weekend)
    expect(given.map((holiday) => formatDate(holiday.date))).toEqual(['2022-12-27'])
    const sundays = { ...weekend, from: [7], weekdaysOnly: false }
    expect(daysInLieu([at('2033-01-01', 'A'), at('2033-01-02', 'B'), at('2033-01-03', 'C')], sundays)
      .map((holiday) => [formatDate(holiday.date), holiday.name])).toEqual([['2033-01-04', 'B (substitute day)']])
  })

  it('names a source for every entry, by title and https URL', () => {
    for (const overlay of OVERLAYS) {
      const citations = citationsOf(overlay)
      expect(citations.length, overlay.id).toBeGreaterThan(0)
      for (const citation of citations) {
        expect(citation.title.length).toBeGreaterThan(10)
        expect(citation.url).toMatch(/^https:\/\/[a-z0-9.-]+\.(gov\.sg|gc\.ca|canada\.ca|ontario\.ca|parl\.ca|law\.go\.kr|gov\.cn|planalto\.gov\.br|gov\.bc\.ca)\//)
      }
    }
  })
})
