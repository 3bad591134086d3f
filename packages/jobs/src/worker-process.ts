import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { createSafeFetcher, type SafeFetcher } from '@utility-apis/safe-fetch'
import { RedisQuotaStore, secretsEqual } from '@utility-apis/auth-quota'
import { createLogger, loadConfig, Metrics, type ServiceConfig } from '@utility-apis/service-kit'
import { connectRedis, type RedisTarget } from './connection.js'
import { JobEngine } from './engine.js'
import { errorLogger } from './log.js'
import { callbackUserAgent, jobsSettingsFromEnv, workerSettingsFromEnv } from './settings.js'
import type { ItemProcessor } from './types.js'
import { startWorker } from './worker.js'

type Env = Record<string, string | undefined>

export interface WorkerProcessDefinition {
  service: string
  port: number
  jobsPath: string
  resultField: string
  /**
   * The service's processor and fetcher, built as its app builds them; `cache` is a Redis connection for caches,
   * `metrics` the worker's own (/metrics on WORKER_METRICS_PORT), for what the service counts there.
   */
  build: (config: ServiceConfig, cache: ReturnType<typeof connectRedis>, metrics: Metrics) => WorkerParts | Promise<WorkerParts>
}

interface WorkerParts {
  processor: ItemProcessor
  fetcher: SafeFetcher
  /** Releases what else the processor holds (a browser), after the items in flight have finished. */
  close?: () => Promise<void>
}

/**
 * The whole of a service's worker.ts: reads the environment once, works jobs until SIGTERM/SIGINT (letting the
 * items in flight finish), and serves /health and /metrics (items, durations, callbacks; not the queue depth, which is
 * the API's) on WORKER_METRICS_PORT for Prometheus.
 */
export async function runWorkerProcess (definition: WorkerProcessDefinition, env: Env): Promise<void> {
  const { config } = loadConfig(env, { service: definition.service, port: definition.port })
  const settings = jobsSettingsFromEnv(env)
  const workerSettings = workerSettingsFromEnv(env)
  const target: RedisTarget | null = config.redisClusterNodes ?? config.redisUrl
  if (target === null) throw new Error('Invalid configuration: REDIS_URL (or REDIS_CLUSTER_NODES) must be set for a worker')
  const metrics = new Metrics(definition.service)
  // first, so a second worker on a machine stops before it takes any work
  const server = await listenMetrics(metrics, config.adminKey, workerSettings.metricsPort, config.host)
  const log = createLogger(`${definition.service}-worker`, config.replica, { level: config.logLevel })
  const cache = connectRedis(target, 'api')
  const logError = errorLogger(log)
  cache.on('error', (error) => { logError('redis cache', error) })
  const { processor, fetcher, close } = await definition.build(config, cache, metrics)
  const callbackFetcher = createSafeFetcher({ ...config.fetchPolicy, userAgent: callbackUserAgent(definition.service) })
  const engine = new JobEngine({
    service: definition.service,
    prefix: workerSettings.prefix,
    // results and queue on JOBS_REDIS_URL when set; the quota store and caches stay on REDIS_URL
    redis: settings.redisUrl ?? target,
    jobsPath: definition.jobsPath,
    retentionDays: settings.retentionDays,
    metrics,
    // the queue's depth comes from the API's /metrics alone: exported here too, it would grow with the workers it scales
    exportQueueDepth: false,
    log,
    // the API's quota counters (prefix `q`, as the service kit's): refunds of failed and cancelled items go there
    quota: new RedisQuotaStore(cache, 'q')
  })
  const worker = startWorker(engine, {
    processor,
    resultField: definition.resultField,
    concurrency: settings.concurrency,
    perHostConcurrency: settings.perHostConcurrency,
    callbackFetcher,
    lockMs: workerSettings.lockMs,
    crashAt: env.NODE_ENV === 'test' ? env.JOBS_TEST_CRASH_AT ?? null : null
  })
  const stop = async (): Promise<void> => {
    server?.close()
    await worker.close()
    await engine.close()
    await close?.()
    await fetcher.close()
    await callbackFetcher.close()
    cache.disconnect()
    log.info({}, 'stopped')
    log.flush()
  }
  let stopRequested = false
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      // a second signal (Ctrl-C twice, a supervisor that repeats it): the operator asked to stop now
      if (stopRequested) {
        log.error({ signal }, 'second signal while stopping: exiting now, the items in flight go to another worker')
        log.flush()
        process.exit(1)
      }
      stopRequested = true
      log.info({ signal }, 'stopping: the items in flight finish, their chunks go back to the queue for another worker')
      // A stop waits for the items in flight at most as long as their lock (after it another worker takes them anyway):
      // BullMQ's close never ends while Redis is unreachable, and the pod would be killed at its grace period instead
      setTimeout(() => {
        log.error({ lockMs: workerSettings.lockMs },
          'stopped before the queue closed (Redis unreachable, or a chunk still working at JOBS_LOCK_MS): its items go to another worker')
        log.flush()
        process.exit(1)
      }, workerSettings.lockMs).unref()
      // the process exits whatever stopping met: a failure to close a connection has nowhere left to go
      stop().finally(() => process.exit(0)).catch(() => {})
    })
  }
  log.info({ concurrency: settings.concurrency, metricsPort: workerSettings.metricsPort }, 'working jobs')
}

/**
 * /health and /metrics on `port`, or nothing when it is 0. A port already taken (a second worker on this machine) is
 * a configuration error of one line naming the variable, not a stack trace.
 */
async function listenMetrics (metrics: Metrics, adminKey: string | null, port: number, host: string): Promise<Server | null> {
  if (port === 0) return null
  const server = metricsServer(metrics, adminKey)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => { server.off('error', reject); resolve() })
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw error
    throw new Error(`Invalid configuration: WORKER_METRICS_PORT ${port} is in use (another worker on this machine?): ` +
      'give each worker its own WORKER_METRICS_PORT, or 0 to turn its /health and /metrics listener off')
  })
  return server
}

function metricsServer (metrics: Metrics, adminKey: string | null): Server {
  return createServer((request, response) => {
    if (request.url === '/health') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}')
      return
    }
    // as the services' own /metrics: absent without ADMIN_KEY, which Prometheus sends as a bearer token
    const authorized = adminKey !== null && secretsEqual(request.headers.authorization ?? '', `Bearer ${adminKey}`)
    if (request.url !== '/metrics' || !authorized) {
      // the services' error shape: a `code`, and a request id to quote
      const body = { detail: 'Not Found', code: 'not_found', request_id: randomUUID() }
      response.writeHead(404, { 'content-type': 'application/json', 'x-request-id': body.request_id }).end(JSON.stringify(body))
      return
    }
    metrics.exposition().then((text) => {
      response.writeHead(200, { 'content-type': metrics.contentType }).end(text)
    }, () => response.writeHead(500).end())
  })
}
