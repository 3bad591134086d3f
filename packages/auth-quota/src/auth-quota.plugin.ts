import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import type { KeyEntry } from './api-keys.js'
import { authenticate, type Principal } from './authenticate.js'
import type { PublishableKey } from './publishable-keys.js'
import type { QuotaCharge } from './quota-charge.js'
import { QuotaGate, type AuthQuotaEvent, type Done, type QuotaStoreHealth, type QuotaUsage } from './quota-gate.js'
import type { QuotaStore } from './quota-store.js'

export interface AuthQuotaOptions {
  /** sha256(key) → per-key quota override. */
  apiKeys: Map<string, KeyEntry>
  /** sha256(pk_...) → its owner and origins (PUBLISHABLE_KEYS); none when absent. */
  publishableKeys?: Map<string, PublishableKey>
  monthlyQuota: number
  rapidApiProxySecret?: string | null
  store: QuotaStore
  /** While the store is unreachable: `open` admits (each replica up to `fallbackShare` of a key's limit), `closed` answers 503. */
  failMode: 'open' | 'closed'
  /** QUOTA_FALLBACK_SHARE: the share of a key's limit one replica admits on its own in fail-open mode (0.34). */
  fallbackShare?: number
  clock?: () => Date
  onEvent?: (event: AuthQuotaEvent) => void
  /** Whether the store is reachable: while it is not, calls go to the fail mode at once instead of waiting on it. */
  health?: QuotaStoreHealth
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
    /** `true`: a publishable key (`pk_...`) is accepted as `?token=`, from the origins its owner lists. Default false. */
    publishableKeys?: boolean
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
    /**
     * The caller's quota as the X-RateLimit-* headers every metered answer carries, for a free answer a route gives
     * before the quota's hook (a revalidation, a retried creation); none for a marketplace call or while the store is away.
     */
    quotaHeaders: (request: FastifyRequest) => Promise<Record<string, string>>
  }
}

async function authQuota (app: FastifyInstance, options: AuthQuotaOptions) {
  const gate = new QuotaGate({
    ...options,
    onRefundLost: (units, err) => { app.log.warn({ units, err: { type: (err as Error)?.name } }, 'quota refund failed: the units stay counted') }
  })
  app.addHook('onClose', async () => { gate.close() })
  const authentication = { ...options, onFailure: () => options.onEvent?.('auth_failure') }

  app.decorateRequest('principal', null)
  app.decorateRequest('quotaCharge', null)
  app.decorate('quotaStore', options.store)
  app.decorate('quotaUsage', async (principal: Principal): Promise<QuotaUsage> => await gate.usage(principal))
  app.decorate('quotaHeaders', async (request: FastifyRequest): Promise<Record<string, string>> => {
    const principal = request.principal
    if (principal?.kind !== 'api-key' || principal.publishable === true) return {}
    try {
      const usage = await gate.usage(principal)
      return { 'x-ratelimit-limit': String(usage.limit), 'x-ratelimit-remaining': String(usage.remaining), 'x-ratelimit-reset': String(usage.resetSeconds) }
    } catch {
      // the store is away: a free answer needs no count, so it goes without one
      return {}
    }
  })

  const authenticateHook = (publishableKeys: boolean) => {
    const route = { publishableKeys }
    return (request: FastifyRequest, _reply: FastifyReply, done: Done) => {
      try {
        request.principal = authenticate(request, authentication, route)
      } catch (err) {
        return done(err as Error)
      }
      done()
    }
  }
  const reserveOne = (request: FastifyRequest, reply: FastifyReply, done: Done) => gate.reserve(request, reply, 1, false, done)
  const reserveByBody = (quotaCost: (request: FastifyRequest) => number) => (request: FastifyRequest, reply: FastifyReply, done: Done) => {
    let cost: number
    try {
      cost = Math.floor(quotaCost(request))
    } catch (err) {
      return done(err as Error)
    }
    gate.reserve(request, reply, Number.isSafeInteger(cost) && cost >= 1 ? cost : 1, true, done)
  }
  const settle = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    gate.settle(request, reply)
    done(null, payload)
  }

  // Authentication comes first (a call without a key never has its body read); the quota decides after validation,
  // so a malformed call is a 422 that costs nothing. A HEAD runs its GET's handler (Fastify answers it with the GET's
  // work, the body dropped), so it is charged as its GET: a HEAD of a logo fetches and renders as its GET does.
  // Hooks are attached to business routes only, with their config read once here rather than on every request; they
  // come after the route's own preHandler hooks.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.auth !== true) return
    const add = <K extends 'onRequest' | 'preHandler' | 'onSend'> (name: K, hook: unknown) => {
      route[name] = [...[route[name] ?? []].flat(), hook] as RouteOptions[K]
    }
    add('onRequest', authenticateHook(route.config.publishableKeys === true))
    if (route.config.metered === false) return
    const quotaCost = route.config.quotaCost
    add('preHandler', quotaCost ? reserveByBody(quotaCost) : reserveOne)
    add('onSend', settle)
  })
}

export const authQuotaPlugin = fp(authQuota, { name: '@utility-apis/auth-quota', fastify: '5.x', dependencies: ['@utility-apis/fastapi-errors'] })
