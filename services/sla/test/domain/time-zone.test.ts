import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseLocalDateTime } from '@utility-apis/civil-date'
import { formatOffset, formatZonedTime, resolveWallTime } from '../../src/domain/time-zone.js'

const wall = (text: string): number => {
  const seconds = parseLocalDateTime(text)
  if (seconds === null) throw new Error(`bad wall time ${text}`)
  return seconds
}
const resolve = (zone: string, text: string): string => formatZonedTime(resolveWallTime(zone, wall(text)))

describe('resolveWallTime', () => {
  it('maps an ordinary wall time to its only instant', () => {
    expect(resolve('America/New_York', '2026-01-15T09:00:00')).toBe('2026-01-15T09:00:00-05:00')
    expect(resolve('America/New_York', '2026-07-15T09:00:00')).toBe('2026-07-15T09:00:00-04:00')
    expect(resolve('Asia/Tokyo', '2026-03-08T02:30:00')).toBe('2026-03-08T02:30:00+09:00')
  })

  it('gives a repeated (fall-back) wall time the earlier offset', () => {
    expect(resolve('America/New_York', '2026-11-01T01:30:00')).toBe('2026-11-01T01:30:00-04:00')
    expect(resolve('America/Los_Angeles', '2026-11-01T01:00:00')).toBe('2026-11-01T01:00:00-07:00')
    expect(resolve('Europe/London', '2026-10-25T01:30:00')).toBe('2026-10-25T01:30:00+01:00')
    expect(resolve('Australia/Sydney', '2026-04-05T02:30:00')).toBe('2026-04-05T02:30:00+11:00')
    expect(resolve('Australia/Lord_Howe', '2026-04-05T01:45:00')).toBe('2026-04-05T01:45:00+11:00')
  })

  it('moves a skipped (spring-forward) wall time forward by the length of the gap', () => {
    expect(resolve('America/New_York', '2026-03-08T02:30:00')).toBe('2026-03-08T03:30:00-04:00')
    expect(resolve('America/Chicago', '2026-03-08T02:00:00')).toBe('2026-03-08T03:00:00-05:00')
    expect(resolve('Europe/London', '2026-03-29T01:30:00')).toBe('2026-03-29T02:30:00+01:00')
    expect(resolve('Australia/Lord_Howe', '2026-10-04T02:15:00')).toBe('2026-10-04T02:45:00+11:00')
  })

  it('moves a time of a day the zone skipped to the same time the day after', () => {
    expect(resolve('Pacific/Apia', '2011-12-30T09:00:00')).toBe('2011-12-31T09:00:00+14:00')
  })

  it('does not depend on the date the host is at (luxon #1089)', () => {
    const answers = (): string[] => [
      resolve('America/New_York', '2026-11-01T01:30:00'),
      resolve('America/New_York', '2026-03-08T02:30:00'),
      resolve('Europe/London', '2026-10-25T01:30:00')
    ]
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-07-01T12:00:00Z'))
    const summer = answers()
    vi.setSystemTime(new Date('2026-12-01T12:00:00Z'))
    const winter = answers()
    expect(summer).toEqual(winter)
    expect(summer).toEqual(['2026-11-01T01:30:00-04:00', '2026-03-08T03:30:00-04:00', '2026-10-25T01:30:00+01:00'])
  })

  afterEach(() => {
    vi.useRealTimers()
  })
})

describe('formatting', () => {
  it.each([
    [0, '+00:00'], [-18_000, '-05:00'], [19_800, '+05:30'], [20_700, '+05:45'], [-12_600, '-03:30'],
    [50_400, '+14:00'], [-2670, '-00:44:30']
  ])('writes the offset %i as %s', (offset, text) => {
    expect(formatOffset(offset)).toBe(text)
  })

  it('writes any instant as Date writes its wall time, inside the dates it keeps written and outside them', () => {
    // 1960 to 2300: the texts of 1970-2200 are kept once written, the others written each time
    fc.assert(fc.property(fc.integer({ min: -315_619_200, max: 10_413_792_000 }), fc.constantFrom(0, -18_000, 20_700, 50_400), (instant, offset) => {
      const wall = new Date((instant + offset) * 1000).toISOString().slice(0, 19)
      expect(formatZonedTime({ instant, offset })).toBe(wall + formatOffset(offset))
      expect(formatZonedTime({ instant, offset })).toBe(wall + formatOffset(offset))
    }), { numRuns: 3000 })
  })

  it('writes +00:00 for London in winter and for UTC, never Z', () => {
    expect(resolve('Europe/London', '2026-01-15T09:00:00')).toBe('2026-01-15T09:00:00+00:00')
    expect(resolve('UTC', '2026-01-15T09:00:00')).toBe('2026-01-15T09:00:00+00:00')
  })
})
