import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError } from '@utility-apis/fastapi-errors'
import { secretsEqual, sha256, type KeyEntry } from './api-keys.js'
import { monthWindow, type QuotaWindow } from './quota-window.js'
import { MemoryQuotaStore, type QuotaStore } from './quota-store.js'

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
const unauthorized = (detail: string) => new HttpError(401, detail, { 'www-authenticate': 'APIKey' })
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
  const syncStore = store instanceof MemoryQuotaStore ? store : null
  // The window and its header texts change once a second at most: made then, not on every call.
  type Window = QuotaWindow & { second: number, resetText: string }
  const windowAt = (ms: number): Window => {
    const window = monthWindow(new Date(ms))
    return { ...window, second: Math.floor(ms / 1000), resetText: String(window.resetSeconds) }
  }
  let cachedWindow = windowAt(0)
  const currentWindow = () => {
    const ms = nowMs()
    if (Math.floor(ms / 1000) !== cachedWindow.second) cachedWindow = windowAt(ms)
    return cachedWindow
  }
  const defaultLimitText = String(options.monthlyQuota)

  app.decorateRequest('principal', null)

  const admit = (reply: FastifyReply, principal: Principal, limit: number, used: number, admitted: boolean, window: Window) => {
    reply.header('x-ratelimit-limit', principal.quota === null ? defaultLimitText : String(limit))
    reply.header('x-ratelimit-remaining', String(Math.max(0, limit - used)))
    reply.header('x-ratelimit-reset', window.resetText)
    if (admitted) return undefined
    options.onEvent?.('quota_rejection')
    return new HttpError(429, 'Monthly quota exceeded', { 'retry-after': window.resetText })
  }

  const storeDown = (principal: Principal, windowId: string, cost: number, limit: number) => {
    options.onEvent?.('quota_store_error')
    if (options.failMode === 'closed') {
      options.onEvent?.('quota_fail_closed')
      throw new HttpError(503, 'Quota service unavailable', { 'retry-after': FAIL_CLOSED_RETRY_AFTER })
    }
    options.onEvent?.('quota_fail_open')
    return fallback.consumeSync(principal.id, windowId, cost, limit)
  }

  // Callback-style hooks: this runs on every business call, and a promise per hook is measurable there.
  const count = (request: FastifyRequest, reply: FastifyReply, cost: number, done: (err?: Error) => void) => {
    const principal = request.principal
    // The marketplace meters its own plans: our quota applies to our own keys only.
    if (!principal || principal.kind !== 'api-key') return done()
    const limit = principal.quota ?? options.monthlyQuota
    const window = currentWindow()
    if (syncStore) {
      const r = syncStore.consumeSync(principal.id, window.id, cost, limit)
      return done(admit(reply, principal, limit, r.used, r.admitted, window))
    }
    store.consume(principal.id, window.id, cost, limit).then(
      (r) => done(admit(reply, principal, limit, r.used, r.admitted, window)),
      () => {
        try {
          const r = storeDown(principal, window.id, cost, limit)
          done(admit(reply, principal, limit, r.used, r.admitted, window))
        } catch (err) {
          done(err as Error)
        }
      })
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

function authenticate (request: FastifyRequest, options: AuthQuotaOptions): Principal {
  const proxySecret = header(request, 'x-rapidapi-proxy-secret')
  if (options.rapidApiProxySecret && proxySecret !== undefined) {
    if (!secretsEqual(proxySecret, options.rapidApiProxySecret)) {
      options.onEvent?.('auth_failure')
      throw unauthorized('Invalid proxy secret')
    }
    const user = header(request, 'x-rapidapi-user') ?? 'anonymous'
    return { kind: 'marketplace', id: `rapidapi:${user}`, quota: null }
  }
  const key = header(request, 'x-api-key')
  if (key === undefined || key === '') {
    options.onEvent?.('auth_failure')
    throw unauthorized('Missing API key')
  }
  const id = sha256(key)
  const entry = options.apiKeys.get(id)
  if (!entry) {
    options.onEvent?.('auth_failure')
    throw unauthorized('Invalid API key')
  }
  return { kind: 'api-key', id, quota: entry.quota }
}

export const authQuotaPlugin = fp(authQuota, { name: '@utility-apis/auth-quota', fastify: '5.x', dependencies: ['@utility-apis/fastapi-errors'] })
