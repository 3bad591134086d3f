import { describe, expect, test } from 'vitest'
import { MAX_HELD_REFUNDS, PendingRefunds } from '../src/pending-refunds.js'
import { MemoryQuotaStore, QuotaStoreFullError, QuotaStoreOfflineError } from '../src/quota-store.js'

/** A memory store whose connection can be "down": its refunds then fail unsent, as the Redis store's do. */
function storeWithConnection (refusal: () => Error = () => new QuotaStoreOfflineError()) {
  const store = new MemoryQuotaStore()
  let up = true
  const refund = store.refund.bind(store)
  store.refund = (keyId, windowId, units, refundId) => {
    if (!up) throw refusal()
    return refund(keyId, windowId, units, refundId)
  }
  return { store, setUp: (value: boolean) => { up = value } }
}

describe('PendingRefunds', () => {
  test('holds the refunds a store that is down could not take, summed per key and window, and sends them once it is back', async () => {
    const { store, setUp } = storeWithConnection()
    store.consume('k', '2026-11', 5, 10)
    const lost: number[] = []
    const refunds = new PendingRefunds(store, (units) => lost.push(units))
    setUp(false)
    refunds.send('k', '2026-11', 2)
    refunds.send('k', '2026-11', 1)
    expect(refunds.heldUnits).toBe(3)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    // still down: tried again, held again, nothing lost
    expect([refunds.heldUnits, lost]).toEqual([3, []])
    setUp(true)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect(refunds.heldUnits).toBe(0)
    expect(store.consume('k', '2026-11', 0, 10).used).toBe(2)
    refunds.close()
  })

  test('holds at most MAX_HELD_REFUNDS keys and windows; a refund failing otherwise is lost at once, never held', () => {
    const { store, setUp } = storeWithConnection()
    const lost: number[] = []
    const refunds = new PendingRefunds(store, (units) => lost.push(units))
    setUp(false)
    for (let i = 0; i <= MAX_HELD_REFUNDS; i++) refunds.send(`k${i}`, '2026-11', 1)
    expect([refunds.heldUnits, lost]).toEqual([MAX_HELD_REFUNDS, [1]])
    setUp(true)
    refunds.send('k', '2026-11', -1)
    expect(lost).toEqual([1, -1])
    refunds.close()
  })

  // A Redis at maxmemory with noeviction refuses the refund's script at its first write: nothing of it was applied, and
  // the refund was logged and lost, the failed call charged
  test('holds a refund a full store refused whole, and sends it once the store has room', async () => {
    const { store, setUp } = storeWithConnection(() => new QuotaStoreFullError())
    store.consume('k', '2026-11', 5, 10)
    const lost: number[] = []
    const refunds = new PendingRefunds(store, (units) => lost.push(units))
    setUp(false)
    refunds.send('k', '2026-11', 2)
    expect([refunds.heldUnits, lost]).toEqual([2, []])
    setUp(true)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect(refunds.heldUnits).toBe(0)
    expect(store.consume('k', '2026-11', 0, 10).used).toBe(3)
    refunds.close()
  })
})
