import { describe, expect, it } from 'vitest'
import type { CheckDef } from '../../../src/domain/scoring/check.js'
import { CHECKS } from '../../../src/domain/scoring/check-list.js'
import { GAP_CODES, gapRules } from '../../../src/domain/scoring/gaps.js'

const check = (id: CheckDef['id'], codes: string[], named?: CheckDef['id'][]): CheckDef => ({
  id,
  category: 'metadata',
  max: 1,
  label: id,
  measure: () => ({ points: 0, detail: '' }),
  gaps: codes.map((code) => ({ code, severity: 'low', checks: named, find: () => true, recommendation: '' }))
})

describe('the gaps the checks raise', () => {
  it('are each raised by one check and placed once in GAP_CODES, in its order', () => {
    const rules = gapRules(CHECKS, GAP_CODES)
    expect(rules.map((rule) => rule.code)).toEqual(GAP_CODES)
    expect(new Set(GAP_CODES).size).toBe(GAP_CODES.length)
  })

  it('refuse a gap without a place, a place without a gap, a code raised twice and an unknown check', () => {
    const a = check('metadata.a', ['gap_a'])
    expect(gapRules([a, check('metadata.b', ['gap_b'])], ['gap_b', 'gap_a']).map((rule) => rule.code)).toEqual(['gap_b', 'gap_a'])
    expect(() => gapRules([a, check('metadata.b', ['gap_b'])], ['gap_a'])).toThrow(/GAP_CODES/)
    expect(() => gapRules([a], ['gap_a', 'gap_b'])).toThrow(/GAP_CODES/)
    expect(() => gapRules([a, check('metadata.b', ['gap_a'])], ['gap_a'])).toThrow(/GAP_CODES/)
    expect(() => gapRules([check('metadata.c', ['gap_c'], ['metadata.nowhere'])], ['gap_c'])).toThrow(/unknown checks: gap_c/)
  })
})
