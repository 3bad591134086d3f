import { Cluster, Redis, type RedisOptions } from 'ioredis'

/** REDIS_URL, or REDIS_CLUSTER_NODES seeds. */
export type RedisTarget = string | Array<{ host: string, port: number }>

const BASE: RedisOptions = {
  connectTimeout: 2000,
  retryStrategy: (times) => Math.min(times * 200, 2000)
}

/**
 * A connection of the jobs engine. BullMQ's workers need `maxRetriesPerRequest: null` (their blocking commands wait
 * out a Redis restart); the API's queue and store fail after a few retries, so a request never hangs on Redis.
 */
export function connectRedis (target: RedisTarget, role: 'worker' | 'api'): Redis | Cluster {
  const options: RedisOptions = { ...BASE, maxRetriesPerRequest: role === 'worker' ? null : 3 }
  if (typeof target === 'string') return new Redis(target, options)
  return new Cluster(target, { redisOptions: options, clusterRetryStrategy: (times) => Math.min(times * 200, 2000) })
}
