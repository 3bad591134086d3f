import { HostAskedForTimeError, itemProcessor, type ItemProcessor } from '@utility-apis/jobs/mount'
import { analyzeSite, type AnalyzeSiteOptions } from './analyze-site.js'
import { parseTarget } from './collect/target.js'

/**
 * One URL of a job, analysed exactly as `POST /v1/site-intel/analyze` with its defaults answers in JSON (its 400
 * becomes an item error).
 */
export function analysisItems (options: AnalyzeSiteOptions): ItemProcessor {
  return itemProcessor({
    hostOf: (input) => parseTarget(input).domain,
    run: async (input) => {
      const analysis = await analyzeSite(parseTarget(input), options)
      // its homepage was refused by a host's pause (a redirect to a site that asked for time): worked again after it
      if (analysis.observations.homepage.fetch.error?.code === 'rate_limited') throw new HostAskedForTimeError()
      return analysis
    }
  })
}
