import calculateSlot from 'cluster-key-slot'
import type { Cluster, Redis } from 'ioredis'
import type { RedisClient } from './redis-client.js'

/** Share of `maxmemory` in use, from `INFO memory`; 0 when Redis has no limit (nothing to fill). */
function usedShare (info: string): number {
  const field = (name: string): number => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(info)?.[1] ?? '0')
  const max = field('maxmemory')
  return max > 0 ? field('used_memory') / max : 0
}

/**
 * How long a look waits for `INFO memory` before the store counts as one that cannot tell. A Redis that answers gives it
 * in a millisecond; a paused or busy one held every caller (a cache write, a job creation) for the client's whole
 * command timeout, however long the caller itself may take.
 */
const MEMORY_LOOK_TIMEOUT_MS = 1000

/**
 * Whether a Redis is near full (above `threshold` of its maxmemory on any primary, or on the one `ofSlot` names), asked at most once per `cacheMs`
 * (concurrent askers share one look). A store kept with `noeviction` refuses every write once full, the quota's
 * counters too: what can wait (a job's results, a cache entry) asks first and stays out, so it never takes the room of
 * a write that matters more. A store that cannot tell (INFO refused by an ACL, Redis away, no answer within
 * `lookTimeoutMs`) counts as not full until the next look: the write itself then says whether there was room
 * (`refusedForMemory`).
 */
export class RedisMemoryGauge {
  private checkedAt = -Infinity
  private full = false
  private looking: Promise<boolean> | null = null
  // The key whose primary alone is read on a cluster (ofSlot); null: every primary
  private slotKey: string | null = null

  /**
   * A gauge of the one primary that holds `key`'s slot on a cluster (the Redis itself otherwise): for keys that all
   * carry one hash tag, such as a service's jobs. Full other primaries (caches, another service's jobs) leave them room,
   * and must not refuse their writes.
   */
  static ofSlot (redis: RedisClient, key: string, threshold?: number, cacheMs?: number): RedisMemoryGauge {
    const gauge = new RedisMemoryGauge(redis, threshold, cacheMs)
    gauge.slotKey = key
    return gauge
  }

  constructor (
    private readonly redis: RedisClient,
    private readonly threshold = 0.9,
    private readonly cacheMs = 5000,
    private readonly now: () => number = Date.now,
    private readonly lookTimeoutMs = MEMORY_LOOK_TIMEOUT_MS
  ) {}

  /**
   * Whether `error` is the store refusing a write for want of memory (Redis' `OOM` reply): it filled since the gauge
   * last looked, so it counts as full from now on, until the next look.
   */
  refusedForMemory (error: unknown): boolean {
    if (!(error instanceof Error) || !error.message.startsWith('OOM ')) return false
    this.full = true
    this.checkedAt = this.now()
    return true
  }

  async isFull (): Promise<boolean> {
    if (this.now() - this.checkedAt < this.cacheMs) return this.full
    this.looking ??= this.look().finally(() => { this.looking = null })
    return await this.looking
  }

  private async look (): Promise<boolean> {
    const nodes = this.redis.isCluster ? this.primaries(this.redis as Cluster) : [this.redis]
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => { reject(new Error(`INFO memory not answered within ${this.lookTimeoutMs} ms`)) }, this.lookTimeoutMs)
    })
    const shares = Promise.all(nodes.map(async (node) => usedShare(await node.info('memory'))))
    // an answer after the deadline is not waited for, nor read: the next look asks again
    shares.catch(() => {})
    try {
      this.full = (await Promise.race([shares, late])).some((share) => share > this.threshold)
    } catch {
      // cannot tell: not full, and not asked again before cacheMs (a refused INFO would otherwise be sent per write)
      this.full = false
    } finally {
      clearTimeout(timer)
    }
    this.checkedAt = this.now()
    return this.full
  }

  /** The primaries read: the one holding the slot of `slotKey`, or all of them (also while the slots are not known yet). */
  private primaries (cluster: Cluster): Redis[] {
    const primaries = cluster.nodes('master')
    if (this.slotKey === null) return primaries
    // ioredis's slot table: each slot's nodes as `host:port`, its primary first
    const [holder] = cluster.slots[calculateSlot(this.slotKey)] ?? []
    const found = primaries.filter((node) => `${node.options.host ?? ''}:${node.options.port ?? ''}` === holder)
    return found.length > 0 ? found : primaries
  }
}
