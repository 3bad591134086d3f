import { checkOpenApi } from '@utility-apis/service-kit/testing'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FEDERAL_HOLIDAYS_2020_2035 } from '../fixtures/federal-holidays.js'
import { KEY, testApp } from '../helpers/app.js'

let app: FastifyInstance
beforeAll(async () => { app = await testApp() })
afterAll(async () => { await app.close() })

const get = async (url: string, headers: Record<string, string> = KEY) => await app.inject({ method: 'GET', url, headers })

describe('GET /v1/business-days/calendars', () => {
  it('lists the three statutory calendars first, then every date-holidays country and subdivision, with their hours and years', async () => {
    const res = await get('/v1/business-days/calendars')
    expect(res.statusCode).toBe(200)
    const { calendars } = res.json()
    expect(calendars.slice(0, 3).map((c: { id: string }) => c.id)).toEqual(['us-federal', 'us-federal-dc', 'weekdays'])
    const ids = calendars.map((c: { id: string }) => c.id)
    expect(ids).toEqual(expect.arrayContaining(['GB', 'GB-ENG', 'DE-BY', 'US-CA', 'JP', 'IN', 'BR-SP', 'AU-NSW', 'DE-BY-A']))
    expect(new Set(ids).size).toBe(ids.length)
    // date-holidays 3.x knows about 200 countries
    expect(calendars.filter((c: { subdivision: string | null }) => c.subdivision === null).length).toBeGreaterThan(200)
    expect(calendars[0]).toMatchObject({ country: 'US', subdivision: null, source: '5 U.S.C. 6103(a) and (b); Executive Order 11582' })
    expect(calendars.find((c: { id: string }) => c.id === 'DE-BY')).toMatchObject({
      name: 'Germany, Bayern', country: 'DE', subdivision: 'BY', source: expect.stringMatching(/^date-holidays \d+\.\d+\.\d+$/)
    })
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

  it('says what each calendar covers and which holiday types its default counts', async () => {
    const { calendars } = (await get('/v1/business-days/calendars')).json()
    const byId = new Map(calendars.map((calendar: { id: string }) => [calendar.id, calendar]))
    const covers = (id: string) => (byId.get(id) as { coverage: string }).coverage
    expect(['us-federal', 'us-federal-dc', 'CA-FED', 'CA', 'CA-ON', 'DE-BY-A', 'weekdays'].map(covers))
      .toEqual(['federal-sector', 'federal-sector', 'federal-sector', 'national', 'regional', 'regional', 'none'])
    expect(byId.get('CA-FED')).toMatchObject({
      name: 'Canada, federally regulated workplaces (Canada Labour Code)',
      country: 'CA',
      subdivision: 'FED',
      default_types: ['public'],
      source: 'Canada Labour Code, R.S.C. 1985, c. L-2, ss. 166 and 193(2)',
      overlays: expect.arrayContaining([{
        title: 'Canada Labour Code, s. 193(2): a holiday on a non-working Saturday or Sunday',
        url: 'https://laws-lois.justice.gc.ca/eng/acts/L-2/section-193.html'
      }])
    })
    expect((byId.get('CA') as { description: string }).description).toContain('Regional holidays are in the subdivisions\' calendars')
    expect((byId.get('SG') as { overlays: Array<{ url: string }> }).overlays.map((citation) => citation.url))
      .toEqual(['https://www.mom.gov.sg/employment-practices/public-holidays', 'https://sso.agc.gov.sg/Act/HA1998'])
    expect(byId.get('DE-BY')).toMatchObject({ overlays: [], default_types: ['public'] })
    for (const calendar of calendars) expect(calendar.default_types, calendar.id).toEqual(['public'])
  })

  it('documents each calendar of its examples with the entry it lists', async () => {
    const { document } = await checkOpenApi(app)
    const examples = document.paths['/v1/business-days/calendars'].get.responses['200'].content['application/json'].examples
    const documented = Object.values(examples as Record<string, { value: { calendars: Array<{ id: string, country: string }> } }>)
      .flatMap((example) => example.value.calendars)
    expect(documented.map((calendar) => calendar.id)).toEqual(['CA-FED', 'SG'])
    for (const calendar of documented) {
      const listed = (await get(`/v1/business-days/calendars?country=${calendar.country}`)).json().calendars
      expect(calendar).toEqual(listed.find((entry: { id: string }) => entry.id === calendar.id))
    }
  })

  it('says through which year each calendar\'s data is complete, and what it lacks after', async () => {
    const { calendars } = (await get('/v1/business-days/calendars')).json()
    const byId = new Map(calendars.map((calendar: { id: string }) => [calendar.id, calendar]))
    // The case: SG lists no Deepavali from 2031, though inputs run to 2100
    expect(byId.get('SG')).toMatchObject({
      last_year: 2100,
      complete_through: 2030,
      gaps: [
        { first_year: 2031, last_year: 2199, missing: ['Deepavali'], reason: 'the data lists it by date up to 2030' },
        { first_year: 2077, last_year: 2199, missing: ['Hari Raya Haji', 'Hari Raya Puasa'], reason: 'the data has dates of the Islamic calendar up to 2076' }
      ]
    })
    for (const id of ['us-federal', 'weekdays', 'CA-FED', 'DE-BY', 'GB-ENG']) expect(byId.get(id), id).toMatchObject({ complete_through: 2199, gaps: [] })
    expect(byId.get('IL')).toMatchObject({ complete_through: 2099, gaps: [expect.objectContaining({ first_year: 2100 })] })
    const incomplete = calendars.filter((calendar: { complete_through: number }) => calendar.complete_through < 2199)
    expect(incomplete.length).toBeGreaterThan(100)
    for (const calendar of incomplete) expect(calendar.complete_through, calendar.id).toBe(calendar.gaps[0].first_year - 1)
  })

  it('filters by country, in any case', async () => {
    const { calendars } = (await get('/v1/business-days/calendars?country=de')).json()
    expect(calendars.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining(['DE', 'DE-BY', 'DE-BE', 'DE-BY-A']))
    expect(calendars.every((c: { country: string }) => c.country === 'DE')).toBe(true)
    const us = (await get('/v1/business-days/calendars?country=US')).json().calendars.map((c: { id: string }) => c.id)
    expect(us.slice(0, 2)).toEqual(['us-federal', 'us-federal-dc'])
    expect(us).toContain('US-CA')
    expect((await get('/v1/business-days/calendars?country=DEU')).statusCode).toBe(422)
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
        .map(([observed, name, date]) => ({
          name,
          local_name: name,
          date,
          observed_date: observed,
          type: 'public',
          substitute: observed !== date,
          closed_from: `${observed}T00:00:00`,
          closed_until: expect.stringMatching(/T00:00:00$/)
        }))
      expect(res.json()).toStrictEqual({ calendar: 'us-federal', year, types: ['public'], holidays: expected })
    }
  })

  it('adds Inauguration Day to us-federal-dc and nothing to weekdays', async () => {
    const dc = (await get('/v1/business-days/holidays?calendar=us-federal-dc&year=2029')).json()
    expect(dc.holidays).toContainEqual(expect.objectContaining({ name: 'Inauguration Day', date: '2029-01-20', observed_date: '2029-01-20' }))
    expect((await get('/v1/business-days/holidays?calendar=weekdays&year=2029')).json())
      .toStrictEqual({ calendar: 'weekdays', year: 2029, types: ['public'], holidays: [] })
  })

  it('lists a world calendar\'s holidays with the English name and the local one beside it', async () => {
    const res = await get('/v1/business-days/holidays?calendar=de-by&year=2026')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ calendar: 'DE-BY', year: 2026, types: ['public'] })
    const named = body.holidays.map((holiday: { date: string, name: string, local_name: string }) => [holiday.date, holiday.name, holiday.local_name])
    expect(named).toEqual(expect.arrayContaining([
      ['2026-01-01', 'New Year\'s Day', 'Neujahr'], ['2026-04-03', 'Good Friday', 'Karfreitag'],
      ['2026-06-04', 'Corpus Christi', 'Fronleichnam'], ['2026-11-01', 'All Saints\' Day', 'Allerheiligen']
    ]))
    expect(body.holidays.every((holiday: { type: string }) => holiday.type === 'public')).toBe(true)
  })

  it('keeps substitute days, times of day and the types asked for', async () => {
    const gb = (await get('/v1/business-days/holidays?calendar=GB-ENG&year=2026')).json().holidays
    expect(gb.at(-1)).toMatchObject({ date: '2026-12-28', substitute: true, closed_from: '2026-12-28T00:00:00', closed_until: '2026-12-29T00:00:00' })
    const sa = (await get('/v1/business-days/holidays?calendar=AU-SA&year=2026')).json().holidays
    expect(sa).toContainEqual(expect.objectContaining({ date: '2026-12-24', closed_from: '2026-12-24T19:00:00', closed_until: '2026-12-25T00:00:00' }))
    const jp = (await get('/v1/business-days/holidays?calendar=JP&year=2026&types=bank')).json()
    expect(jp.types).toEqual(['bank'])
    expect(jp.holidays.map((holiday: { date: string }) => holiday.date)).toEqual(expect.arrayContaining(['2026-01-02', '2026-12-31']))
    expect(jp.holidays.map((holiday: { date: string }) => holiday.date)).not.toContain('2026-01-01')
  })

  it('labels Ireland\'s public days public beside bank ones, and Singapore\'s days in lieu as substitute days', async () => {
    const ie = (await get('/v1/business-days/holidays?calendar=IE&year=2026&types=public,bank')).json().holidays
    const typeOn = (date: string) => ie.filter((holiday: { date: string }) => holiday.date === date).map((holiday: { type: string }) => holiday.type)
    expect([typeOn('2026-03-17'), typeOn('2026-12-26'), typeOn('2026-12-28')]).toEqual([['public'], ['public'], ['bank']])
    const sg = (await get('/v1/business-days/holidays?calendar=SG&year=2026')).json().holidays
    expect(sg.filter((holiday: { substitute: boolean }) => holiday.substitute).map((holiday: { date: string }) => holiday.date))
      .toEqual(['2026-06-01', '2026-08-10', '2026-11-09'])
  })

  it('says that India\'s calendars lack the government\'s festival holidays in every year, and warns of each', async () => {
    const { calendars } = (await get('/v1/business-days/calendars')).json()
    for (const id of ['IN', 'IN-MH']) {
      const calendar = calendars.find((c: { id: string }) => c.id === id)
      expect([id, calendar.complete_through]).toEqual([id, 1970])
      expect(calendar.gaps).toEqual([expect.objectContaining({ first_year: 1971, missing: expect.arrayContaining(['Diwali (Deepavali)', 'Id-ul-Fitr']) })])
    }
    const diwali2026 = (await get('/v1/business-days/holidays?calendar=IN&year=2026')).json()
    expect(diwali2026.holidays.map((holiday: { date: string }) => holiday.date)).not.toContain('2026-11-08')
    expect(diwali2026.warnings).toEqual([expect.objectContaining({ code: 'calendar_incomplete', calendar: 'IN', year: 2026 })])
  })

  it('warns of a year whose data lacks public holidays the calendar keeps every year, and of no other', async () => {
    const sg = (await get('/v1/business-days/holidays?calendar=SG&year=2031')).json()
    expect(sg.holidays.map((holiday: { name: string }) => holiday.name)).not.toContain('Deepavali')
    expect(sg.warnings).toEqual([{ code: 'calendar_incomplete', calendar: 'SG', year: 2031, missing: ['Deepavali'] }])
    const complete = (await get('/v1/business-days/holidays?calendar=SG&year=2030')).json()
    expect(complete.holidays.map((holiday: { name: string }) => holiday.name)).toContain('Deepavali')
    expect(Object.keys(complete)).toEqual(['calendar', 'year', 'types', 'holidays'])
    expect((await get('/v1/business-days/holidays?calendar=SG&year=2031&types=observance')).json().warnings).toBeUndefined()
  })

  it('answers its documented examples as they read, from the end of the list', async () => {
    const { document } = await checkOpenApi(app)
    const examples = document.paths['/v1/business-days/holidays'].get.responses['200'].content['application/json'].examples
    for (const { value } of Object.values(examples as Record<string, { value: { calendar: string, year: number, holidays: unknown[] } }>)) {
      const answer = (await get(`/v1/business-days/holidays?calendar=${value.calendar}&year=${value.year}`)).json()
      expect({ ...answer, holidays: answer.holidays.slice(-value.holidays.length) }).toEqual(value)
    }
  })

  it('answers for every calendar listed', async () => {
    const { calendars } = (await get('/v1/business-days/calendars')).json()
    for (const { id } of calendars as Array<{ id: string }>) {
      const res = await get(`/v1/business-days/holidays?calendar=${encodeURIComponent(id)}&year=2027`)
      expect(res.statusCode, id).toBe(200)
      expect(res.json().calendar).toBe(id)
    }
  // hundreds of calendars' holidays computed one after another: a limit for a loaded 2-core CI machine, not a speed claim
  }, 120_000)

  it.each([
    ['calendar=us-federal&year=1970', 'greater_than_equal', ['query', 'year']],
    ['calendar=us-federal&year=2101', 'less_than_equal', ['query', 'year']],
    ['calendar=us-federal&year=twenty', 'int_parsing', ['query', 'year']],
    ['calendar=uk&year=2026', 'value_error', ['query', 'calendar']],
    ['calendar=GB&year=2026&types=public,holidays', 'string_pattern_mismatch', ['query', 'types']],
    ['year=2026', 'missing', ['query', 'calendar']]
  ])('rejects ?%s', async (query, type, loc) => {
    const res = await get(`/v1/business-days/holidays?${query}`)
    expect(res.statusCode).toBe(422)
    expect(res.json().detail).toEqual([expect.objectContaining({ type, loc })])
  })
})
