import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { secretsEqual, sha256, type KeyEntry } from './api-keys.js'
import { InvalidApiKeyError, InvalidProxySecretError, MissingApiKeyError, QuotaExceededError, QuotaUnavailableError } from './errors.js'
import { QuotaCharge } from './quota-charge.js'
import { monthWindow, type QuotaWindow } from './quota-window.js'
import { MemoryQuotaStore, type ConsumeResult, type QuotaStore } from './quota-store.js'

export type AuthQuotaEvent = 'auth_failure' | 'quota_rejection' | 'quota_store_error' | 'quota_fail_open' | 'quota_fail_closed'

export interface AuthQuotaOptions {
  /** sha256(key) → per-key quota override. */
  apiKeys: Map<string, KeyEntry>
  monthlyQuota: number
  rapidApiProxySecret?: string | null
  store: QuotaStore
  /** While the store is unreachable: `open` admits (bounded per replica), `closed` answers 503. */
  failMode: 'open' | 'closed'
  clock?: () => Date
  onEvent?: (event: AuthQuotaEvent) => void
  /** Whether the store is reachable: while it is not, calls go to the fail mode at once instead of waiting on it. */
  health?: QuotaStoreHealth
}

export interface QuotaStoreHealth {
  /** False while the store is known to be unreachable. */
  readonly up: boolean
  /** A store call failed or timed out. */
  reportFailure: () => void
}

export interface Principal {
  kind: 'api-key' | 'marketplace'
  /** sha256 of the API key, or `rapidapi:<user>`; never a plaintext key. */
  id: string
  quota: number | null
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A business endpoint: API key (or marketplace proxy) required and quota counted. */
    auth?: boolean
    /**
     * Quota units this call reserves, read after the body is validated (e.g. one per batch item). Default 1. The
     * handler may lower what its 2xx costs with `request.quotaCharge.setUnits(n)`.
     */
    quotaCost?: (request: FastifyRequest) => number
    /** `false`: the API key is required but the call is never charged (e.g. reading one's own usage). Default true. */
    metered?: boolean
  }
  interface FastifyRequest {
    principal: Principal | null
    /** The units this call reserved from the quota (null when nothing was: marketplace, HEAD, no auth). */
    quotaCharge: QuotaCharge | null
  }
  interface FastifyInstance {
    /** The store the quota is counted in, for code that refunds work charged earlier (a cancelled job). */
    quotaStore: QuotaStore
    /** A principal's usage in the current window, read without counting; `QuotaUnavailableError` while the store is down. */
    quotaUsage: (principal: Principal) => Promise<QuotaUsage>
  }
}

type Done = (err?: Error) => void

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

const FAIL_CLOSED_RETRY_AFTER = '30'
const CHALLENGE = { 'www-authenticate': 'APIKey' }
const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

async function authQuota (app: FastifyInstance, options: AuthQuotaOptions) {
  const clock = options.clock
  const nowMs = clock ? () => clock().getTime() : Date.now
  // Bounds fail-open admission per replica while the shared store is down.
  const fallback = new MemoryQuotaStore()
  const store = options.store
  const health = options.health
  const defaultLimitText = String(options.monthlyQuota)

  app.decorateRequest('principal', null)
  app.decorateRequest('quotaCharge', null)
  app.decorate('quotaStore', store)
  app.decorate('quotaUsage', async (principal: Principal): Promise<QuotaUsage> => {
    const limit = principal.quota ?? options.monthlyQuota
    const window = monthWindow(new Date(nowMs()))
    let used: number
    try {
      if (health !== undefined && !health.up) throw new Error('quota store down')
      // A consume of 0 units counts nothing: it reads the counter, in the same atomic script as the calls
      used = (await store.consume(principal.id, window.id, 0, Number.MAX_SAFE_INTEGER)).used
    } catch {
      health?.reportFailure()
      // Without the shared count, any number would be a guess
      options.onEvent?.('quota_store_error')
      throw new QuotaUnavailableError({ 'retry-after': FAIL_CLOSED_RETRY_AFTER })
    }
    return { limit, used, remaining: Math.max(0, limit - used), period: window.id, resetsAt: new Date(window.resetsAtMs), resetSeconds: window.resetSeconds }
  })

  const setHeaders = (reply: FastifyReply, principal: Principal, limit: number, used: number, window: QuotaWindow) => {
    reply.header('x-ratelimit-limit', principal.quota === null ? defaultLimitText : String(limit))
    reply.header('x-ratelimit-remaining', String(Math.max(0, limit - used)))
    reply.header('x-ratelimit-reset', String(window.resetSeconds))
  }

  const storeDown = (principal: Principal, windowId: string, cost: number, limit: number) => {
    options.onEvent?.('quota_store_error')
    if (options.failMode === 'closed') {
      options.onEvent?.('quota_fail_closed')
      throw new QuotaUnavailableError({ 'retry-after': FAIL_CLOSED_RETRY_AFTER })
    }
    options.onEvent?.('quota_fail_open')
    return fallback.consume(principal.id, windowId, cost, limit)
  }

  /**
   * Takes `cost` units from the quota before the handler runs, or refuses the call whole. `cost` 0 only checks that
   * one more unit would fit (HEAD). Callback style: this runs on every business call, and a promise per hook is
   * measurable there.
   */
  const reserve = (request: FastifyRequest, reply: FastifyReply, cost: number, detailed: boolean, done: Done) => {
    const principal = request.principal
    // The marketplace meters its own plans: our quota applies to our own keys only.
    if (!principal || principal.kind !== 'api-key') return done()
    const limit = principal.quota ?? options.monthlyQuota
    const window = monthWindow(new Date(nowMs()))
    // A check without cost asks whether one unit would still fit.
    const checkLimit = cost === 0 ? limit - 1 : limit
    const decide = (result: ConsumeResult, counter: QuotaStore) => {
      // The fallback's count is this replica's since the outage: no number at all is truer than that one
      if (counter !== fallback) setHeaders(reply, principal, limit, result.used, window)
      if (!result.admitted) {
        options.onEvent?.('quota_rejection')
        const need = detailed ? { units: cost, remaining: Math.max(0, limit - result.used) } : undefined
        return done(new QuotaExceededError({ 'retry-after': String(window.resetSeconds) }, need))
      }
      if (cost > 0) request.quotaCharge = new QuotaCharge(principal.id, window.id, cost, counter, counter === fallback)
      done()
    }
    const onStoreDown = () => {
      let result: ConsumeResult
      try {
        result = storeDown(principal, window.id, cost, checkLimit)
      } catch (err) {
        return done(err as Error)
      }
      decide(result, fallback)
    }
    if (health !== undefined && !health.up) return onStoreDown()
    const onStoreFailure = () => {
      health?.reportFailure()
      onStoreDown()
    }
    let result: ConsumeResult | Promise<ConsumeResult>
    try {
      result = store.consume(principal.id, window.id, cost, checkLimit)
    } catch {
      return onStoreFailure()
    }
    // A store that answered at once is not made to wait for a promise
    if (isPromise(result)) result.then((r) => decide(r, store), onStoreFailure)
    else decide(result, store)
  }

  /** Once the answer's status is final: a 2xx keeps what it costs, the rest of the reservation goes back. */
  const settle = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    const charge = request.quotaCharge
    if (charge !== null) {
      const refund = charge.settle(reply.statusCode)
      if (refund > 0) {
        const remaining = Number(reply.getHeader('x-ratelimit-remaining'))
        if (Number.isFinite(remaining)) reply.header('x-ratelimit-remaining', String(remaining + refund))
        giveBack(request, charge, refund)
      }
    }
    done(null, payload)
  }

  const giveBack = (request: FastifyRequest, charge: QuotaCharge, units: number) => {
    const failed = (err: unknown) => {
      options.onEvent?.('quota_store_error')
      request.log.warn({ units, err: { type: (err as Error)?.name } }, 'quota refund failed: the units stay counted')
    }
    try {
      const result = charge.store.refund(charge.keyId, charge.windowId, units)
      if (isPromise(result)) result.catch(failed)
    } catch (err) {
      failed(err)
    }
  }

  const authenticateHook = (request: FastifyRequest, _reply: FastifyReply, done: Done) => {
    try {
      request.principal = authenticate(request, options)
    } catch (err) {
      return done(err as Error)
    }
    done()
  }

  const reserveOne = (request: FastifyRequest, reply: FastifyReply, done: Done) => reserve(request, reply, 1, false, done)
  const checkOnly = (request: FastifyRequest, reply: FastifyReply, done: Done) => reserve(request, reply, 0, false, done)
  const reserveByBody = (quotaCost: (request: FastifyRequest) => number) => (request: FastifyRequest, reply: FastifyReply, done: Done) => {
    let cost: number
    try {
      cost = Math.floor(quotaCost(request))
    } catch (err) {
      return done(err as Error)
    }
    reserve(request, reply, Number.isSafeInteger(cost) && cost >= 1 ? cost : 1, true, done)
  }

  // Authentication comes first (a call without a key never has its body read); the quota decides after validation,
  // so a malformed call is a 422 that costs nothing. A HEAD only checks that a call would fit, and costs nothing.
  // Hooks are attached to business routes only, with their config read once here rather than on every request.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.auth !== true) return
    const add = <K extends 'onRequest' | 'preHandler' | 'onSend'> (name: K, hook: unknown) => {
      route[name] = [...[route[name] ?? []].flat(), hook] as RouteOptions[K]
    }
    add('onRequest', authenticateHook)
    if (route.config.metered === false) return
    if (route.method === 'HEAD') return add('preHandler', checkOnly)
    const quotaCost = route.config.quotaCost
    add('preHandler', quotaCost ? reserveByBody(quotaCost) : reserveOne)
    add('onSend', settle)
  })
}

const isPromise = <T> (value: T | Promise<T>): value is Promise<T> =>
  typeof (value as { then?: unknown }).then === 'function'

function authenticate (request: FastifyRequest, options: AuthQuotaOptions): Principal {
  const proxySecret = header(request, 'x-rapidapi-proxy-secret')
  if (options.rapidApiProxySecret && proxySecret !== undefined) {
    if (!secretsEqual(proxySecret, options.rapidApiProxySecret)) {
      options.onEvent?.('auth_failure')
      throw new InvalidProxySecretError(CHALLENGE)
    }
    const user = header(request, 'x-rapidapi-user') ?? 'anonymous'
    return { kind: 'marketplace', id: `rapidapi:${user}`, quota: null }
  }
  const key = header(request, 'x-api-key')
  if (key === undefined || key === '') {
    options.onEvent?.('auth_failure')
    throw new MissingApiKeyError(CHALLENGE)
  }
  const id = sha256(key)
  const entry = options.apiKeys.get(id)
  if (!entry) {
    options.onEvent?.('auth_failure')
    throw new InvalidApiKeyError(CHALLENGE)
  }
  return { kind: 'api-key', id, quota: entry.quota }
}

export const authQuotaPlugin = fp(authQuota, { name: '@utility-apis/auth-quota', fastify: '5.x', dependencies: ['@utility-apis/fastapi-errors'] })
