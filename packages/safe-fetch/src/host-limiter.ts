interface Waiter { grant: () => void, signal?: AbortSignal, onAbort: () => void }
interface Slot { active: number, queue: Waiter[] }

/**
 * At most `limit` fetches in flight per host name, so one request to us cannot turn into a flood against one site.
 * A waiter whose signal aborts leaves the queue and rejects with the signal's reason.
 */
export class HostLimiter {
  readonly #limit: number
  readonly #slots = new Map<string, Slot>()

  constructor (limit: number) {
    this.#limit = limit
  }

  /** Resolves with a release function once a slot for `host` is free. */
  async acquire (host: string, signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted()
    let slot = this.#slots.get(host)
    if (slot === undefined) {
      slot = { active: 0, queue: [] }
      this.#slots.set(host, slot)
    }
    const current = slot
    if (current.active < this.#limit) {
      current.active++
      return this.#releaser(host, current)
    }
    return await new Promise((resolve, reject) => {
      const waiter: Waiter = {
        signal,
        grant: () => resolve(this.#releaser(host, current)),
        onAbort: () => {
          current.queue.splice(current.queue.indexOf(waiter), 1)
          reject(signal?.reason)
        }
      }
      signal?.addEventListener('abort', waiter.onAbort, { once: true })
      current.queue.push(waiter)
    })
  }

  #releaser (host: string, slot: Slot): () => void {
    let released = false
    return () => {
      if (released) return
      released = true
      const next = slot.queue.shift()
      if (next !== undefined) {
        next.signal?.removeEventListener('abort', next.onAbort)
        next.grant()
        return
      }
      slot.active--
      if (slot.active === 0) this.#slots.delete(host)
    }
  }

  /** In-flight fetches for `host` (for tests and metrics). */
  active (host: string): number {
    return this.#slots.get(host)?.active ?? 0
  }
}
