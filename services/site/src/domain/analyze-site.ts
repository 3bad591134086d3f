import type { Fetcher } from './collect/fetch-step.js'
import { observeSite } from './collect/observe-site.js'
import type { Target } from './collect/target.js'
import { buildReport } from './report.js'

export interface AnalyzeSiteOptions {
  fetcher: Fetcher
  fetchAs: (userAgent: string) => Fetcher
  clock: () => Date
  budgetMs: number
  maxPages: number
}

/** The report of `POST /v1/site-intel/analyze` (JSON), for the route and for a job's items alike. */
export async function analyzeSite (target: Target, options: AnalyzeSiteOptions) {
  const observations = await observeSite(target, {
    fetcher: options.fetcher,
    fetchAs: options.fetchAs,
    now: options.clock(),
    budgetMs: options.budgetMs,
    maxPages: options.maxPages
  })
  return buildReport(observations, options.clock())
}
