import { isPromise, QuotaStoreFullError, QuotaStoreOfflineError, type QuotaStore } from './quota-store.js'

/** Distinct key-and-window refunds held at most: bounded whatever an outage meets. */
export const MAX_HELD_REFUNDS = 10_000
const RETRY_MS = 1000

interface HeldRefund { keyId: string, windowId: string, units: number }

/**
 * The quota gate's refunds (a call that reserved units and did not do the work), sent to the store at once and, when
 * its connection is down (a Redis restart or failover while the call ran) or it is full, held and sent again every
 * second until it takes them: before, such a refund was logged and lost, and the failed call stayed charged. Only a
 * refund that was never sent or never applied is held (QuotaStoreOfflineError, QuotaStoreFullError): one that
 * reached Redis otherwise may have been applied, and sending it again could give its units twice. Held per key and
 * window with their units summed, so at most MAX_HELD_REFUNDS entries; what does not fit, and what a process that
 * dies still holds, stays counted, as a reservation of a killed process does.
 */
export class PendingRefunds {
  private readonly held = new Map<string, HeldRefund>()
  private timer: NodeJS.Timeout | null = null

  /** `onLost`: a refund that failed otherwise, or found no room (its units stay counted). */
  constructor (private readonly store: QuotaStore, private readonly onLost: (units: number, err: unknown) => void) {}

  send (keyId: string, windowId: string, units: number): void {
    const failed = (err: unknown): void => { this.failed({ keyId, windowId, units }, err) }
    try {
      const result = this.store.refund(keyId, windowId, units, null)
      if (isPromise(result)) result.catch(failed)
    } catch (err) {
      failed(err)
    }
  }

  /** Units held for a store that was down, not sent yet. */
  get heldUnits (): number {
    let units = 0
    for (const refund of this.held.values()) units += refund.units
    return units
  }

  close (): void {
    if (this.timer !== null) clearInterval(this.timer)
    this.timer = null
  }

  private failed (refund: HeldRefund, err: unknown): void {
    if (!(err instanceof QuotaStoreOfflineError) && !(err instanceof QuotaStoreFullError)) return this.onLost(refund.units, err)
    const id = `${refund.keyId}\n${refund.windowId}`
    const same = this.held.get(id)
    if (same !== undefined) same.units += refund.units
    else if (this.held.size >= MAX_HELD_REFUNDS) return this.onLost(refund.units, err)
    else this.held.set(id, { ...refund })
    // a process that exits is not kept alive for them
    this.timer ??= setInterval(() => { this.retry() }, RETRY_MS).unref()
  }

  private retry (): void {
    const due = [...this.held.values()]
    this.held.clear()
    this.close()
    for (const refund of due) this.send(refund.keyId, refund.windowId, refund.units)
  }
}
