import { describe, expect, it } from 'vitest'
import type { BrandProfile } from '../../src/domain/brand-profile.js'
import { MemoryProfileCache, RedisProfileCache } from '../../src/domain/profile-cache.js'

const profile = (domain: string) => ({ domain, brand_name: domain.toUpperCase() }) as unknown as BrandProfile

describe('MemoryProfileCache', () => {
  it('serves an entry until its TTL passes', async () => {
    let now = 1_000_000
    const cache = new MemoryProfileCache({ now: () => now })
    await cache.set('k', profile('a.test'), 60)
    now += 59_999
    expect(await cache.get('k')).toEqual(profile('a.test'))
    now += 1
    expect(await cache.get('k')).toBeNull()
  })

  it('hands out copies, so a caller cannot change what is cached', async () => {
    const cache = new MemoryProfileCache()
    await cache.set('k', profile('a.test'), 60)
    const first = await cache.get('k')
    if (first !== null) first.brand_name = 'changed'
    expect((await cache.get('k'))?.brand_name).toBe('A.TEST')
  })

  it('drops the oldest entry when full', async () => {
    const cache = new MemoryProfileCache({ maxEntries: 2 })
    await cache.set('a', profile('a.test'), 60)
    await cache.set('b', profile('b.test'), 60)
    await cache.set('c', profile('c.test'), 60)
    expect([await cache.get('a'), await cache.get('b'), await cache.get('c')].map((p) => p?.domain ?? null)).toEqual([null, 'b.test', 'c.test'])
  })
})

describe('RedisProfileCache', () => {
  it('treats a failing Redis as a miss and reports the error', async () => {
    const errors: unknown[] = []
    const broken = { get: async () => { throw new Error('down') }, set: async () => { throw new Error('down') } }
    const cache = new RedisProfileCache(broken, { onError: (error) => errors.push(error) })
    await cache.set('k', profile('a.test'), 60)
    expect(await cache.get('k')).toBeNull()
    expect(errors).toHaveLength(2)
  })

  it('stores JSON with an expiry under a versioned prefix', async () => {
    const calls: unknown[][] = []
    const store = new Map<string, string>()
    const fake = {
      get: async (key: string) => store.get(key) ?? null,
      set: async (key: string, value: string, mode: 'EX', seconds: number) => { calls.push([key, mode, seconds]); store.set(key, value) }
    }
    const cache = new RedisProfileCache(fake)
    await cache.set('http://a.test', profile('a.test'), 120)
    expect(calls).toEqual([['brand:profile:v4:http://a.test', 'EX', 120]])
    expect(await cache.get('http://a.test')).toEqual(profile('a.test'))
  })
})
