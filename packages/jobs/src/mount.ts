import type { FastifyInstance } from 'fastify'
import type { SafeFetcher } from '@utility-apis/safe-fetch'
import { DRAIN_MS } from '@utility-apis/service-kit'
import type { RedisTarget } from './connection.js'
import type { JobEngine } from './engine.js'
import { jobRoutes, type JobRoutesOptions } from './routes/jobs.route.js'
import { DEFAULT_JOBS_SETTINGS, DEFAULT_LOCK_MS, type JobsSettings } from './settings.js'
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
 * How long the inline worker may take to stop, from the start of the close: as long as its chunks' lock (after it
 * another worker takes them anyway), within the drain. BullMQ's close never ends while Redis is unreachable: unbounded,
 * the API's close waited for the drain's limit (35 s), exited 1 and reported requests in flight cut that were not
 * there. The rest of the close (the quota's Redis, the logs) keeps the drain's last seconds.
 */
const inlineStopMs = (lockMs = DEFAULT_LOCK_MS): number => Math.min(lockMs, DRAIN_MS - 5000)

/** Whether `work` settled within `ms`; it goes on (or hangs) behind a false. */
async function settlesWithin (work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), Math.max(0, ms)) })
  try {
    return await Promise.race([work.then(() => true, () => true), late])
  } finally {
    clearTimeout(timer)
  }
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
  const stopMs = inlineStopMs(options.engine?.lockMs)
  let stopping: Promise<void> | undefined
  let stopBy = 0
  app.addHook('preClose', async () => {
    stopBy = Date.now() + stopMs
    stopping = running?.worker?.close()
  })
  app.addHook('onClose', async () => {
    if (running === null) return
    const stopped = async () => { await (stopping ?? running.worker?.close()); await running.engine.close() }
    if (!await settlesWithin(stopped(), (stopBy || Date.now() + stopMs) - Date.now())) {
      app.log.error({ stopMs },
        'the inline jobs worker stopped before the queue closed (Redis unreachable, or a chunk still working): its items go to another worker')
    }
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
