import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Principal } from './authenticate.js'
import { QuotaExceededError, QuotaUnavailableError } from './errors.js'
import { FallbackQuota } from './fallback-quota.js'
import { QuotaCharge } from './quota-charge.js'
import { PendingRefunds } from './pending-refunds.js'
import { isPromise, QuotaStoreFullError, type ConsumeResult, type QuotaStore } from './quota-store.js'
import { monthWindow, type QuotaWindow } from './quota-window.js'
import { QuotaTimeoutError } from './redis-store.js'

export type AuthQuotaEvent =
  'auth_failure' | 'quota_rejection' | 'quota_store_error' | 'quota_store_timeout' | 'quota_store_full' | 'quota_fail_open' | 'quota_fail_closed'

export interface QuotaStoreHealth {
  /** False while the store is known to be unreachable: its connection is refused or lost. */
  readonly up: boolean
  /** A store call failed for want of a connection (a call that was only slow is not reported). */
  reportFailure: () => void
}

export interface QuotaGateOptions {
  store: QuotaStore
  monthlyQuota: number
  /** While the store is unreachable: `open` admits (each replica up to `fallbackShare` of a key's limit), `closed` answers 503. */
  failMode: 'open' | 'closed'
  /** QUOTA_FALLBACK_SHARE: the share of a key's limit one replica admits on its own in fail-open mode (0.34). */
  fallbackShare?: number
  health?: QuotaStoreHealth
  clock?: () => Date
  onEvent?: (event: AuthQuotaEvent) => void
  /** A refund the store failed otherwise than by being down, or one past what is held for it: its units stay counted. */
  onRefundLost?: (units: number, err: unknown) => void
}

export interface QuotaUsage {
  limit: number
  used: number
  remaining: number
  /** The window, `YYYY-MM` (UTC). */
  period: string
  resetsAt: Date
  /** Whole seconds until then, as X-RateLimit-Reset says. */
  resetSeconds: number
}

export type Done = (err?: Error) => void

/** One call's reservation, as the store's answer finds it. */
interface Reservation {
  request: FastifyRequest
  reply: FastifyReply
  principal: Principal
  limit: number
  window: QuotaWindow
  cost: number
  /** A call of several units: a 429 says how many it needs and how many remain. */
  detailed: boolean
  done: Done
}

const UNAVAILABLE_RETRY_AFTER = '30'
// A store that is reachable but slow may answer the next call in time
const SLOW_RETRY_AFTER = '5'

/**
 * Reserves each call's units before its handler runs and settles them when its answer is sent. The shared store
 * decides while it can be reached, however slowly it answers (a call waits up to the store's timeout, then is a 503:
 * a slow store is not an outage); only while its connection is refused or lost does the fail mode decide.
 * Callback style: this runs on every business call, and a promise per hook is measurable there.
 */
export class QuotaGate {
  readonly fallback: FallbackQuota
  readonly refunds: PendingRefunds
  private readonly now: () => Date
  private readonly defaultLimitText: string

  constructor (private readonly options: QuotaGateOptions) {
    this.fallback = new FallbackQuota(options.fallbackShare)
    this.refunds = new PendingRefunds(options.store, (units, err) => {
      options.onEvent?.('quota_store_error')
      options.onRefundLost?.(units, err)
    })
    this.now = options.clock ?? (() => new Date())
    this.defaultLimitText = String(options.monthlyQuota)
  }

  /** A principal's usage in the current window, read without counting; `QuotaUnavailableError` while the store is down. */
  async usage (principal: Principal): Promise<QuotaUsage> {
    const limit = principal.quota ?? this.options.monthlyQuota
    const window = monthWindow(this.now())
    let used: number
    try {
      if (this.options.health?.up === false) throw new Error('quota store down')
      // A consume of 0 units counts nothing: it reads the counter, in the same atomic script as the calls
      used = (await this.options.store.consume(principal.id, window.id, 0, Number.MAX_SAFE_INTEGER)).used
    } catch {
      // Without the shared count, any number would be a guess
      this.options.onEvent?.('quota_store_error')
      throw new QuotaUnavailableError({ 'retry-after': UNAVAILABLE_RETRY_AFTER })
    }
    return { limit, used, remaining: Math.max(0, limit - used), period: window.id, resetsAt: new Date(window.resetsAtMs), resetSeconds: window.resetSeconds }
  }

  /** Takes `cost` units before the handler runs, or refuses the call whole. */
  reserve (request: FastifyRequest, reply: FastifyReply, cost: number, detailed: boolean, done: Done): void {
    const principal = request.principal
    // The marketplace meters its own plans: our quota applies to our own keys only.
    if (!principal || principal.kind !== 'api-key') return done()
    const limit = principal.quota ?? this.options.monthlyQuota
    const call: Reservation = { request, reply, principal, limit, window: monthWindow(this.now()), cost, detailed, done }
    if (this.options.health?.up === false) return this.storeDown(call)
    let result: ConsumeResult | Promise<ConsumeResult>
    try {
      result = this.options.store.consume(principal.id, call.window.id, cost, limit)
    } catch (err) {
      return this.storeFailed(call, err)
    }
    // A store that answered at once is not made to wait for a promise
    if (isPromise(result)) result.then((r) => this.decide(call, r, false), (err: unknown) => this.storeFailed(call, err))
    else this.decide(call, result, false)
  }

  private decide (call: Reservation, result: ConsumeResult, fallback: boolean): void {
    const { request, reply, principal, limit, window, cost } = call
    if (!fallback) {
      this.setHeaders(reply, principal, limit, result.used, window)
      this.fallback.saw(principal.id, window.id, result.used)
    }
    if (!result.admitted && fallback) {
      // This replica's share of the key is spent: the key may not be, and the answer must not say it is
      this.options.onEvent?.('quota_fail_closed')
      return call.done(new QuotaUnavailableError({ 'retry-after': UNAVAILABLE_RETRY_AFTER }))
    }
    if (!result.admitted) {
      this.options.onEvent?.('quota_rejection')
      const need = call.detailed ? { units: cost, remaining: Math.max(0, limit - result.used) } : undefined
      return call.done(new QuotaExceededError({ 'retry-after': String(window.resetSeconds) }, need))
    }
    if (cost > 0) request.quotaCharge = new QuotaCharge(principal.id, window.id, cost, fallback)
    call.done()
  }

  private storeFailed (call: Reservation, err: unknown): void {
    // Reachable but slow: the call is refused rather than admitted on a guess, and the store stays up
    if (err instanceof QuotaTimeoutError && this.options.health?.up !== false) {
      this.options.onEvent?.('quota_store_timeout')
      return call.done(new QuotaUnavailableError({ 'retry-after': SLOW_RETRY_AFTER }))
    }
    // Full: it answers at once, and PINGs fine. An outage reported for it would be over at the next health check and
    // back at the next call (a warning and a recovery line per call); each call meets the fail mode instead.
    if (err instanceof QuotaStoreFullError) {
      this.options.onEvent?.('quota_store_full')
      return this.storeDown(call)
    }
    this.options.health?.reportFailure()
    this.storeDown(call)
  }

  private storeDown (call: Reservation): void {
    this.options.onEvent?.('quota_store_error')
    if (this.options.failMode === 'closed') {
      this.options.onEvent?.('quota_fail_closed')
      return call.done(new QuotaUnavailableError({ 'retry-after': UNAVAILABLE_RETRY_AFTER }))
    }
    this.options.onEvent?.('quota_fail_open')
    this.decide(call, this.fallback.consume(call.principal.id, call.window.id, call.cost, call.limit), true)
  }

  private setHeaders (reply: FastifyReply, principal: Principal, limit: number, used: number, window: QuotaWindow): void {
    if (principal.publishable === true) return
    reply.header('x-ratelimit-limit', principal.quota === null ? this.defaultLimitText : String(limit))
    reply.header('x-ratelimit-remaining', String(Math.max(0, limit - used)))
    reply.header('x-ratelimit-reset', String(window.resetSeconds))
  }

  /** Once the answer's status is final: a 2xx keeps what it costs, the rest of the reservation goes back. */
  settle (request: FastifyRequest, reply: FastifyReply): void {
    const charge = request.quotaCharge
    if (charge === null) return
    const refund = charge.settle(reply.statusCode)
    if (refund <= 0) return
    const remaining = Number(reply.getHeader('x-ratelimit-remaining'))
    if (Number.isFinite(remaining)) reply.header('x-ratelimit-remaining', String(remaining + refund))
    // Units the fallback counted go back to it (in memory, it cannot fail): the shared store never counted them, and
    // would lose real usage for them once it is back
    if (charge.fallback) this.fallback.store.refund(charge.keyId, charge.windowId, refund, null)
    // made once, here, in the request that reserved the units (no id to record); held while the store is down
    else this.refunds.send(charge.keyId, charge.windowId, refund)
  }

  /** Stops retrying the refunds held for a store that is down. */
  close (): void {
    this.refunds.close()
  }
}
