import { Cluster, Redis, type RedisOptions } from 'ioredis'

/** REDIS_URL, or REDIS_CLUSTER_NODES seeds. */
export type RedisTarget = string | Array<{ host: string, port: number }>

/**
 * How long a command of an `api` connection waits for a Redis that is connected but does not answer (paused, busy,
 * starved) before it fails, as long as the quota store waits for its count (service-kit's QUOTA_STORE_TIMEOUT_MS):
 * a job route then answers an error within seconds, where it waited for as long as Redis was paused (40 s, or past
 * the caller's patience). A reply that comes later is dropped; the writes it answers are idempotent or settled by
 * their own scripts, as after a lost connection.
 */
const API_COMMAND_TIMEOUT_MS = 5000

const BASE: RedisOptions = {
  connectTimeout: 2000,
  retryStrategy: (times) => Math.min(times * 200, 2000)
}

// BullMQ's workers need `maxRetriesPerRequest: null` and no command timeout: their blocking commands (BZPOPMIN) wait
// for work, and wait out a Redis restart (BullMQ's documented requirement for a worker's connection)
const WORKER: RedisOptions = { ...BASE, maxRetriesPerRequest: null }
const API: RedisOptions = { ...BASE, maxRetriesPerRequest: 3, commandTimeout: API_COMMAND_TIMEOUT_MS }

/**
 * A connection of the jobs engine. A `worker` one (BullMQ's workers) waits for Redis as long as it takes. An `api`
 * one (the routes' store and queue, /metrics' queue depth, the outbox, the caches of a worker process) never makes
 * its caller wait long: a command fails after API_COMMAND_TIMEOUT_MS, and one sent without a connection fails at
 * once (`failFastOnceConnected`).
 */
export function connectRedis (target: RedisTarget, role: 'worker' | 'api'): Redis | Cluster {
  const options = role === 'worker' ? WORKER : API
  const client = typeof target === 'string'
    ? new Redis(target, options)
    : new Cluster(target, { redisOptions: options, clusterRetryStrategy: (times) => Math.min(times * 200, 2000) })
  if (role === 'api') failFastOnceConnected(client)
  return client
}

/**
 * Turns the offline queue off once the client has connected. Before that, commands wait for the first connection (at
 * most API_COMMAND_TIMEOUT_MS): an engine is used as soon as it is made, by a process starting or a test, while its
 * socket is still opening. After it, a command sent while the connection is lost fails at once instead of waiting in
 * the queue for a reconnection, as the quota client's do (BullMQ's "failing fast when Redis is down"): a route answers
 * its error, a worker's chunk is retried by BullMQ. ioredis reads the option when each command is sent.
 */
function failFastOnceConnected (client: Redis | Cluster): void {
  client.once('ready', () => { client.options.enableOfflineQueue = false })
}
