import { describe, expect, it } from 'vitest'
import { CATEGORIES } from '../../../src/domain/scoring/technical-score.js'

describe('the technical scoring model', () => {
  it('gives each category checks worth exactly its points, 100 in all', () => {
    const sums = Object.fromEntries(Object.entries(CATEGORIES).map(([id, c]) => [id, c.checks.reduce((n, check) => n + check.max, 0)]))
    expect(sums).toEqual({ fetchability: 20, metadata: 25, crawl_policy: 20, structured_data: 10, llm_readiness: 15, freshness: 10 })
    expect(Object.values(CATEGORIES).map((c) => c.max)).toEqual(Object.values(sums))
  })

  it('numbers each category\'s checks in table order under one letter, every id once', () => {
    const ids = Object.values(CATEGORIES).map((c) => c.checks.map((check) => check.id))
    expect(ids).toEqual([
      ['F1', 'F2', 'F3', 'F4', 'F5', 'F6'],
      ['M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M7', 'M8', 'M9', 'M10', 'M11', 'M12', 'M13'],
      ['C1', 'C2', 'C3', 'C4', 'C5'],
      ['S1', 'S2', 'S3', 'S4', 'S5', 'S6'],
      ['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7'],
      ['R1', 'R2', 'R3', 'R4', 'R5', 'R6']
    ])
  })
})
