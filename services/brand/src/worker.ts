import { runWorkerProcess } from '@utility-apis/jobs'
import { createSafeFetcher } from '@utility-apis/safe-fetch'
import { profileItems } from './domain/job-item.js'
import { DEFAULT_CACHE_TTL_SECONDS, RedisProfileCache } from './domain/profile-cache.js'
import { BrandProfiler } from './domain/profiler.js'
import { JOBS_PATH } from './routes/jobs.route.js'
import { DEFAULT_TIMEOUT_SECONDS } from './routes/profile.route.js'

// A brand job worker: `node dist/worker.js`, as many processes and machines as the queue needs.
try {
  await runWorkerProcess({
    service: 'brand',
    port: 3003,
    jobsPath: JOBS_PATH,
    resultField: 'profile',
    build: (config, redis) => {
      const fetcher = createSafeFetcher(config.fetchPolicy)
      const cache = new RedisProfileCache(redis, () => {})
      const profiler = new BrandProfiler({ fetcher, cache, cacheTtlSeconds: DEFAULT_CACHE_TTL_SECONDS })
      return { processor: profileItems(profiler, DEFAULT_TIMEOUT_SECONDS * 1000), fetcher }
    }
  }, process.env)
} catch (err) {
  process.stderr.write(`brand worker: ${(err as Error).message}\n`)
  process.exit(1)
}
