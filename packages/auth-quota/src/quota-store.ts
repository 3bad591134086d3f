export interface ConsumeResult {
  admitted: boolean
  /** Units used in this window after this call (unchanged when not admitted). */
  used: number
}

/**
 * Counts usage per key and window. `consume` must be atomic: never admit past the limit, never count twice. A store
 * that can answer at once returns the result itself, one that must ask a server returns a promise (as
 * @fastify/rate-limit's stores may answer either way); a rejected promise means the store is unreachable, unless it
 * rejects with a QuotaTimeoutError: the store is there but answered too late. A QuotaStoreOfflineError says the call
 * was not even sent, a QuotaStoreFullError that the store refused it whole.
 */
export interface QuotaStore {
  readonly kind: 'memory' | 'redis'
  consume (keyId: string, windowId: string, cost: number, limit: number): ConsumeResult | Promise<ConsumeResult>
  /**
   * Gives back `units` counted in `windowId` (a call that was charged but did not do the work), atomically and never
   * below zero; answers the units used after the refund. A window that has no count is left as it is (0).
   *
   * `refundId` makes a refund idempotent: a refund whose id was already applied in this key's window changes nothing
   * (a retried refund cannot give units twice). Null is for a refund its caller makes once by construction (the quota
   * gate's own settlement, in the request that reserved the units): it is recorded nowhere, because a record per failed
   * call would grow with what a caller sends.
   */
  refund (keyId: string, windowId: string, units: number, refundId: string | null): number | Promise<number>
  close (): Promise<void>
}

/**
 * A store call that was never sent: the store's connection was down when it was made. Unlike any other failure it
 * changed nothing, so a refund that met it can be sent again without giving units twice (PendingRefunds).
 */
export class QuotaStoreOfflineError extends Error {
  constructor () { super('The quota store is not connected: the call was not sent') }
}

/**
 * A store call the store refused whole for want of memory (Redis at maxmemory with noeviction answers OOM before a
 * script's first write, so nothing of it was applied): the store is reachable but cannot count. Like an offline call
 * it changed nothing, so a refund that met it is held and sent again.
 */
export class QuotaStoreFullError extends Error {
  constructor () { super('The quota store is full (out of memory): the call changed nothing') }
}

export const isPromise = <T> (value: T | Promise<T>): value is Promise<T> =>
  typeof (value as { then?: unknown }).then === 'function'

export class MemoryQuotaStore implements QuotaStore {
  readonly kind = 'memory'
  private windowId = ''
  private readonly used = new Map<string, number>()
  // `keyId refundId` of the refunds applied in the current window
  private readonly refunds = new Set<string>()

  consume (keyId: string, windowId: string, cost: number, limit: number): ConsumeResult {
    // Past windows are never read again: drop them so memory stays bounded by the number of keys.
    if (windowId !== this.windowId) {
      this.used.clear()
      this.refunds.clear()
      this.windowId = windowId
    }
    const current = this.used.get(keyId) ?? 0
    if (current + cost > limit) return { admitted: false, used: current }
    this.used.set(keyId, current + cost)
    return { admitted: true, used: current + cost }
  }

  refund (keyId: string, windowId: string, units: number, refundId: string | null): number {
    checkRefundUnits(units)
    // A past window was dropped with everything in it: nothing to give back there.
    if (windowId !== this.windowId) return 0
    const current = this.used.get(keyId) ?? 0
    if (refundId !== null) {
      const applied = `${keyId} ${refundId}`
      if (this.refunds.has(applied)) return current
      this.refunds.add(applied)
    }
    const after = Math.max(0, current - units)
    if (after !== current) this.used.set(keyId, after)
    return after
  }

  async close () {}
}

/** Refunds are whole units, counted by our own code: anything else is a bug to surface, not to round. */
export function checkRefundUnits (units: number) {
  if (!Number.isSafeInteger(units) || units < 0) throw new RangeError(`refund units must be a whole number >= 0, got ${units}`)
}
