import type { FastifyInstance } from 'fastify'
import type { SafeFetcher } from '@utility-apis/safe-fetch'
import type { RedisTarget } from './connection.js'
import type { JobEngine } from './engine.js'
import { jobRoutes, type JobRoutesOptions } from './routes/jobs.route.js'
import { DEFAULT_JOBS_SETTINGS, type JobsSettings } from './settings.js'
import type { ItemProcessor } from './types.js'
import type { JobWorker } from './worker.js'

export interface MountJobsOptions extends Omit<JobRoutesOptions, 'engine' | 'resolver'> {
  service: string
  /** REDIS_URL or REDIS_CLUSTER_NODES; null: the routes answer 503 jobs_need_redis. */
  redis: RedisTarget | null
  settings?: Partial<JobsSettings>
  processor: ItemProcessor
  /** The service's SSRF-safe fetcher: checks callback URLs (and delivers callbacks without `callbackFetcher`). */
  fetcher: SafeFetcher
  /** Delivers callbacks: the service's policy with `callbackUserAgent(service)` as its User-Agent. */
  callbackFetcher?: SafeFetcher
  /** Test knobs: chunk size and how soon a killed worker's chunk is redelivered. */
  engine?: EngineKnobs
}

export interface EngineKnobs {
  prefix?: string
  chunkSize?: number
  lockMs?: number
  itemLeaseMs?: number
}

/**
 * A service's job routes under `path`, on an engine of its own, with its worker in this process when
 * JOBS_INLINE_WORKER is on. Everything is closed with the app.
 */
export async function mountJobs (app: FastifyInstance, options: MountJobsOptions): Promise<JobEngine | null> {
  const settings = { ...DEFAULT_JOBS_SETTINGS, ...options.settings }
  // BullMQ loads only with Redis: a service without it answers 503 on these routes and keeps ~15 MB of RSS free
  // the jobs' own Redis (JOBS_REDIS_URL) when there is one: results never fill the quota's
  const redis = settings.redisUrl ?? options.redis
  const running = redis === null ? null : await runEngine(app, redis, options, settings)
  // The inline worker stops as the close begins (SIGTERM), beside the HTTP drain: closed only once the drain was over
  // (up to 35 s behind a slow request), it went on taking chunks and starting items, cut when the process was killed
  let stopping: Promise<void> | undefined
  app.addHook('preClose', async () => { stopping = running?.worker?.close() })
  app.addHook('onClose', async () => {
    await (stopping ?? running?.worker?.close())
    await running?.engine.close()
  })
  const engine = running?.engine ?? null
  await app.register(jobRoutes, { ...options, engine, resolver: options.fetcher })
  return engine
}

async function runEngine (
  app: FastifyInstance, redis: RedisTarget, options: MountJobsOptions, settings: JobsSettings
): Promise<{ engine: JobEngine, worker: JobWorker | null }> {
  const [{ JobEngine }, { startWorker }] = await Promise.all([import('./engine.js'), import('./worker.js')])
  const engine = new JobEngine({
    service: options.service,
    redis,
    // JOBS_PREFIX, as the worker processes read it; a test's own prefix first
    prefix: options.engine?.prefix ?? settings.prefix,
    jobsPath: options.path,
    retentionDays: settings.retentionDays,
    chunkSize: options.engine?.chunkSize,
    metrics: app.metrics,
    clock: options.clock,
    quota: app.quotaStore,
    log: app.log
  })
  const worker = settings.inlineWorker
    ? startWorker(engine, {
      processor: options.processor,
      resultField: options.names.resultField,
      concurrency: settings.concurrency,
      perHostConcurrency: settings.perHostConcurrency,
      callbackFetcher: options.callbackFetcher ?? options.fetcher,
      lockMs: options.engine?.lockMs,
      itemLeaseMs: options.engine?.itemLeaseMs
    })
    : null
  return { engine, worker }
}
