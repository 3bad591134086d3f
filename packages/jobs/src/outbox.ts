import type { CallbackType } from './callbacks.js'
import type { RedisConnection } from './job-store.js'
import type { JobKeys } from './keys.js'
import { CLAIM_OUTBOX } from './scripts.js'

/**
 * What a result write or a cancel makes due, written by the same Lua script as the write itself: the refund of
 * items that delivered no result (`id` names it within its job, so a retried refund is applied once) and a job's
 * callback. Any engine drains it (workers every second, the API right after a cancel); an entry is removed once done,
 * so a drainer that dies half-way leaves it to the next one once its lease runs out.
 */
type OutboxEntry =
  | { t: 'refund', job: string, id: string, units: number }
  | { t: 'callback', job: string, type: CallbackType }

export interface ClaimedEntry {
  entry: OutboxEntry
  /** The entry as stored, to remove it once done. */
  raw: string
}

export class Outbox {
  constructor (
    private readonly redis: RedisConnection,
    private readonly keys: JobKeys,
    /** How long a claimed entry is this drainer's before another may take it. */
    private readonly leaseMs = 30_000
  ) {}

  async claim (most: number): Promise<ClaimedEntry[]> {
    const raws = await this.redis.eval(CLAIM_OUTBOX, 1, this.keys.outbox(), most, this.leaseMs) as string[]
    return raws.map((raw) => ({ raw, entry: JSON.parse(raw) as OutboxEntry }))
  }

  async done (claimed: ClaimedEntry): Promise<void> {
    await this.redis.zrem(this.keys.outbox(), claimed.raw)
  }
}
