import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FEDERAL_HOLIDAYS_2020_2035 } from '../fixtures/federal-holidays.js'
import { KEY, testApp } from '../helpers/app.js'

let app: FastifyInstance
beforeAll(async () => { app = await testApp() })
afterAll(async () => { await app.close() })

const get = async (url: string, headers: Record<string, string> = KEY) => await app.inject({ method: 'GET', url, headers })

describe('GET /v1/business-days/calendars', () => {
  it('lists the three calendars with their hours and years', async () => {
    const res = await get('/v1/business-days/calendars')
    expect(res.statusCode).toBe(200)
    const { calendars } = res.json()
    expect(calendars.map((c: { id: string }) => c.id)).toEqual(['us-federal', 'us-federal-dc', 'weekdays'])
    for (const calendar of calendars) {
      expect(calendar).toMatchObject({
        working_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
        working_hours: { opens: '09:00', closes: '17:00' },
        first_year: 1971,
        last_year: 2100
      })
      expect(calendar.name.length).toBeGreaterThan(0)
      expect(calendar.description.length).toBeGreaterThan(0)
    }
  })

  it('needs an API key', async () => {
    expect((await get('/v1/business-days/calendars', {})).statusCode).toBe(401)
  })
})

describe('GET /v1/business-days/holidays', () => {
  it('lists the days off observed in a year, with statutory and observed dates', async () => {
    for (const year of [2021, 2027, 2033]) {
      const res = await get(`/v1/business-days/holidays?calendar=us-federal&year=${year}`)
      expect(res.statusCode).toBe(200)
      const expected = FEDERAL_HOLIDAYS_2020_2035
        .filter(([observed]) => observed.startsWith(String(year)))
        .map(([observed, name, date]) => ({ name, date, observed_date: observed }))
      expect(res.json()).toStrictEqual({ calendar: 'us-federal', year, holidays: expected })
    }
  })

  it('adds Inauguration Day to us-federal-dc and nothing to weekdays', async () => {
    const dc = (await get('/v1/business-days/holidays?calendar=us-federal-dc&year=2029')).json()
    expect(dc.holidays).toContainEqual({ name: 'Inauguration Day', date: '2029-01-20', observed_date: '2029-01-20' })
    expect((await get('/v1/business-days/holidays?calendar=weekdays&year=2029')).json())
      .toStrictEqual({ calendar: 'weekdays', year: 2029, holidays: [] })
  })

  it.each([
    ['calendar=us-federal&year=1970', 'greater_than_equal', ['query', 'year']],
    ['calendar=us-federal&year=2101', 'less_than_equal', ['query', 'year']],
    ['calendar=us-federal&year=twenty', 'int_parsing', ['query', 'year']],
    ['calendar=uk&year=2026', 'literal_error', ['query', 'calendar']],
    ['year=2026', 'missing', ['query', 'calendar']]
  ])('rejects ?%s', async (query, type, loc) => {
    const res = await get(`/v1/business-days/holidays?${query}`)
    expect(res.statusCode).toBe(422)
    expect(res.json().detail).toEqual([expect.objectContaining({ type, loc })])
  })
})
