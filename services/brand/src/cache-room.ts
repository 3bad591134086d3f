import { RedisMemoryGauge, type RedisClient } from '@utility-apis/service-kit'

/**
 * Share of the shared Redis' maxmemory past which the caches write nothing more. That Redis holds the quota's
 * counters under `noeviction`: full, it refuses every write, a quota increment too (quota then fails open or closed
 * for days, until cache entries expire), and a 100,000-domain job alone writes 300-600 MB of profiles. A cache entry
 * can always wait; the last quarter is the quota's.
 */
const CACHE_MEMORY_SHARE = 0.75

/** What a Redis cache (profiles, logos) is given beside its client. */
export interface RedisCacheOptions {
  /** A failed read or write (a miss for the caller). */
  onError?: (error: unknown) => void
  /** Whether the store is too full for an entry (its memory is the quota's first): the write is skipped, a miss later. */
  full?: () => Promise<boolean>
}

/** Whether the shared Redis is too full for a cache entry (asked at most every 5 s); `onSkip` counts each refusal. */
export function cacheRoomCheck (redis: RedisClient, onSkip: () => void = () => {}): () => Promise<boolean> {
  const gauge = new RedisMemoryGauge(redis, CACHE_MEMORY_SHARE)
  return async () => {
    const full = await gauge.isFull()
    if (full) onSkip()
    return full
  }
}
