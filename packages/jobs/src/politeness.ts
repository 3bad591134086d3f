import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { JobKeys } from './keys.js'
import type { RedisConnection } from './job-store.js'
import { ACQUIRE_HOST } from './scripts.js'

export interface PolitenessOptions {
  /** Items of one host worked on at the same time, across every worker process. */
  perHost: number
  /** A lease outlives the longest item; a killed worker's lease frees itself after this. */
  leaseMs: number
  /** How often a waiting item asks again. */
  pollMs?: number
}

/**
 * A per-host semaphore in Redis shared by all workers, so a list with thousands of pages of one host is worked
 * through a few at a time however many workers run.
 */
export class HostPoliteness {
  constructor (
    private readonly redis: RedisConnection,
    private readonly keys: JobKeys,
    private readonly options: PolitenessOptions
  ) {}

  /** Waits for a lease on `host`; the returned function gives it back. */
  async acquire (host: string, signal?: AbortSignal): Promise<() => Promise<void>> {
    const key = this.keys.host(host)
    const token = randomUUID()
    const poll = this.options.pollMs ?? 50
    for (;;) {
      signal?.throwIfAborted()
      const taken = await this.redis.eval(ACQUIRE_HOST, 1, key, token, this.options.leaseMs, this.options.perHost)
      if (taken === 1) return async () => { await this.redis.zrem(key, token) }
      // jitter, so the waiters of one host do not ask in lock step
      await sleep(poll + Math.floor(Math.random() * poll), undefined, { signal })
    }
  }
}
