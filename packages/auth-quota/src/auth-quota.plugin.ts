import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { secretsEqual, sha256, type KeyEntry } from './api-keys.js'
import { InvalidApiKeyError, InvalidProxySecretError, MissingApiKeyError, QuotaExceededError, QuotaUnavailableError } from './errors.js'
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
    /** Quota units this call costs, read after the body is parsed (e.g. one per batch item). Default 1. */
    quotaCost?: (request: FastifyRequest) => number
  }
  interface FastifyRequest {
    principal: Principal | null
  }
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
  const defaultLimitText = String(options.monthlyQuota)

  app.decorateRequest('principal', null)

  const admit = (reply: FastifyReply, principal: Principal, limit: number, result: ConsumeResult, window: QuotaWindow) => {
    const reset = String(window.resetSeconds)
    reply.header('x-ratelimit-limit', principal.quota === null ? defaultLimitText : String(limit))
    reply.header('x-ratelimit-remaining', String(Math.max(0, limit - result.used)))
    reply.header('x-ratelimit-reset', reset)
    if (result.admitted) return undefined
    options.onEvent?.('quota_rejection')
    return new QuotaExceededError({ 'retry-after': reset })
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

  // Callback-style hooks: this runs on every business call, and a promise per hook is measurable there.
  const count = (request: FastifyRequest, reply: FastifyReply, cost: number, done: (err?: Error) => void) => {
    const principal = request.principal
    // The marketplace meters its own plans: our quota applies to our own keys only.
    if (!principal || principal.kind !== 'api-key') return done()
    const limit = principal.quota ?? options.monthlyQuota
    const window = monthWindow(new Date(nowMs()))
    const onStoreDown = () => {
      try {
        done(admit(reply, principal, limit, storeDown(principal, window.id, cost, limit), window))
      } catch (err) {
        done(err as Error)
      }
    }
    let result: ConsumeResult | Promise<ConsumeResult>
    try {
      result = store.consume(principal.id, window.id, cost, limit)
    } catch {
      return onStoreDown()
    }
    // A store that answered at once is not made to wait for a promise
    if (isPromise(result)) {
      result.then((r) => done(admit(reply, principal, limit, r, window)), onStoreDown)
    } else {
      done(admit(reply, principal, limit, result, window))
    }
  }

  const authenticateHook = (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    try {
      request.principal = authenticate(request, options)
    } catch (err) {
      return done(err as Error)
    }
    done()
  }

  // A fixed-cost call is authenticated and counted before its body is even read.
  const authenticateAndCount = (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    try {
      request.principal = authenticate(request, options)
    } catch (err) {
      return done(err as Error)
    }
    count(request, reply, 1, done)
  }

  // A call whose cost depends on its body (a batch) is counted once the body is parsed, before validation.
  const countByBody = (quotaCost: (request: FastifyRequest) => number) =>
    (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
      let cost = 1
      try {
        cost = Math.max(1, Math.floor(quotaCost(request)))
      } catch {}
      count(request, reply, Number.isFinite(cost) ? cost : 1, done)
    }

  // Hooks are attached to business routes only, with their config read once here rather than on every request.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.auth !== true) return
    const quotaCost = route.config.quotaCost
    if (quotaCost) {
      route.onRequest = [...[route.onRequest ?? []].flat(), authenticateHook]
      route.preValidation = [...[route.preValidation ?? []].flat(), countByBody(quotaCost)]
    } else {
      route.onRequest = [...[route.onRequest ?? []].flat(), authenticateAndCount]
    }
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
