import { describe, expect, it } from 'vitest'
import { DEFAULT_JOBS_SETTINGS, jobsSettingsFromEnv, workerSettingsFromEnv } from '../src/settings.js'

describe('jobsSettingsFromEnv', () => {
  it('reads the jobs variables, with defaults', () => {
    expect(jobsSettingsFromEnv({})).toEqual(DEFAULT_JOBS_SETTINGS)
    expect(jobsSettingsFromEnv({ JOBS_INLINE_WORKER: 'true', WORKER_CONCURRENCY: '4', JOB_RETENTION_DAYS: '30', JOBS_HOST_CONCURRENCY: '2' }))
      .toEqual({ inlineWorker: true, concurrency: 4, retentionDays: 30, perHostConcurrency: 2, redisUrl: null })
    expect(jobsSettingsFromEnv({ JOBS_REDIS_URL: 'redis://redis-jobs:6379' }).redisUrl).toBe('redis://redis-jobs:6379')
  })

  it('reads JOBS_PREFIX for the API as for its workers, so both meet on the same keys', () => {
    expect(jobsSettingsFromEnv({}).prefix).toBeUndefined()
    expect(jobsSettingsFromEnv({ JOBS_PREFIX: '' }).prefix).toBeUndefined()
    const env = { JOBS_PREFIX: ' {jobs:brand-blue} ' }
    expect(jobsSettingsFromEnv(env).prefix).toBe('{jobs:brand-blue}')
    expect(jobsSettingsFromEnv(env).prefix).toBe(workerSettingsFromEnv(env).prefix)
    expect(() => jobsSettingsFromEnv({ JOBS_PREFIX: 'jobs:brand' })).toThrow(/JOBS_PREFIX must be a hash tag such as \{jobs:brand\}/)
  })

  it('reads WORKER_METRICS_PORT, 0 turning the listener off', () => {
    expect(workerSettingsFromEnv({}).metricsPort).toBe(9464)
    expect(workerSettingsFromEnv({ WORKER_METRICS_PORT: '0' }).metricsPort).toBe(0)
    expect(() => workerSettingsFromEnv({ WORKER_METRICS_PORT: '70000' })).toThrow(/WORKER_METRICS_PORT must be a whole number from 0 to 65535/)
  })

  it('refuses a bad value naming its variable', () => {
    expect(() => jobsSettingsFromEnv({ WORKER_CONCURRENCY: '0' })).toThrow(/WORKER_CONCURRENCY must be a whole number from 1/)
    expect(() => jobsSettingsFromEnv({ JOBS_INLINE_WORKER: 'yes' })).toThrow(/JOBS_INLINE_WORKER must be "true" or "false"/)
    expect(() => jobsSettingsFromEnv({ JOB_RETENTION_DAYS: '1.5' })).toThrow(/JOB_RETENTION_DAYS/)
    expect(() => jobsSettingsFromEnv({ JOBS_REDIS_URL: 'redis-jobs:6379' })).toThrow(/JOBS_REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/)
  })
})
