import { describe, expect, it } from 'vitest'
import { formatDate, formatWallTime, weekday } from '@utility-apis/civil-date'
import { workingDaysBetween } from '../../src/domain/working-time.js'
import { findWorldCalendar, localNames, worldCalendars, worldHolidays, type WorldCalendar } from '../../src/domain/world-holidays.js'
import { calendarOf, day } from '../helpers/work-calendar.js'

const calendar = (id: string): WorldCalendar => {
  const found = findWorldCalendar(id)
  if (found === null) throw new Error(`no calendar ${id}`)
  return found
}

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

// The governments' own lists (weekend dates included where they print them), so that a data update that changes a
// year is noticed: gov.uk bank holidays (England and Wales), Bavaria's Feiertagsgesetz as the state interior
// ministry lists it, Japan's Cabinet Office, service-public.fr, Ontario's Employment Standards Act guide.
const PUBLISHED: Record<string, Record<number, string[]>> = {
  'GB-ENG': {
    2026: ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31', '2026-12-25', '2026-12-28'],
    2027: ['2027-01-01', '2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-08-30', '2027-12-27', '2027-12-28']
  },
  'DE-BY': {
    // Assumption (Aug 15) only in mainly Catholic communities: DE-BY-KATH; it falls on a weekend both years
    2026: ['2026-01-01', '2026-01-06', '2026-04-03', '2026-04-06', '2026-05-01', '2026-05-14', '2026-05-25', '2026-06-04',
      '2026-10-03', '2026-11-01', '2026-12-25', '2026-12-26'],
    2027: ['2027-01-01', '2027-01-06', '2027-03-26', '2027-03-29', '2027-05-01', '2027-05-06', '2027-05-17', '2027-05-27',
      '2027-10-03', '2027-11-01', '2027-12-25', '2027-12-26']
  },
  JP: {
    2026: ['2026-01-01', '2026-01-12', '2026-02-11', '2026-02-23', '2026-03-20', '2026-04-29', '2026-05-03', '2026-05-04',
      '2026-05-05', '2026-05-06', '2026-07-20', '2026-08-11', '2026-09-21', '2026-09-22', '2026-09-23', '2026-10-12',
      '2026-11-03', '2026-11-23'],
    2027: ['2027-01-01', '2027-01-11', '2027-02-11', '2027-02-23', '2027-03-21', '2027-03-22', '2027-04-29', '2027-05-03',
      '2027-05-04', '2027-05-05', '2027-07-19', '2027-08-11', '2027-09-20', '2027-09-23', '2027-10-11', '2027-11-03',
      '2027-11-23']
  },
  FR: {
    2026: ['2026-01-01', '2026-04-06', '2026-05-01', '2026-05-08', '2026-05-14', '2026-05-25', '2026-07-14', '2026-08-15',
      '2026-11-01', '2026-11-11', '2026-12-25'],
    2027: ['2027-01-01', '2027-03-29', '2027-05-01', '2027-05-06', '2027-05-08', '2027-05-17', '2027-07-14', '2027-08-15',
      '2027-11-01', '2027-11-11', '2027-12-25']
  },
  'CA-ON': {
    2026: ['2026-01-01', '2026-02-16', '2026-04-03', '2026-05-18', '2026-07-01', '2026-09-07', '2026-10-12', '2026-12-25', '2026-12-26'],
    2027: ['2027-01-01', '2027-02-15', '2027-03-26', '2027-05-24', '2027-07-01', '2027-09-06', '2027-10-11', '2027-12-25', '2027-12-26']
  }
}

describe('holiday data against the governments\' published lists', () => {
  for (const [id, years] of Object.entries(PUBLISHED)) {
    for (const [year, dates] of Object.entries(years)) {
      it(`${id} ${year}: the weekdays closed are the published ones`, () => {
        expect(closedWeekdays(id, Number(year))).toEqual(weekdaysOf(dates))
      })
    }
  }

  it('CA-ON leaves out the Easter Monday the data gives Ontario, which the Employment Standards Act does not', () => {
    expect(closedWeekdays('CA-ON', 2026)).not.toContain('2026-04-06')
    expect(closedWeekdays('CA', 2026)).toContain('2026-04-03')
  })

  // The Department of Personnel and Training's 2026 list for central government offices in Delhi: 17 compulsory days
  const DOPT_2026 = ['2026-01-26', '2026-03-04', '2026-03-21', '2026-03-26', '2026-03-31', '2026-04-03', '2026-05-01', '2026-05-27',
    '2026-06-26', '2026-08-15', '2026-08-26', '2026-09-04', '2026-10-02', '2026-10-20', '2026-11-08', '2026-11-24', '2026-12-25']
  // By law or on every year's DoPT list: Republic Day, Independence Day, Gandhi Jayanti, Good Friday, Christmas
  const FIXED_2027 = ['2027-01-26', '2027-03-26', '2027-08-15', '2027-10-02', '2027-12-25']

  it('IN 2026 against DoPT\'s list: the days of the solar calendar only, and Ambedkar Jayanti, a restricted holiday there', () => {
    const closed = closedWeekdays('IN', 2026)
    const published = weekdaysOf(DOPT_2026)
    expect(closed.filter((date) => published.includes(date))).toEqual(['2026-01-26', '2026-04-03', '2026-10-02', '2026-12-25'])
    expect(closed.filter((date) => !published.includes(date))).toEqual(['2026-04-14'])
    // Holi, Ram Navami, Mahavir Jayanti, Buddha Purnima, Bakrid, Muharram, Milad-un-Nabi, Janmashtami, Dussehra and
    // Guru Nanak Jayanti (Id-ul-Fitr and Diwali are on a weekend) follow lunar calendars: not in the data, customers
    // send them in `holidays`
    expect(published.filter((date) => !closed.includes(date))).toHaveLength(10)
  })

  it('IN 2027: the days fixed by law (DoPT publishes the year\'s list late in the year before), and Ambedkar Jayanti', () => {
    expect(closedWeekdays('IN', 2027)).toEqual([...weekdaysOf(FIXED_2027), '2027-04-14'].sort())
  })

  it('IN has the national holidays and some others; the lunar-calendar festivals are not in the data', () => {
    // Republic Day, Independence Day and Gandhi Jayanti are national holidays by law; Good Friday and Christmas are
    // on the central government's list; Holi, Id-ul-Fitr, Diwali and the others are not in the data at all
    const names = (year: number) => worldHolidays(calendar('IN'), ['public'], year)
      .map((holiday) => `${formatWallTime(holiday.start).slice(0, 10)} ${holiday.name}`)
    expect(names(2026)).toEqual([
      '2026-01-26 Republic Day', '2026-04-03 Good Friday', '2026-04-14 Ambedkar Jayanti', '2026-08-15 Independence Day',
      '2026-10-02 Gandhi Jayanti', '2026-12-25 Christmas Day'
    ])
    expect(names(2027).map((entry) => entry.slice(0, 10)))
      .toEqual(['2027-01-26', '2027-03-26', '2027-04-14', '2027-08-15', '2027-10-02', '2027-12-25'])
  })
})

describe('world calendars', () => {
  it('finds every country, subdivision and region in any case, in the data\'s spelling', () => {
    expect(findWorldCalendar('gb-eng')).toMatchObject({ id: 'GB-ENG', country: 'GB', subdivision: 'ENG' })
    expect(findWorldCalendar('de-by-a')).toMatchObject({ id: 'DE-BY-A', subdivision: 'BY-A' })
    expect(findWorldCalendar('ck-rarotonga')).toMatchObject({ id: 'CK-Rarotonga' })
    expect(findWorldCalendar('us-federal')).toBeNull()
    expect(findWorldCalendar('XX')).toBeNull()
    expect(findWorldCalendar('DE-XX')).toBeNull()
    const ids = worldCalendars().map((entry) => entry.id)
    expect(ids.length).toBeGreaterThan(600)
    expect(ids).toEqual(expect.arrayContaining(['US-CA', 'IN', 'BR-SP', 'AU-NSW', 'JP']))
  })

  it('keeps substitute days, and marks them', () => {
    const boxing = worldHolidays(calendar('GB-ENG'), ['public'], 2026).filter((holiday) => holiday.name.startsWith('Boxing Day'))
    expect(boxing.map((holiday) => [formatWallTime(holiday.start), holiday.substitute])).toEqual([
      ['2026-12-26T00:00:00', false], ['2026-12-28T00:00:00', true]
    ])
  })

  it('keeps the time of day a holiday starts, and how long it lasts', () => {
    const eve = worldHolidays(calendar('AU-SA'), ['public'], 2026).find((holiday) => holiday.name === 'Christmas Eve')
    expect(eve && [formatWallTime(eve.start), formatWallTime(eve.end)]).toEqual(['2026-12-24T19:00:00', '2026-12-25T00:00:00'])
    const newYear = worldHolidays(calendar('RU'), ['public'], 2026).find((holiday) => holiday.end - holiday.start > 86_400)
    expect(newYear && formatWallTime(newYear.start).slice(0, 10)).toBe('2026-01-02')
  })

  it('reads a holiday of the Islamic calendar as its civil dates, not from sunset the evening before', () => {
    const eid = worldHolidays(calendar('AE'), ['public'], 2026).find((holiday) => holiday.end - holiday.start === 3 * 86_400)
    expect(eid && [formatWallTime(eid.start), formatWallTime(eid.end)]).toEqual(['2026-03-20T00:00:00', '2026-03-23T00:00:00'])
  })

  it('computes a (calendar, types, year) once, its local names too', () => {
    const first = worldHolidays(calendar('FR'), ['public'], 2031)
    expect(worldHolidays(calendar('FR'), ['public'], 2031)).toBe(first)
    expect(worldHolidays(calendar('FR'), ['public', 'bank'], 2031)).not.toBe(first)
    const names = localNames(calendar('DE-BY'), ['public'], 2031)
    expect(localNames(calendar('DE-BY'), ['public'], 2031)).toBe(names)
    expect(names.get(worldHolidays(calendar('DE-BY'), ['public'], 2031)[0].ref)).toBe('Neujahr')
  })

  it('counts only the types asked for', () => {
    const dates = (types: Array<'public' | 'bank'>) => worldHolidays(calendar('JP'), types, 2026)
      .map((holiday) => formatWallTime(holiday.start).slice(0, 10))
    expect(dates(['public'])).not.toContain('2026-01-02')
    expect(dates(['public', 'bank'])).toEqual(expect.arrayContaining(['2026-01-02', '2026-12-31']))
    expect(dates(['bank'])).not.toContain('2026-01-01')
  })
})
