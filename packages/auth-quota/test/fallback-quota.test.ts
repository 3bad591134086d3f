import { describe, expect, test } from 'vitest'
import { DEFAULT_FALLBACK_SHARE, FallbackQuota } from '../src/fallback-quota.js'

describe('FallbackQuota: what one replica admits alone while the shared store is unreachable', () => {
  test('at most its share of the key\'s limit (0.34 by default), over the whole window', () => {
    expect(DEFAULT_FALLBACK_SHARE).toBe(0.34)
    const fallback = new FallbackQuota()
    const admitted = Array.from({ length: 500 }, () => fallback.consume('key', '2026-11', 1, 500)).filter((r) => r.admitted)
    expect(admitted).toHaveLength(170)
    // a window later, a new share
    expect(fallback.consume('key', '2026-12', 1, 500).admitted).toBe(true)
  })

  test('never more than the key had left when the replica last saw its shared count; a spent key stays spent', () => {
    const fallback = new FallbackQuota(0.5)
    fallback.saw('key', '2026-11', 95)
    expect(fallback.allowance('key', '2026-11', 100)).toBe(5)
    fallback.saw('spent', '2026-11', 100)
    expect(fallback.consume('spent', '2026-11', 1, 100).admitted).toBe(false)
    // a count seen in an earlier window says nothing about this one
    expect(fallback.allowance('spent', '2026-12', 100)).toBe(50)
  })

  test('a batch is admitted whole or not at all, within the share', () => {
    const fallback = new FallbackQuota(0.34)
    expect(fallback.consume('key', 'w', 4, 10)).toEqual({ admitted: false, used: 0 })
    expect(fallback.consume('key', 'w', 3, 10)).toEqual({ admitted: true, used: 3 })
    expect(fallback.consume('key', 'w', 1, 10).admitted).toBe(false)
  })

  test('a fleet of N replicas admits at most N x share of the limit', () => {
    const replicas = [new FallbackQuota(), new FallbackQuota(), new FallbackQuota()]
    let admitted = 0
    for (let i = 0; i < 3000; i++) if (replicas[i % 3].consume('key', 'w', 1, 1000).admitted) admitted++
    expect(admitted).toBe(3 * 340)
  })

  test.each([0, -0.1, 1.01, Number.NaN])('a share of %d is refused', (share) => {
    expect(() => new FallbackQuota(share)).toThrow(RangeError)
  })
})
