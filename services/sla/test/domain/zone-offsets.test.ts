import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { icuOffsetAt, isKnownTimeZone, offsetAt } from '../../src/domain/zone-offsets.js'

const at = (iso: string): number => Date.parse(iso) / 1000

describe('offsetAt', () => {
  it('agrees with ICU at any second of 1971-2100 in any zone', () => {
    fc.assert(fc.property(fc.constantFrom(...Intl.supportedValuesOf('timeZone')), fc.integer({ min: 31_536_000, max: 4_133_980_799 }),
      (zone, instant) => {
        expect(offsetAt(zone, instant)).toBe(icuOffsetAt(zone, instant))
      }), { numRuns: 3000 })
  })

  it.each([
    ['America/New_York', '2026-03-08T07:00:00Z', -18_000, -14_400],
    ['America/New_York', '2026-11-01T06:00:00Z', -14_400, -18_000],
    ['Europe/London', '2026-03-29T01:00:00Z', 0, 3600],
    ['Australia/Lord_Howe', '2026-10-03T15:30:00Z', 37_800, 39_600],
    ['Pacific/Apia', '2011-12-30T10:00:00Z', -36_000, 50_400],
    ['Africa/Monrovia', '1972-01-07T00:44:30Z', -2670, 0]
  ])('%s changes offset exactly at %s', (zone, iso, before, after) => {
    expect(offsetAt(zone, at(iso) - 1)).toBe(before)
    expect(offsetAt(zone, at(iso))).toBe(after)
  })

  it('reads the first and last second of a year from that year', () => {
    expect(offsetAt('America/New_York', at('2026-01-01T00:00:00Z'))).toBe(-18_000)
    expect(offsetAt('America/New_York', at('2026-12-31T23:59:59Z'))).toBe(-18_000)
    expect(offsetAt('Pacific/Kiritimati', at('1995-01-01T00:00:00Z'))).toBe(icuOffsetAt('Pacific/Kiritimati', at('1995-01-01T00:00:00Z')))
  })
})

describe('offsetAt in well-known zones', () => {
  it.each([
    ['America/New_York', '2026-01-15T12:00:00Z', -18_000],
    ['America/New_York', '2026-07-15T12:00:00Z', -14_400],
    ['Europe/London', '2026-01-15T12:00:00Z', 0],
    ['Europe/London', '2026-07-15T12:00:00Z', 3600],
    ['Asia/Tokyo', '2026-07-15T12:00:00Z', 32_400],
    ['Asia/Kathmandu', '2026-07-15T12:00:00Z', 20_700],
    ['America/St_Johns', '2026-01-15T12:00:00Z', -12_600],
    ['Africa/Monrovia', '1971-06-01T12:00:00Z', -2670]
  ])('%s at %s is %i seconds', (zone, when, offset) => {
    expect(offsetAt(zone, at(when))).toBe(offset)
  })
})

describe('isKnownTimeZone', () => {
  it.each(['America/New_York', 'Europe/London', 'Asia/Kolkata', 'US/Eastern', 'UTC', 'Etc/GMT+5'])('knows %s', (zone) => {
    expect(isKnownTimeZone(zone)).toBe(true)
  })

  it.each(['Mars/Olympus_Mons', 'America/Gotham', '+05:00', '-0500', 'Z', '', 'Local'])('rejects %j', (zone) => {
    expect(isKnownTimeZone(zone)).toBe(false)
  })
})
