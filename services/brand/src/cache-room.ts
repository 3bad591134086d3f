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

/**
 * How long a cache read may take before it is a miss. A Redis that answers gives an entry in a millisecond; a paused
 * or busy one held the read for the client's whole command timeout (15 s), longer than the answer's own budget.
 */
const CACHE_READ_MS = 1000
/**
 * How long a caller waits for its cache write (the room check, then the write) before it goes on with its answer; the
 * write goes on behind it. An entry a Redis that answers takes is written before the answer, as ever (the next caller,
 * or a job item's `logo_url`, finds it); a slow Redis held the answer for the check and the write, 15 s each.
 */
const CACHE_WRITE_WAIT_MS = 1000

/** What `work` gave within `ms` (0: no wait), else `late`, whichever comes first; `work` never rejects. */
export async function settledWithin<T, L = undefined> (work: Promise<T>, ms: number, late?: L): Promise<T | L | undefined> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<L | undefined>((resolve) => { timer = setTimeout(() => resolve(late), Math.max(0, ms)) })
  try {
    return await Promise.race([work, deadline])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The reads and writes of a Redis cache (profiles, logos): the cache is an optimisation, so it never fails its caller
 * nor makes it wait long. A failed or late read is a miss, a failed write is skipped, each reported to `onError`; a
 * write skips a store too full for it (`full`) and is waited for at most CACHE_WRITE_WAIT_MS.
 */
export class BoundedCacheCalls {
  readonly #onError: (error: unknown) => void
  readonly #full: () => Promise<boolean>

  constructor (options: RedisCacheOptions = {}) {
    this.#onError = options.onError ?? (() => {})
    this.#full = options.full ?? (async () => false)
  }

  async read<T> (read: () => Promise<T | null>): Promise<T | null> {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => { reject(new Error(`cache read not answered within ${CACHE_READ_MS} ms`)) }, CACHE_READ_MS)
    })
    const reading = read()
    // a reply after the deadline is not waited for, nor used: the caller has had its miss (the deadline is reported)
    reading.catch(() => {})
    try {
      return await Promise.race([reading, late])
    } catch (error) {
      this.#onError(error)
      return null
    } finally {
      clearTimeout(timer)
    }
  }

  async write (write: () => Promise<void>): Promise<void> {
    const writing = (async () => {
      if (await this.#full()) return
      await write()
    })().catch((error: unknown) => { this.#onError(error) })
    await settledWithin(writing, CACHE_WRITE_WAIT_MS)
  }
}
