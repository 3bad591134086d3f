// What a customer sees of the overlays on the date-holidays data of KR, CN, BR and CA-BC, through the routes: whether an
// instant is working time, the next business day, and the holidays list with its types and local names.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calculate, KEY, testApp } from '../helpers/app.js'

let app: FastifyInstance
beforeAll(async () => { app = await testApp() })
afterAll(async () => { await app.close() })

interface ListedHoliday { name: string, local_name: string, date: string, type: string, substitute: boolean, closed_until: string }

async function holidaysOf (calendar: string, year: number, types = 'public'): Promise<ListedHoliday[]> {
  const res = await app.inject({ method: 'GET', url: `/v1/business-days/holidays?calendar=${calendar}&year=${year}&types=${types}`, headers: KEY })
  expect(res.statusCode).toBe(200)
  return res.json().holidays
}

async function stateAt (calendar: string, timezone: string, at: string): Promise<{ state: string, holiday?: string, warnings?: unknown[] }> {
  const res = await calculate(app, { operation: 'is_business_time', calendar, timezone, at })
  expect(res.statusCode).toBe(200)
  return res.json()
}

async function nextBusinessDay (calendar: string, timezone: string, date: string): Promise<string> {
  const res = await calculate(app, { operation: 'add_business_days', calendar, timezone, date, days: 1 })
  expect(res.statusCode).toBe(200)
  return res.json().result_date
}

const datesNamed = (holidays: ListedHoliday[], name: string) => holidays.filter((holiday) => holiday.name === name).map((holiday) => holiday.date)

describe('KR: Seollal is the eve, the day and the day after (Regulations on Holidays of Government Offices, art. 2)', () => {
  it('closes Mon 2026-02-16 (the eve) and opens Thu 2026-02-19 (the data had 17-19)', async () => {
    expect(await stateAt('KR', 'Asia/Seoul', '2026-02-16T10:00:00')).toMatchObject({ state: 'holiday', holiday: 'Korean New Year' })
    expect(await stateAt('KR', 'Asia/Seoul', '2026-02-19T10:00:00')).toMatchObject({ state: 'open' })
  })

  // 설날 is 2025-01-29, 2026-02-17, 2027-02-07 (a Sunday) and 2028-01-27 by the Korean lunar calendar (KST): Korea's
  // new moon of 2028 falls after midnight in Seoul, before it in Beijing, so KR's Seollal is a day after China's
  it.each([
    [2025, ['2025-01-28 to 2025-01-31']],
    [2026, ['2026-02-16 to 2026-02-19']],
    [2027, ['2027-02-06 to 2027-02-09', 'in lieu 2027-02-09 to 2027-02-10']],
    [2028, ['2028-01-26 to 2028-01-29']]
  ])('lists Seollal %i as three days from the eve, with its Korean name and the day in lieu of a Sunday one', async (year, spans) => {
    const listed = (await holidaysOf('KR', year)).filter((holiday) => holiday.name.startsWith('Korean New Year'))
    expect(listed[0].local_name).toBe('설날')
    expect(listed.map((holiday) => `${holiday.substitute ? 'in lieu ' : ''}${holiday.date} to ${holiday.closed_until.slice(0, 10)}`))
      .toEqual(spans)
  })
})

describe('CN: the State Council\'s 全国年节及纪念日放假办法 as amended from 2025', () => {
  it('keeps days off of part of the citizens (art. 3) as observances: working days for an employer', async () => {
    expect(await stateAt('CN', 'Asia/Shanghai', '2026-06-01T10:00:00')).toMatchObject({ state: 'open' })
    expect(await stateAt('CN', 'Asia/Shanghai', '2026-03-09T10:00:00')).toMatchObject({ state: 'open' })
    const groups = ["International Women's Day", 'Youth Day', "Children's Day", 'Army Day']
    expect((await holidaysOf('CN', 2026)).filter((holiday) => groups.includes(holiday.name))).toEqual([])
    const observed = (await holidaysOf('CN', 2026, 'observance')).filter((holiday) => groups.includes(holiday.name))
    expect(observed.map(({ date, type, local_name: local }) => [date, type, local])).toEqual([
      ['2026-03-08', 'observance', '国际妇女节'], ['2026-05-04', 'observance', '青年节'],
      ['2026-06-01', 'observance', '六一儿童节'], ['2026-08-01', 'observance', '建军节']
    ])
  })

  it('gives the Spring Festival 4 days and Labour Day 2 from 2025 (art. 2), 3 and 1 before', async () => {
    // 2014-2024 (the 2013 text): the 1st to the 3rd of the lunar year, not the eve; 2013 (the 2007 text): the eve to the 2nd
    const in2026 = await holidaysOf('CN', 2026)
    expect(datesNamed(in2026, 'Spring Festival')).toEqual(['2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19'])
    expect(datesNamed(in2026, 'Labour Day')).toEqual(['2026-05-01', '2026-05-02'])
    expect(in2026.filter((holiday) => holiday.date === '2026-05-02').map((holiday) => holiday.local_name)).toEqual(['劳动节'])
    expect(await stateAt('CN', 'Asia/Shanghai', '2026-02-19T10:00:00')).toMatchObject({ state: 'holiday', holiday: 'Spring Festival' })
    const in2025 = await holidaysOf('CN', 2025)
    expect(datesNamed(in2025, 'Spring Festival')).toEqual(['2025-01-28', '2025-01-29', '2025-01-30', '2025-01-31'])
    expect(datesNamed(in2025, 'Labour Day')).toEqual(['2025-05-01', '2025-05-02'])
    const in2024 = await holidaysOf('CN', 2024)
    expect(datesNamed(in2024, 'Spring Festival')).toEqual(['2024-02-10', '2024-02-11', '2024-02-12'])
    expect(datesNamed(in2024, 'Labour Day')).toEqual(['2024-05-01'])
    expect(datesNamed(await holidaysOf('CN', 2014), 'Spring Festival')).toEqual(['2014-01-31', '2014-02-01', '2014-02-02'])
    expect(datesNamed(await holidaysOf('CN', 2013), 'Spring Festival')).toEqual(['2013-02-09', '2013-02-10', '2013-02-11'])
    expect(await stateAt('CN', 'Asia/Shanghai', '2024-02-09T10:00:00')).toMatchObject({ state: 'open' })
  })
})

describe('BR: 20 November is a national holiday from 2024 (Lei 14.759/2023)', () => {
  // The data's state rules for 11-20 end on 2023-12-21 and replace the national one: these lacked the day from 2024
  const lacking = [['BR-SP', 'America/Sao_Paulo'], ['BR-RJ', 'America/Sao_Paulo'], ['BR-RJ-RJ', 'America/Sao_Paulo'],
    ['BR-AM', 'America/Manaus'], ['BR-MT', 'America/Cuiaba']]

  it.each(lacking)('%s: one business day after Wed 2025-11-19 is Fri 2025-11-21', async (calendar, timezone) => {
    expect(await nextBusinessDay(calendar, timezone, '2025-11-19')).toBe('2025-11-21')
    expect(await stateAt(calendar, timezone, '2026-11-20T10:00:00')).toMatchObject({ state: 'holiday', holiday: 'Black Awareness Day' })
  })

  it('lists the day once, under its national names, from 2024; the state\'s own day in 2023', async () => {
    for (const year of [2024, 2025, 2028]) {
      const listed = (await holidaysOf('BR-SP', year)).filter((holiday) => holiday.date === `${year}-11-20`)
      expect(listed.map(({ name, local_name: local, type }) => [name, local, type]))
        .toEqual([['Black Awareness Day', 'Dia da Consciência Negra', 'public']])
    }
    expect((await holidaysOf('BR-SP', 2023)).filter((holiday) => holiday.date === '2023-11-20')).toHaveLength(1)
    expect((await holidaysOf('BR-AM', 2022)).filter((holiday) => holiday.date === '2022-11-20')).toHaveLength(1)
  })

  it('leaves a subdivision that has the day once: BR-AL keeps Morte de Zumbi dos Palmares, BR-SP-SP its own', async () => {
    expect(await nextBusinessDay('BR-AL', 'America/Maceio', '2025-11-19')).toBe('2025-11-21')
    expect((await holidaysOf('BR-AL', 2025)).filter((holiday) => holiday.date === '2025-11-20').map((holiday) => holiday.local_name))
      .toEqual(['Morte de Zumbi dos Palmares'])
    expect((await holidaysOf('BR-SP-SP', 2025)).filter((holiday) => holiday.date === '2025-11-20')).toHaveLength(1)
  })
})

describe('CA-BC: the National Day for Truth and Reconciliation is a statutory holiday from 2023 (Employment Standards Act)', () => {
  const sept30 = async (year: number, types: string) =>
    (await holidaysOf('CA-BC', year, types)).filter((holiday) => holiday.date === `${year}-09-30`).map(({ name, type }) => [name, type])

  it('closes Wed 2026-09-30 and Mon 2024-09-30; Fri 2022-09-30 was a working day', async () => {
    expect(await nextBusinessDay('CA-BC', 'America/Vancouver', '2026-09-29')).toBe('2026-10-01')
    expect(await stateAt('CA-BC', 'America/Vancouver', '2024-09-30T10:00:00'))
      .toMatchObject({ state: 'holiday', holiday: 'National Day for Truth and Reconciliation' })
    expect(await stateAt('CA-BC', 'America/Vancouver', '2022-09-30T10:00:00')).toMatchObject({ state: 'open' })
  })

  it('lists it once, public from 2023 and an observance in 2021 and 2022', async () => {
    const ndtr = 'National Day for Truth and Reconciliation'
    for (const year of [2023, 2026]) {
      expect(await sept30(year, 'public')).toEqual([[ndtr, 'public']])
      expect(await sept30(year, 'public,observance')).toEqual([[ndtr, 'public']])
    }
    expect(await sept30(2022, 'public')).toEqual([])
    expect(await sept30(2022, 'public,observance')).toEqual([[ndtr, 'observance']])
    expect(await sept30(2021, 'observance')).toEqual([[ndtr, 'observance']])
  })
})

describe('what the KR and CN calendars do not hold, said as for any calendar: complete_through, gaps, warnings', () => {
  const calendarsOf = async (country: string) =>
    (await app.inject({ method: 'GET', url: `/v1/business-days/calendars?country=${country}`, headers: KEY })).json().calendars

  it('KR: the data lists its days in lieu of Seollal and Chuseok up to 2050, so 2051 on warns', async () => {
    const [kr] = await calendarsOf('KR')
    expect(kr).toMatchObject({ complete_through: 2050, gaps: [expect.objectContaining({ first_year: 2051, reason: 'the data lists them by date up to 2050' })] })
    expect(kr.gaps[0].missing).toContain('Korean New Year (substitute day)')
    // Seollal 2051 is Fri-Sun 10-12 Feb: the law's day in lieu, Mon 13 Feb, is not in the data
    const answer = await stateAt('KR', 'Asia/Seoul', '2051-02-13T10:00:00')
    expect(answer).toMatchObject({ state: 'open', warnings: [expect.objectContaining({ code: 'calendar_incomplete', calendar: 'KR', year: 2051 })] })
    expect(await stateAt('KR', 'Asia/Seoul', '2050-02-13T10:00:00')).not.toHaveProperty('warnings')
  })

  it('CN: no year holds the State Council\'s yearly arrangement of bridge days and working weekends', async () => {
    const [cn] = await calendarsOf('CN')
    const missing = ['the State Council\'s yearly arrangement: bridge days off and weekend working days']
    expect(cn).toMatchObject({ complete_through: 1970, gaps: [{ first_year: 1971, last_year: 2199, missing, reason: expect.stringContaining('调休') }] })
    expect(await stateAt('CN', 'Asia/Shanghai', '2026-06-01T10:00:00'))
      .toMatchObject({ warnings: [{ code: 'calendar_incomplete', calendar: 'CN', year: 2026, missing }] })
    expect((await holidaysOf('CN', 2026)).length).toBeGreaterThan(0)
    const list = await app.inject({ method: 'GET', url: '/v1/business-days/holidays?calendar=CN&year=2026', headers: KEY })
    expect(list.json().warnings).toEqual([{ code: 'calendar_incomplete', calendar: 'CN', year: 2026, missing }])
  })
})
