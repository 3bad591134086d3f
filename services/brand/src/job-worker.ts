import type { WorkerProcessDefinition } from '@utility-apis/jobs'
import { launchRenderer } from '@utility-apis/renderer'
import { createSafeFetcher } from '@utility-apis/safe-fetch'
import { cacheRoomCheck } from './cache-room.js'
import { profileItems } from './domain/job-item.js'
import { DEFAULT_CACHE_TTL_SECONDS, RedisProfileCache } from './domain/profile-cache.js'
import { RedisLogoCache } from './logo/logo-cache.js'
import { DEFAULT_LOGO_TTL_SECONDS, LogoService } from './logo/logo-service.js'
import { logoSettingsFromEnv } from './logo/logo-settings.js'
import { BrandProfiler } from './domain/profiler.js'
import { JOBS_PATH } from './routes/jobs.route.js'
import { DEFAULT_TIMEOUT_SECONDS } from './routes/profile.route.js'

type Env = Record<string, string | undefined>

/**
 * The job worker process (`node dist/worker.js`): domains profiled as the API's single call profiles them, with the
 * same shared cache and, when RENDERER=chromium, the same rendering of application shells.
 */
export function brandWorker (env: Env, warn: (message: string) => void): WorkerProcessDefinition {
  return {
    service: 'brand',
    port: 3003,
    jobsPath: JOBS_PATH,
    resultField: 'profile',
    build: async (config, redis, metrics) => {
      const fetcher = createSafeFetcher(config.fetchPolicy)
      const renderer = await launchRenderer(env, { fetcher }, warn)
      // the API's caches, kept out of the room the quota needs as the API keeps them (and counted as it counts them)
      metrics.declare('cache_writes_skipped')
      const cacheOptions = { full: cacheRoomCheck(redis, () => metrics.count('cache_writes_skipped')) }
      const cache = new RedisProfileCache(redis, cacheOptions)
      const profiler = new BrandProfiler({ fetcher, cache, cacheTtlSeconds: DEFAULT_CACHE_TTL_SECONDS, renderer })
      // a job's `logo` variants go to the cache the logo route reads, fresh as long as the route's own (LOGO_CACHE_TTL)
      const logos = new LogoService({
        profiler,
        fetcher,
        cache: new RedisLogoCache(redis, cacheOptions),
        ttlSeconds: logoSettingsFromEnv(env).ttlSeconds ?? DEFAULT_LOGO_TTL_SECONDS
      })
      return {
        processor: profileItems(profiler, DEFAULT_TIMEOUT_SECONDS * 1000, logos),
        fetcher,
        close: async () => { await renderer?.close() }
      }
    }
  }
}
