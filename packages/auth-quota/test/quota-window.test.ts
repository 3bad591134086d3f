import { expect, test } from 'vitest'
import { monthWindow } from '../src/quota-window.js'

test('the window is the calendar month in UTC', () => {
  expect(monthWindow(new Date('2026-11-21T06:00:00Z'))).toEqual({ id: '2026-11', resetSeconds: 9 * 86400 + 18 * 3600, resetsAtMs: Date.parse('2026-12-01T00:00:00Z') })
  expect(monthWindow(new Date('2026-12-31T23:59:59.500Z'))).toEqual({ id: '2026-12', resetSeconds: 1, resetsAtMs: Date.parse('2027-01-01T00:00:00Z') })
  expect(monthWindow(new Date('2027-01-01T00:00:00Z')).id).toBe('2027-01')
  // a local midnight elsewhere does not move the window
  expect(monthWindow(new Date('2026-11-30T23:30:00-05:00')).id).toBe('2026-12')
})
