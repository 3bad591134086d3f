import { describe, expect, it } from 'vitest'
import { TimeBudget } from '../src/time-budget.js'

describe('TimeBudget', () => {
  it('gives each fetch whole milliseconds, also under a fractional cap', () => {
    const budget = new TimeBudget(9993, undefined, () => 1_000)
    // 70% of what is left, as a share for one step: 6995.1 ms
    expect(budget.fetchTimeout(budget.remaining() * 0.7)).toBe(6995)
    expect(budget.fetchTimeout(0.4)).toBe(1)
    expect(budget.fetchTimeout()).toBe(9993)
  })

  it('answers what is left, never below 0 and at least 1 ms for a fetch', () => {
    let now = 0
    const budget = new TimeBudget(100, undefined, () => now)
    now = 40
    expect(budget.remaining()).toBe(60)
    now = 500
    expect(budget.remaining()).toBe(0)
    expect(budget.fetchTimeout()).toBe(1)
  })
})
