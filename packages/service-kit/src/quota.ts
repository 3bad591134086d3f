import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { authQuotaPlugin, MemoryQuotaStore, RedisQuotaStore, type AuthQuotaEvent, type QuotaStore } from '@utility-apis/auth-quota'
import type { ServiceConfig } from './config.js'
import type { Metrics } from './metrics.js'
import { createRedisClient, QUOTA_STORE_TIMEOUT_MS, waitForRedis, type RedisClient } from './redis-client.js'
import { RedisStoreHealth } from './store-health.js'

/** Where the quota is counted: the shared Redis with its health, or this process's memory without Redis. */
export interface QuotaParts {
  redis: RedisClient | null
  health: RedisStoreHealth | undefined
  store: QuotaStore
}

// The metric each quota event counts
const EVENT_COUNTERS: Record<AuthQuotaEvent, string> = {
  auth_failure: 'auth_failures',
  quota_rejection: 'quota_rejections',
  quota_store_error: 'quota_store_errors',
  quota_store_timeout: 'quota_store_timeouts',
  quota_store_full: 'quota_store_full',
  quota_fail_open: 'quota_fail_open',
  quota_fail_closed: 'quota_fail_closed'
}

/**
 * Connects to Redis (REDIS_URL or REDIS_CLUSTER_NODES, or the client given) and watches its connection; a Redis that is
 * down at start does not stop the service, which starts in the fail mode. `timeoutMs` bounds how long a call waits
 * for a reachable Redis.
 */
export async function connectQuota (
  config: ServiceConfig, log: FastifyBaseLogger, given?: RedisClient, timeoutMs = QUOTA_STORE_TIMEOUT_MS
): Promise<QuotaParts> {
  const target = config.redisClusterNodes ?? config.redisUrl
  const redis = given ?? (target === null ? null : createRedisClient(target, timeoutMs))
  if (redis === null) return { redis, health: undefined, store: new MemoryQuotaStore() }
  await waitForRedis(redis, 2000)
  const health = new RedisStoreHealth(redis, log, { timeoutMs })
  return { redis, health, store: new RedisQuotaStore(redis, 'q', { timeoutMs }) }
}

// At most one warning a minute while the store stays full
const FULL_WARNING_MS = 60_000

/** API keys and quota on every business route (`config: { auth: true }`), counted in `parts.store`. */
export async function registerQuota (app: FastifyInstance, config: ServiceConfig, parts: QuotaParts, metrics: Metrics, clock?: () => Date): Promise<void> {
  let fullWarnedAt = -Infinity
  metrics.gauge('quota_store_up', 'Whether the quota store can be reached: 1, or 0 while the quota follows QUOTA_FAIL_MODE.',
    () => parts.health === undefined || parts.health.up ? 1 : 0)
  await app.register(authQuotaPlugin, {
    apiKeys: config.apiKeys,
    publishableKeys: config.publishableKeys,
    monthlyQuota: config.monthlyQuota,
    rapidApiProxySecret: config.rapidApiProxySecret,
    store: parts.store,
    failMode: config.quotaFailMode,
    fallbackShare: config.quotaFallbackShare,
    health: parts.health,
    clock,
    onEvent: (event) => {
      metrics.count(EVENT_COUNTERS[event])
      // A full Redis refuses every call that would count and PINGs fine, so the health check never calls it down: said here
      if (event === 'quota_store_full' && Date.now() - fullWarnedAt >= FULL_WARNING_MS) {
        fullWarnedAt = Date.now()
        app.log.warn('quota store (Redis) is full (maxmemory, noeviction): it refuses to count, and QUOTA_FAIL_MODE applies to each call until it has room')
      }
    }
  })
}
