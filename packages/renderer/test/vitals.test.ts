import { describe, expect, it } from 'vitest'
import { isQuiet, parseRawVitals, rate, vitalsOf, type RawVitals } from '../src/vitals.js'

const raw = (over: Partial<RawVitals>): RawVitals => ({ lcp: 1200.4, fcp: 1000, cls: 0.12345, last: 0, tasks: [], at: 5000, ...over })

describe('vitalsOf', () => {
  it('counts only what long tasks spend beyond 50 ms after the first contentful paint', () => {
    // before FCP: ignored; straddling FCP: 1000..1300 counts 300 - 50; after: 120 - 50
    const v = vitalsOf(raw({ tasks: [[100, 400], [900, 400], [2000, 120], [3000, 40]] }))
    expect(v).toEqual({ lcp_ms: 1200, cls: 0.123, tbt_ms: 250 + 70, fcp_ms: 1000 })
  })

  it('reports no LCP when nothing contentful was painted', () => {
    expect(vitalsOf(raw({ lcp: null, fcp: null })).lcp_ms).toBeNull()
  })
})

describe('rate', () => {
  it('uses Lighthouse thresholds, good up to and including the bound', () => {
    expect([rate('lcp_ms', 2500), rate('lcp_ms', 2501), rate('lcp_ms', 4000), rate('lcp_ms', 4001)])
      .toEqual(['good', 'needs_improvement', 'needs_improvement', 'poor'])
    expect([rate('cls', 0.1), rate('cls', 0.26), rate('tbt_ms', 200), rate('tbt_ms', 601)]).toEqual(['good', 'poor', 'good', 'poor'])
  })
})

describe('isQuiet', () => {
  it('waits for a paint, then for a second without long tasks or shifts', () => {
    expect(isQuiet(raw({ fcp: null }), 1000)).toBe(false)
    expect(isQuiet(raw({ tasks: [[3500, 600]] }), 1000)).toBe(false)
    expect(isQuiet(raw({ last: 4200 }), 1000)).toBe(false)
    expect(isQuiet(raw({ tasks: [[3000, 900]], last: 3500 }), 1000)).toBe(true)
  })
})

describe('parseRawVitals', () => {
  it('takes finite, non-negative numbers and a bounded list of tasks', () => {
    const good = raw({ tasks: [[100, 400]] })
    expect(parseRawVitals(good)).toEqual(good)
    expect(parseRawVitals(raw({ lcp: null, fcp: null }))).toEqual(raw({ lcp: null, fcp: null }))
  })

  it('refuses anything else: strings, non-finite or negative times, malformed or too many tasks', () => {
    const bad: unknown[] = [
      null, 'vitals', raw({ lcp: 'x'.repeat(100) as unknown as number }), raw({ at: Number.NaN }), raw({ cls: -1 }),
      raw({ fcp: Number.POSITIVE_INFINITY }), raw({ tasks: ['x'.repeat(100)] as unknown as Array<[number, number]> }),
      raw({ tasks: [[1, 2, 3]] as unknown as Array<[number, number]> }),
      raw({ tasks: new Array(10_001).fill([1, 60]) as Array<[number, number]> })
    ]
    expect(bad.map(parseRawVitals)).toEqual(bad.map(() => null))
  })
})
