import { describe, expect, it } from 'vitest'
import { parseW3cDatetime } from '../../../src/domain/sitemap/w3c-datetime.js'

describe('W3C datetime', () => {
  it.each([
    ['2024', Date.UTC(2024, 0, 1)],
    ['2024-02', Date.UTC(2024, 1, 1)],
    ['2024-02-29', Date.UTC(2024, 1, 29)],
    ['2024-02-29T10:30Z', Date.UTC(2024, 1, 29, 10, 30)],
    ['2024-02-29T10:30:15-05:00', Date.UTC(2024, 1, 29, 15, 30, 15)],
    ['2024-02-29T10:30:15.25+01:00', Date.UTC(2024, 1, 29, 9, 30, 15, 250)]
  ])('accepts %s', (value, ms) => {
    expect(parseW3cDatetime(value)).toBe(ms)
  })

  it.each(['2023-02-29', '2024-13-01', '2024-01-01T10:30', '2024-01-01 10:30:00Z', '01/02/2024', 'yesterday', '2024-01-01T25:00Z'])(
    'rejects %s', (value) => {
      expect(parseW3cDatetime(value)).toBeNull()
    })
})
