import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError } from '@utility-apis/fastapi-errors'
import { secretsEqual, sha256, type KeyEntry } from './api-keys.js'
import { monthWindow } from './quota-window.js'
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
  const clock = options.clock ?? (() => new Date())
  // Bounds fail-open admission per replica while the shared store is down.
  const fallback = new MemoryQuotaStore()

  app.decorateRequest('principal', null)

  const authHook = async (request: FastifyRequest) => {
    request.principal = authenticate(request, options)
  }

  const quotaHook = (quotaCost: ((request: FastifyRequest) => number) | undefined) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const principal = request.principal
      // The marketplace meters its own plans: our quota applies to our own keys only.
      if (!principal || principal.kind !== 'api-key') return
      const limit = principal.quota ?? options.monthlyQuota
      const cost = Math.max(1, Math.floor(quotaCost?.(request) ?? 1))
      const window = monthWindow(clock())

      let result
      try {
        result = await options.store.consume(principal.id, window.id, cost, limit)
      } catch {
        options.onEvent?.('quota_store_error')
        if (options.failMode === 'closed') {
          options.onEvent?.('quota_fail_closed')
          throw new HttpError(503, 'Quota service unavailable', { 'retry-after': FAIL_CLOSED_RETRY_AFTER })
        }
        options.onEvent?.('quota_fail_open')
        result = fallback.consumeSync(principal.id, window.id, cost, limit)
      }

      reply.header('x-ratelimit-limit', String(limit))
      reply.header('x-ratelimit-remaining', String(Math.max(0, limit - result.used)))
      reply.header('x-ratelimit-reset', String(window.resetSeconds))
      if (!result.admitted) {
        options.onEvent?.('quota_rejection')
        throw new HttpError(429, 'Monthly quota exceeded', { 'retry-after': String(window.resetSeconds) })
      }
    }

  // Hooks are attached to business routes only, with their config read once here rather than on every request.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.auth !== true) return
    route.onRequest = [...[route.onRequest ?? []].flat(), authHook]
    route.preValidation = [...[route.preValidation ?? []].flat(), quotaHook(route.config.quotaCost)]
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
