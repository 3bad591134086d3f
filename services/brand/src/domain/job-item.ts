import { itemProcessor, type ItemProcessor } from '@utility-apis/jobs/mount'
import { normalizeDomainInput } from './normalize-domain.js'
import type { BrandProfiler } from './profiler.js'

/**
 * One domain of a job, worked exactly as `POST /v1/domain/profile` with its default timeout: the same profiler,
 * cache and fetch policy, so a result is what the single call answers (its 400 becomes an item error).
 */
export function profileItems (profiler: BrandProfiler, timeoutMs: number): ItemProcessor {
  return itemProcessor({
    hostOf: (input) => normalizeDomainInput(input).domain,
    run: async (input) => await profiler.profile(normalizeDomainInput(input), { timeoutMs })
  })
}
