import { TargetNotAllowedError } from '@utility-apis/homepage-fetch'
import type { ItemProcessor } from '@utility-apis/jobs'
import { analyzeSite, type AnalyzeSiteOptions } from './analyze-site.js'
import { parseTarget } from './collect/target.js'

/**
 * One URL of a job, analysed exactly as `POST /v1/site-intel/analyze` with its defaults answers in JSON (its 400
 * becomes an item error).
 */
export function analysisItems (options: AnalyzeSiteOptions): ItemProcessor {
  return {
    hostOf: (input) => {
      try {
        return parseTarget(input).domain
      } catch {
        return null
      }
    },
    run: async (input) => {
      try {
        return { ok: true, value: await analyzeSite(parseTarget(input), options) }
      } catch (error) {
        if (error instanceof TargetNotAllowedError) return { ok: false, error: { status: error.statusCode, detail: error.message } }
        throw error
      }
    }
  }
}
