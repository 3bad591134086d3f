import { itemProcessor, type ItemProcessor } from '@utility-apis/jobs/mount'
import { analyzeSite, type AnalyzeSiteOptions } from './analyze-site.js'
import { parseTarget } from './collect/target.js'

/**
 * One URL of a job, analysed exactly as `POST /v1/site-intel/analyze` with its defaults answers in JSON (its 400
 * becomes an item error).
 */
export function analysisItems (options: AnalyzeSiteOptions): ItemProcessor {
  return itemProcessor({
    hostOf: (input) => parseTarget(input).domain,
    run: async (input) => await analyzeSite(parseTarget(input), options)
  })
}
