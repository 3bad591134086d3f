// The technical crawl score: six categories of checks, 100 points in all. Each category's table of
// checks lives in its own module and reads like the scoring table of the README.
import type { Derived } from '../derive.js'
import { runCheck, type CategoryId, type Check, type CheckDef } from './check.js'
import { CRAWL_POLICY } from './crawl-policy.js'
import { FETCHABILITY } from './fetchability.js'
import { FRESHNESS } from './freshness.js'
import { LLM_READINESS } from './llm-readiness.js'
import { METADATA } from './metadata.js'
import { STRUCTURED_DATA } from './structured-data.js'

export const CATEGORIES: Record<CategoryId, { max: number, checks: CheckDef[] }> = {
  fetchability: { max: 20, checks: FETCHABILITY },
  metadata: { max: 25, checks: METADATA },
  crawl_policy: { max: 20, checks: CRAWL_POLICY },
  structured_data: { max: 10, checks: STRUCTURED_DATA },
  llm_readiness: { max: 15, checks: LLM_READINESS },
  freshness: { max: 10, checks: FRESHNESS }
}

const CATEGORY_IDS = Object.keys(CATEGORIES) as CategoryId[]

export interface TechnicalScore {
  score: number
  max: number
  category_scores: Record<CategoryId, { score: number, max: number }>
  checks: Check[]
}

/**
 * Exact sums, in halves: a category is the sum of its checks, the score the sum of the categories, and
 * each maximum the sum of what its checks are worth for this site (100 unless a part could not apply).
 */
export function technicalScore (d: Derived): TechnicalScore {
  const checks = CATEGORY_IDS.flatMap((category) => CATEGORIES[category].checks.map((def) => runCheck(category, def, d)))
  const categoryScores = Object.fromEntries(CATEGORY_IDS.map((id) => {
    const own = checks.filter((c) => c.category === id)
    return [id, { score: own.reduce((n, c) => n + c.points, 0), max: own.reduce((n, c) => n + c.max, 0) }]
  })) as TechnicalScore['category_scores']
  const total = (key: 'score' | 'max'): number => CATEGORY_IDS.reduce((n, id) => n + categoryScores[id][key], 0)
  return { score: total('score'), max: total('max'), category_scores: categoryScores, checks }
}
