import { createServer, type Server } from 'node:http'
import type { SafeFetcher } from '@utility-apis/safe-fetch'
import { RedisQuotaStore, secretsEqual } from '@utility-apis/auth-quota'
import { loadConfig, Metrics, type ServiceConfig } from '@utility-apis/service-kit'
import { connectRedis, type RedisTarget } from './connection.js'
import { JobEngine } from './engine.js'
import { jobsSettingsFromEnv, workerSettingsFromEnv } from './settings.js'
import type { ItemProcessor } from './types.js'
import { startWorker } from './worker.js'

type Env = Record<string, string | undefined>

export interface WorkerProcessDefinition {
  service: string
  port: number
  jobsPath: string
  resultField: string
  /** The service's processor and fetcher, built as its app builds them; `cache` is a Redis connection for caches. */
  build: (config: ServiceConfig, cache: ReturnType<typeof connectRedis>) => WorkerParts | Promise<WorkerParts>
}

export interface WorkerParts {
  processor: ItemProcessor
  fetcher: SafeFetcher
  /** Releases what else the processor holds (a browser), after the items in flight have finished. */
  close?: () => Promise<void>
}

/**
 * The whole of a service's worker.ts: reads the environment once, works jobs until SIGTERM/SIGINT (letting the
 * items in flight finish), and serves /health and /metrics (queue depth, items, durations, callbacks) on
 * WORKER_METRICS_PORT for Prometheus and the autoscaler.
 */
export async function runWorkerProcess (definition: WorkerProcessDefinition, env: Env): Promise<void> {
  const { config } = loadConfig(env, { service: definition.service, port: definition.port })
  const settings = jobsSettingsFromEnv(env)
  const workerSettings = workerSettingsFromEnv(env)
  const target: RedisTarget | null = config.redisClusterNodes ?? config.redisUrl
  if (target === null) throw new Error('Invalid configuration: REDIS_URL (or REDIS_CLUSTER_NODES) must be set for a worker')
  const cache = connectRedis(target, 'api')
  cache.on('error', () => {})
  const { processor, fetcher, close } = await definition.build(config, cache)
  const metrics = new Metrics(definition.service)
  const engine = new JobEngine({
    service: definition.service,
    prefix: workerSettings.prefix,
    redis: target,
    jobsPath: definition.jobsPath,
    retentionDays: settings.retentionDays,
    metrics,
    // the API's quota counters (prefix `q`, as the service kit's): refunds of failed and cancelled items go there
    quota: new RedisQuotaStore(cache, 'q')
  })
  const worker = startWorker(engine, {
    processor,
    resultField: definition.resultField,
    concurrency: settings.concurrency,
    perHostConcurrency: settings.perHostConcurrency,
    callbackFetcher: fetcher,
    lockMs: workerSettings.lockMs,
    crashAt: env.NODE_ENV === 'test' ? env.JOBS_TEST_CRASH_AT ?? null : null
  })
  const server = metricsServer(metrics, config.adminKey)
  server.listen(workerSettings.metricsPort, config.host)
  const stop = async (): Promise<void> => {
    server.close()
    await worker.close()
    await engine.close()
    await close?.()
    await fetcher.close()
    cache.disconnect()
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => { stop().finally(() => process.exit(0)).catch(() => {}) })
  }
  process.stdout.write(`${JSON.stringify({ service: `${definition.service}-worker`, msg: 'working jobs', concurrency: settings.concurrency })}\n`)
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
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not Found"}')
      return
    }
    metrics.exposition().then((text) => {
      response.writeHead(200, { 'content-type': metrics.contentType }).end(text)
    }, () => response.writeHead(500).end())
  })
}
