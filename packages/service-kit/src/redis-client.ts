import { Cluster, Redis, type RedisOptions } from 'ioredis'

/** A single Redis or a Redis Cluster: quota and caches use only what both offer. */
export type RedisClient = Redis | Cluster

/**
 * How long a call waits for a Redis that can be reached (5 s) before it is answered 503: a slow Redis is not an outage.
 * Only a refused or lost connection is, and sends calls to QUOTA_FAIL_MODE at once.
 */
export const QUOTA_STORE_TIMEOUT_MS = 5000

// The client waits three times as long as a quota call does: the store's own timeout (which knows Redis was only slow)
// answers the call, and a reply that comes later still arrives, so the units it counted are given back.
const clientOptions = (timeoutMs: number): RedisOptions => ({
  enableOfflineQueue: false,
  enableAutoPipelining: true,
  maxRetriesPerRequest: 1,
  commandTimeout: 3 * timeoutMs,
  connectTimeout: 2000,
  retryStrategy: (times) => Math.min(times * 200, 2000)
})

/**
 * A client that fails at once while it has no connection to Redis (no offline queue, one retry), so the quota fail
 * mode decides instead of requests hanging, and reconnects in the background. While connected, a command waits for
 * Redis up to 3 x `timeoutMs`: a busy Redis answers late, it has not gone away. Auto-pipelining: under
 * load, the quota scripts of concurrent requests travel in one write and come back in one read, instead of a round of
 * system calls each; every script still runs atomically on its own.
 */
export function createRedisClient (target: string | Array<{ host: string, port: number }>, timeoutMs = QUOTA_STORE_TIMEOUT_MS): RedisClient {
  const options = clientOptions(timeoutMs)
  // A cluster client follows MOVED and ASK redirections and the primaries' failovers itself
  const redis = typeof target === 'string'
    ? new Redis(target, options)
    : new Cluster(target, {
      redisOptions: options,
      enableOfflineQueue: false,
      enableAutoPipelining: true,
      clusterRetryStrategy: (times) => Math.min(times * 200, 2000)
    })
  // Without a listener an 'error' event would end the process; what an outage means is logged once by RedisStoreHealth.
  redis.on('error', () => {})
  return redis
}

/**
 * Gives Redis a moment to connect at start, and never fails: a Redis that is down must not stop the service (it
 * starts unready, follows the fail mode, and recovers when Redis is back). events.once would reject on the first
 * connection error.
 */
export async function waitForRedis (redis: RedisClient, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      redis.off('ready', done)
      resolve()
    }
    const timer = setTimeout(done, timeoutMs).unref()
    redis.once('ready', done)
  })
}
