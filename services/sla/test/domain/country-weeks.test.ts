import { describe, expect, it } from 'vitest'
import { countryWeekend } from '../../src/domain/country-weeks.js'
import { findWorldCalendar } from '../../src/domain/world-holidays.js'

describe('countryWeekend', () => {
  it('gives Friday and Saturday for the countries whose law makes it their weekend, whatever the case', () => {
    for (const country of ['IL', 'SA', 'EG', 'BH', 'BD', 'DZ', 'LY', 'SD', 'il']) expect([country, countryWeekend(country)]).toEqual([country, ['friday', 'saturday']])
  })

  it('says nothing of a country it does not list, nor of a calendar without a country', () => {
    expect(countryWeekend('DE')).toBeNull()
    expect(countryWeekend('AE')).toBeNull()
    expect(countryWeekend(null)).toBeNull()
  })

  it('lists only countries the calendars cover', () => {
    for (const country of ['IL', 'SA', 'EG', 'BH', 'BD', 'DZ', 'LY', 'SD']) expect(findWorldCalendar(country), country).not.toBeNull()
  })
})
