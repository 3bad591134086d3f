import { describe, expect, it } from 'vitest'
import { apportion, CATEGORIES } from '../../../src/domain/scoring/technical-score.js'

describe('the technical scoring model', () => {
  it('gives each category checks worth exactly its points, 100 in all', () => {
    const sums = Object.fromEntries(Object.entries(CATEGORIES).map(([id, c]) => [id, c.checks.reduce((n, check) => n + check.max, 0)]))
    expect(sums).toEqual({ fetchability: 20, metadata: 25, crawl_policy: 20, structured_data: 10, llm_readiness: 15, freshness: 10 })
    expect(Object.values(CATEGORIES).map((c) => c.max)).toEqual(Object.values(sums))
  })

  it('names each check `category.what_it_checks`, every id once, in whole points', () => {
    const ids = Object.entries(CATEGORIES).flatMap(([category, c]) => c.checks.map((check) => [category, check.id, check.max]))
    for (const [category, id, max] of ids) {
      expect(id).toMatch(new RegExp(`^${category as string}\\.[a-z][a-z_]*[a-z]$`))
      expect(Number.isInteger(max)).toBe(true)
    }
    expect(new Set(ids.map(([, id]) => id)).size).toBe(ids.length)
  })

  it('keeps in every category a check that reads nothing the time budget can cut, so none is ever wholly unmeasured', () => {
    // were every check of a category unmeasured, it would be worth 0 of 0 and max_score less than 100 (only a cut
    // homepage or sampled page beside the budget's cuts can leave one so, and its checks then keep their table's points)
    const sizeCut = ['homepage_rest', 'sitemap_rest', 'sampled_pages_rest']
    const measurable = Object.entries(CATEGORIES).map(([id, c]) =>
      [id, c.checks.some((check) => (check.reads ?? []).every((input) => sizeCut.includes(input)))])
    expect(measurable).toEqual(Object.keys(CATEGORIES).map((id) => [id, true]))
  })
})

describe('apportion', () => {
  it('shares whole points in proportion, the rest to the largest remainders, ties to the earlier', () => {
    // an IP-literal host's fetchability: the one-host check's point shared over the others
    expect(apportion(20, [8, 3, 0, 1, 2, 3, 2])).toEqual([9, 3, 0, 1, 2, 3, 2])
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3])
    expect(apportion(5, [0, 0])).toEqual([0, 0])
  })

  it('always sums to the total, each share within a point of its exact one', () => {
    for (let total = 1; total <= 25; total++) {
      for (const weights of [[8, 3, 1, 2, 3, 2], [4, 3, 3, 1, 2, 2, 3, 1, 1, 2, 1, 1, 1], [5, 0, 7], [1]]) {
        const sum = weights.reduce((n, w) => n + w, 0)
        const shares = apportion(total, weights)
        expect(shares.reduce((n, s) => n + s, 0)).toBe(total)
        shares.forEach((s, i) => expect(Math.abs(s - total * weights[i] / sum)).toBeLessThan(1))
      }
    }
  })
})
