import { MemoryQuotaStore, type ConsumeResult } from './quota-store.js'

/** The share of a key's limit one replica admits on its own while the shared store is unreachable, by default. */
export const DEFAULT_FALLBACK_SHARE = 0.34

/**
 * What one replica admits on its own while the shared store cannot be reached (fail open). Each replica counts alone,
 * so each is held to `share` of a key's limit for the whole window (whatever the number of outages in it), and to what
 * the key had left when this replica last saw its shared count: a fleet of N replicas admits at most N x share of a
 * limit beyond the quota (0.34 x 3 replicas: about one limit), and a key spent before the outage stays spent.
 */
export class FallbackQuota {
  /** This replica's count of each key since its window began, kept apart from the shared one. */
  readonly store = new MemoryQuotaStore()
  // One entry per API key that called (the keys come from API_KEYS): bounded by the configuration
  private readonly lastSeen = new Map<string, { windowId: string, used: number }>()

  constructor (private readonly share: number = DEFAULT_FALLBACK_SHARE) {
    if (!(share > 0 && share <= 1)) throw new RangeError(`the fallback share must be above 0 and at most 1, got ${share}`)
  }

  /** The shared count of a key, as the shared store just answered it. */
  saw (keyId: string, windowId: string, used: number): void {
    const seen = this.lastSeen.get(keyId)
    if (seen === undefined) this.lastSeen.set(keyId, { windowId, used })
    else if (seen.windowId !== windowId || seen.used !== used) Object.assign(seen, { windowId, used })
  }

  /** The units this replica may still admit for the key in this window: its share, at most what was left. */
  allowance (keyId: string, windowId: string, limit: number): number {
    const seen = this.lastSeen.get(keyId)
    const left = seen?.windowId === windowId ? Math.max(0, limit - seen.used) : limit
    return Math.min(Math.floor(this.share * limit), left)
  }

  /** As the shared store's consume, within this replica's allowance. */
  consume (keyId: string, windowId: string, cost: number, limit: number): ConsumeResult {
    return this.store.consume(keyId, windowId, cost, this.allowance(keyId, windowId, limit))
  }
}
