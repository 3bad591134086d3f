import { createRenderer, type Renderer, type RendererOptions } from '@utility-apis/renderer'
import { createSafeFetcher, type FetchPolicy } from '@utility-apis/safe-fetch'
import { buildService, memoryNearLimit, type KitOptions } from '@utility-apis/service-kit'
import { cacheRoomCheck } from './cache-room.js'
import { BRAND_TOOLS } from './routes/mcp-tools.js'
import { DEFAULT_CACHE_TTL_SECONDS, MemoryProfileCache, RedisProfileCache, type ProfileCache } from './domain/profile-cache.js'
import { BrandProfiler } from './domain/profiler.js'
import { ProfileSlots } from './domain/profile-slots.js'
import type { EngineKnobs, JobsSettings } from '@utility-apis/jobs'
import { callbackUserAgent } from '@utility-apis/jobs/mount'
import { batchRoute } from './routes/batch.route.js'
import { brandJobs } from './routes/jobs.route.js'
import { profileRoute } from './routes/profile.route.js'
import { MemoryLogoCache, RedisLogoCache, type LogoCache } from './logo/logo-cache.js'
import { DEFAULT_LOGO_TTL_SECONDS, LogoService } from './logo/logo-service.js'
import { DEFAULT_LOGO_CACHE_CONTROL, logoRoute } from './routes/logo.route.js'

export interface BuildAppOptions extends KitOptions {
  /** Outbound fetch policy; tests pass an allow-list and host map for fixture sites on 127.0.0.1. */
  fetchPolicy?: FetchPolicy
  /** How long a profile is served from the cache. Default one day. */
  cacheTtlSeconds?: number
  /** Domains of one batch fetched at the same time. Default 8. */
  batchConcurrency?: number
  /** Overall deadline of one batch call, under the server's 30 s request timeout. Default 25 s. */
  batchDeadlineMs?: number
  /** Profiles the process makes at once, whoever asks, in turn by API key. Default 16 (two batches' worth). */
  profileSlots?: number
  /** Render application-shell homepages in this Chromium (main.ts: RENDERER=chromium); unset: they are reported. */
  renderer?: { executablePath: string } & Pick<RendererOptions, 'maxConcurrent' | 'launchTimeoutMs' | 'relaunchDelayMs'>
  /** Bulk jobs: JOBS_INLINE_WORKER, WORKER_CONCURRENCY, JOB_RETENTION_DAYS, JOBS_HOST_CONCURRENCY. */
  jobs?: Partial<JobsSettings>
  /** The logo route: LOGO_CACHE_TTL (seconds an image is fresh, 7 days) and LOGO_CACHE_CONTROL (its Cache-Control). */
  logo?: { ttlSeconds?: number, cacheControl?: string }
  /** Test knobs of the job engine: chunk size, how soon a killed worker's chunk moves on, host lease. */
  jobEngine?: EngineKnobs
}

/**
 * Profiles made at once by one process: a profile of a page at the caps holds 50 MB and more while it runs, and the
 * 2-core pod parses one page at a time anyway; the rest wait their turn (by key), never more than their own time.
 */
const DEFAULT_PROFILE_SLOTS = 16

/** The kit's clock (tests move it) in milliseconds, for the freshness of the memory caches. */
const clockMs = (options: BuildAppOptions) => () => (options.clock?.() ?? new Date()).getTime()

export async function buildApp (options: BuildAppOptions) {
  return await buildService({
    name: 'brand',
    version: '0.1.0',
    title: 'Domain brand profile API',
    description: 'Public brand facts of a domain from its homepage: name, summary, title, description, OpenGraph, ' +
      'logo and icon hints, social links, with the sources used. Single and batch operations.',
    tags: [{ name: 'brand', description: 'Domain brand profiles' }],
    tools: BRAND_TOOLS,
    routes: async (app) => {
      const fetcher = createSafeFetcher(options.fetchPolicy ?? options.config.fetchPolicy)
      const callbackFetcher = createSafeFetcher({ ...options.fetchPolicy ?? options.config.fetchPolicy, userAgent: callbackUserAgent('brand') })
      // every request of a rendered page goes through this app's fetcher: the renderer reaches only what it may
      const renderer: Renderer | null = options.renderer === undefined ? null : createRenderer({ ...options.renderer, fetcher })
      // launched as the app starts but never waited for: a browser that is missing, slow or broken leaves the service
      // serving, application shells reported as needing JavaScript, until it starts
      app.addHook('onReady', async () => {
        renderer?.start().catch((error: Error) => { app.log.warn({ err: { type: error.name, message: error.message } }, 'the renderer did not start') })
      })
      app.addHook('onClose', async () => {
        await renderer?.close()
        await fetcher.close()
        await callbackFetcher.close()
      })
      const cacheOptions = app.redis === null
        ? {}
        : { onError: () => app.metrics.count('cache_errors'), full: cacheRoomCheck(app.redis, () => app.metrics.count('cache_writes_skipped')) }
      const cache: ProfileCache = app.redis === null
        ? new MemoryProfileCache({ now: clockMs(options) })
        : new RedisProfileCache(app.redis, cacheOptions)
      const slots = new ProfileSlots({ max: options.profileSlots ?? DEFAULT_PROFILE_SLOTS, memoryFull: memoryNearLimit })
      const profiler = new BrandProfiler({ fetcher, cache, cacheTtlSeconds: options.cacheTtlSeconds ?? DEFAULT_CACHE_TTL_SECONDS, renderer, slots })
      await app.register(profileRoute, { profiler, fetcher })
      const logoCache: LogoCache = app.redis === null
        ? new MemoryLogoCache({ now: clockMs(options) })
        : new RedisLogoCache(app.redis, cacheOptions)
      const logos = new LogoService({
        profiler,
        fetcher,
        cache: logoCache,
        ttlSeconds: options.logo?.ttlSeconds ?? DEFAULT_LOGO_TTL_SECONDS,
        now: clockMs(options),
        onRefreshError: (error) => { app.log.warn({ err: { type: (error as Error)?.name } }, 'a logo refresh failed: the stale image stays') }
      })
      await app.register(logoRoute, { logos, cacheControl: options.logo?.cacheControl ?? DEFAULT_LOGO_CACHE_CONTROL })
      await app.register(batchRoute, {
        profiler,
        concurrency: options.batchConcurrency ?? 8,
        deadlineMs: options.batchDeadlineMs ?? 25_000
      })
      await brandJobs(app, {
        profiler,
        logos,
        fetcher,
        callbackFetcher,
        redis: options.config.redisClusterNodes ?? options.config.redisUrl,
        settings: options.jobs,
        engine: options.jobEngine,
        clock: options.clock
      })
    }
  }, options)
}
