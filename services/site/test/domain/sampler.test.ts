import { describe, expect, it } from 'vitest'
import { SeededSample } from '../../src/domain/sampler.js'

const urls = Array.from({ length: 200 }, (_, i) => `https://a.example/p/${i}`)
const pick = (seed: string, list: string[], limit = 5): string[] => {
  const sample = new SeededSample(seed, limit)
  for (const u of list) sample.offer(u, undefined)
  return sample.result().map((r) => r.url)
}

describe('seeded sample', () => {
  it('gives the same sample for the same seed whatever the order', () => {
    const a = pick('a.example', urls)
    expect(a).toHaveLength(5)
    expect(pick('a.example', [...urls].reverse())).toEqual(a)
  })

  it('depends on the seed', () => {
    expect(pick('b.example', urls)).not.toEqual(pick('a.example', urls))
  })

  it('ignores duplicates and respects small inputs and a zero limit', () => {
    expect(pick('a.example', ['https://a.example/x', 'https://a.example/x'])).toEqual(['https://a.example/x'])
    expect(pick('a.example', urls, 0)).toEqual([])
  })

  it('is a subset stable under growth: a larger limit keeps the smaller sample as its prefix', () => {
    expect(pick('a.example', urls, 8).slice(0, 5)).toEqual(pick('a.example', urls, 5))
  })

  it('merges siblings into the sample that offering every candidate to it gives, overlaps counted as offers', () => {
    const whole = new SeededSample('a.example', 5)
    const first = whole.sibling()
    const second = whole.sibling()
    for (const u of urls.slice(0, 120)) first.offer(u, undefined)
    for (const u of urls.slice(100)) second.offer(u, undefined)
    whole.merge(first)
    whole.merge(second)
    expect(whole.result().map((r) => r.url)).toEqual(pick('a.example', urls))
    expect(whole.offered).toBe(220)
  })
})
