import { Cluster, Redis, type RedisOptions } from 'ioredis'

/** A single Redis or a Redis Cluster: quota and caches use only what both offer. */
export type RedisClient = Redis | Cluster

const CLIENT_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  enableAutoPipelining: true,
  maxRetriesPerRequest: 1,
  commandTimeout: 1000,
  connectTimeout: 2000,
  retryStrategy: (times) => Math.min(times * 200, 2000)
}

/**
 * A client that fails fast while Redis is away (no offline queue, one retry), so the quota fail mode decides
 * instead of requests hanging; it keeps reconnecting in the background. Auto-pipelining: under load, the quota
 * scripts of concurrent requests travel in one write and come back in one read, instead of a round of system calls
 * each; every script still runs atomically on its own.
 */
export function createRedisClient (target: string | Array<{ host: string, port: number }>): RedisClient {
  // A cluster client follows MOVED and ASK redirections and the primaries' failovers itself
  const redis = typeof target === 'string'
    ? new Redis(target, CLIENT_OPTIONS)
    : new Cluster(target, {
      redisOptions: CLIENT_OPTIONS,
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
