import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { RequestGate } from '@utility-apis/safe-fetch'
import type { JobKeys } from './keys.js'
import type { RedisConnection } from './job-store.js'
import { ACQUIRE_HOST } from './scripts.js'

export interface PolitenessOptions {
  /** Items, and requests, of one host at the same time across every worker process (JOBS_HOST_CONCURRENCY). */
  perHost: number
  /** An item lease outlives the longest item; a killed worker's lease frees itself after this. */
  leaseMs: number
  /** A request lease outlives the longest request (a fetch's deadline is 15 s by default). */
  requestLeaseMs?: number
  /** How often a request of a started item asks again for its host. */
  pollMs?: number
}

export type Release = () => Promise<void>

/**
 * Per-host politeness in Redis, shared by every worker process, at two levels. An item starts only when it takes one
 * of its host's `perHost` item leases without waiting (else its chunk is moved back with a delay, holding no worker
 * slot); each request the item makes then takes one of the host's `perHost` request leases (`gate`), so the host
 * never sees more than `perHost` requests at once however many pages, sitemaps and user-agents an item fetches.
 * Only started items wait for request leases, at most `perHost` of them per host, and briefly.
 */
export class HostPoliteness {
  constructor (
    private readonly redis: RedisConnection,
    private readonly keys: JobKeys,
    private readonly options: PolitenessOptions
  ) {}

  /** An item lease on `host`, or null when the host has its `perHost` items already. */
  async tryItem (host: string): Promise<Release | null> {
    return await this.take(this.keys.host(host), this.options.leaseMs)
  }

  /** The gate every request of a started item passes (safe-fetch's `withRequestGate`). */
  readonly gate: RequestGate = {
    acquire: async (host, signal) => {
      const poll = this.options.pollMs ?? 20
      for (;;) {
        signal.throwIfAborted()
        const release = await this.take(this.keys.hostRequests(host), this.options.requestLeaseMs ?? 60_000)
        // a lease left behind by a failed release frees itself at its expiry
        if (release !== null) return () => { release().catch(() => {}) }
        // jitter, so the requests waiting for one host do not ask in lock step
        await sleep(poll + Math.floor(Math.random() * poll), undefined, { signal })
      }
    }
  }

  private async take (key: string, leaseMs: number): Promise<Release | null> {
    const token = randomUUID()
    const taken = await this.redis.eval(ACQUIRE_HOST, 1, key, token, leaseMs, this.options.perHost)
    return taken === 1 ? async () => { await this.redis.zrem(key, token) } : null
  }
}
