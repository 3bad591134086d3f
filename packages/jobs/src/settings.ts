type Env = Record<string, string | undefined>

/** The jobs variables, read once at start-up by main.ts and worker.ts. */
export interface JobsSettings {
  /** JOBS_INLINE_WORKER=true: the API process works jobs too (the quickstart, docker-compose). */
  inlineWorker: boolean
  /** WORKER_CONCURRENCY: items one worker process works on at the same time. */
  concurrency: number
  /** JOB_RETENTION_DAYS: how long a job and its results are kept. */
  retentionDays: number
  /** JOBS_HOST_CONCURRENCY: items of one host worked on at the same time across all workers. */
  perHostConcurrency: number
  /**
   * JOBS_REDIS_URL: the Redis of jobs, their queue and results, apart from the quota's (REDIS_URL, the default), so
   * results can never fill the store quota counters are written to.
   */
  redisUrl: string | null
  /**
   * JOBS_PREFIX: the jobs' key prefix, `{jobs:<service>}` unless set. Read by the API and its worker processes alike
   * (`jobsPrefixFromEnv`): an API and a worker on different prefixes never see each other's jobs.
   */
  prefix: string | undefined
}

export const DEFAULT_JOBS_SETTINGS: JobsSettings = {
  inlineWorker: false, concurrency: 16, retentionDays: 7, perHostConcurrency: 4, redisUrl: null, prefix: undefined
}

function whole (env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim()
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new Error(`Invalid configuration: ${name} must be a whole number from ${min} to ${max}, got "${raw}"`)
  }
  return Number(raw)
}

export function jobsSettingsFromEnv (env: Env): JobsSettings {
  const inline = env.JOBS_INLINE_WORKER?.trim() ?? ''
  if (!['', 'true', 'false'].includes(inline)) {
    throw new Error(`Invalid configuration: JOBS_INLINE_WORKER must be "true" or "false", got "${inline}"`)
  }
  const redisUrl = env.JOBS_REDIS_URL?.trim() ?? ''
  if (redisUrl !== '' && !/^rediss?:\/\/\S+$/.test(redisUrl)) {
    throw new Error('Invalid configuration: JOBS_REDIS_URL must be a redis:// or rediss:// URL')
  }
  return {
    redisUrl: redisUrl === '' ? null : redisUrl,
    prefix: jobsPrefixFromEnv(env),
    inlineWorker: inline === 'true',
    concurrency: whole(env, 'WORKER_CONCURRENCY', DEFAULT_JOBS_SETTINGS.concurrency, 1, 1000),
    retentionDays: whole(env, 'JOB_RETENTION_DAYS', DEFAULT_JOBS_SETTINGS.retentionDays, 1, 365),
    perHostConcurrency: whole(env, 'JOBS_HOST_CONCURRENCY', DEFAULT_JOBS_SETTINGS.perHostConcurrency, 1, 100)
  }
}

/** What only a worker process reads besides the jobs variables. */
export interface WorkerSettings {
  /** WORKER_METRICS_PORT: where the worker serves /health and /metrics; 0 turns that listener off. */
  metricsPort: number
  /** JOBS_PREFIX, as `JobsSettings.prefix` reads it. */
  prefix: string | undefined
  /** JOBS_LOCK_MS: how long a chunk's lock lasts; a killed worker's chunk moves on after it. */
  lockMs: number
}

/**
 * JOBS_PREFIX, read here only: the API (`jobsSettingsFromEnv`) and the worker (`workerSettingsFromEnv`) must agree on
 * it, or jobs created by one are never worked by the other. Undefined: the engine's `{jobs:<service>}`.
 */
function jobsPrefixFromEnv (env: Env): string | undefined {
  const prefix = env.JOBS_PREFIX?.trim()
  if (prefix !== undefined && prefix !== '' && !/^\{[A-Za-z0-9:_-]{1,64}\}$/.test(prefix)) {
    throw new Error(`Invalid configuration: JOBS_PREFIX must be a hash tag such as {jobs:brand}, got "${prefix}"`)
  }
  return prefix === '' ? undefined : prefix
}

/** JOBS_LOCK_MS's default: a chunk's lock, and how long a stopping worker waits for its items in flight. */
export const DEFAULT_LOCK_MS = 30_000

export function workerSettingsFromEnv (env: Env): WorkerSettings {
  return {
    metricsPort: whole(env, 'WORKER_METRICS_PORT', 9464, 0, 65535),
    prefix: jobsPrefixFromEnv(env),
    lockMs: whole(env, 'JOBS_LOCK_MS', DEFAULT_LOCK_MS, 1000, 600_000)
  }
}

/**
 * The User-Agent of a service's callbacks (the fetcher's policy sets it; a request cannot): here, not in callbacks.ts,
 * so an API process that only mounts the routes does not load the signing library to name it.
 */
export function callbackUserAgent (service: string): string {
  return `UtilityAPIs-${service}-callbacks/0.1 (+https://utility-apis.example/bot)`
}
