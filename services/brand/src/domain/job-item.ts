import { TargetNotAllowedError } from '@utility-apis/homepage-fetch'
import type { ItemProcessor } from '@utility-apis/jobs'
import { normalizeDomainInput } from './normalize-domain.js'
import type { BrandProfiler } from './profiler.js'

/**
 * One domain of a job, worked exactly as `POST /v1/domain/profile` with its default timeout: the same profiler,
 * cache and fetch policy, so a result is what the single call answers (its 400 becomes an item error).
 */
export function profileItems (profiler: BrandProfiler, timeoutMs: number): ItemProcessor {
  return {
    hostOf: (input) => {
      try {
        return normalizeDomainInput(input).domain
      } catch {
        return null
      }
    },
    run: async (input) => {
      try {
        return { ok: true, value: await profiler.profile(normalizeDomainInput(input), { timeoutMs }) }
      } catch (error) {
        if (error instanceof TargetNotAllowedError) return { ok: false, error: { status: 400, detail: error.message } }
        throw error
      }
    }
  }
}
