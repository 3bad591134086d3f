import { describe, expect, test } from 'vitest'
import { MemoryQuotaStore } from '../src/index.js'

describe('memory store refund', () => {
  test('gives units back in the current window, never below zero, and answers the units used after it', () => {
    const store = new MemoryQuotaStore()
    store.consume('k', '2026-11', 7, 10)
    expect(store.refund('k', '2026-11', 3, null)).toBe(4)
    expect(store.consume('k', '2026-11', 6, 10)).toEqual({ admitted: true, used: 10 })
    expect(store.refund('k', '2026-11', 25, null)).toBe(0)
    expect(store.refund('unknown', '2026-11', 2, null)).toBe(0)
    expect(store.consume('k', '2026-11', 10, 10)).toEqual({ admitted: true, used: 10 })
  })

  test('a refund with an id is applied once in its window; another id or another key is another refund', () => {
    const store = new MemoryQuotaStore()
    store.consume('k', '2026-11', 9, 10)
    store.consume('j', '2026-11', 9, 10)
    expect(store.refund('k', '2026-11', 3, 'job_1:cancel')).toBe(6)
    expect(store.refund('k', '2026-11', 3, 'job_1:cancel')).toBe(6)
    expect(store.refund('k', '2026-11', 2, 'job_1:chunk:0')).toBe(4)
    expect(store.refund('j', '2026-11', 3, 'job_1:cancel')).toBe(6)
  })

  test('a refund for a window already gone changes nothing in the current one', () => {
    const store = new MemoryQuotaStore()
    store.consume('k', '2026-12', 5, 10)
    expect(store.refund('k', '2026-11', 5, null)).toBe(0)
    expect(store.consume('k', '2026-12', 0, 10)).toEqual({ admitted: true, used: 5 })
  })

  test('units that are not a whole number >= 0 are a RangeError, not rounded', () => {
    const store = new MemoryQuotaStore()
    for (const units of [-1, 1.5, Number.NaN, Infinity]) expect(() => store.refund('k', '2026-11', units, null)).toThrow(RangeError)
  })
})
