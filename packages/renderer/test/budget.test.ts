import { describe, expect, it } from 'vitest'
import { PageAllowance, RenderBudget } from '../src/budget.js'

describe('PageAllowance', () => {
  it('gives a page no more than its own limits or what the analysis has left', () => {
    const shared = new RenderBudget({ timeMs: 60_000, requests: 3, bytes: 1000 })
    const page = new PageAllowance(2, 5000, 10_000, shared)
    expect([page.takeRequest(), page.takeRequest(), page.takeRequest()]).toEqual([true, true, false])
    expect(page.bytesLeft).toBe(1000)
    page.spendBytes(600)
    expect([page.bytesLeft, shared.bytesLeft, shared.requestsLeft]).toEqual([400, 400, 1])
    const next = new PageAllowance(5, 5000, 10_000, shared)
    expect([next.takeRequest(), next.takeRequest()]).toEqual([true, false])
    expect(shared.exhausted).toBe(true)
  })

  it('ends at the earlier of its own deadline and the analysis deadline', () => {
    const shared = new RenderBudget({ timeMs: 1000, requests: 10, bytes: 10 })
    expect(new PageAllowance(1, 1, 10_000, shared).deadline).toBe(shared.deadline)
    expect(new PageAllowance(1, 1, 10, null).msLeft).toBeLessThanOrEqual(10)
  })

  it('refuses limits that are not whole numbers', () => {
    expect(() => new RenderBudget({ timeMs: 1.5, requests: 1, bytes: 1 })).toThrow('RenderBudget.timeMs must be an integer >= 0')
  })
})
