// The technical crawl score: six categories of checks, 100 points in all. Each check is a module of checks/; the
// list of them is check-list.ts, in the README's order.
import type { Derived } from '../derive.js'
import { runCheck, type CategoryId, type Check, type CheckDef, type RunCheck } from './check.js'
import { CHECKS } from './check-list.js'

/** What each category is worth, in the order score_breakdown and category_scores report them: its checks' points sum to it. */
const CATEGORY_POINTS: Record<CategoryId, number> = {
  fetchability: 20,
  metadata: 25,
  crawl_policy: 20,
  structured_data: 10,
  llm_readiness: 15,
  freshness: 10
}

export const CATEGORIES = Object.fromEntries(Object.entries(CATEGORY_POINTS).map(([id, max]) =>
  [id, { max, checks: CHECKS.filter((check) => check.category === id) }])) as Record<CategoryId, { max: number, checks: CheckDef[] }>

const CATEGORY_IDS = Object.keys(CATEGORIES) as CategoryId[]

export interface TechnicalScore {
  score: number
  max: number
  category_scores: Record<CategoryId, { score: number, max: number }>
  checks: Check[]
  /** the checks left unmeasured (the analysis time budget, a byte cap), in score_breakdown's order */
  not_measured: string[]
}

/**
 * `total` whole points shared in proportion to `weights`: each gets the whole part of its share, then the points
 * left go one each to the largest remainders (ties to the earlier one), so the shares sum to `total` exactly.
 */
export function apportion (total: number, weights: number[]): number[] {
  const sum = weights.reduce((n, w) => n + w, 0)
  if (sum === 0) return weights.map(() => 0)
  // integer arithmetic: share i is total * w_i / sum, remainder (total * w_i) mod sum
  const shares = weights.map((w) => Math.floor(total * w / sum))
  const left = total - shares.reduce((n, s) => n + s, 0)
  const order = weights.map((w, i) => ({ i, rest: (total * w) % sum })).sort((a, b) => b.rest - a.rest || a.i - b.i)
  for (let k = 0; k < left; k++) shares[order[k].i]++
  return shares
}

/**
 * A category's checks at the points they are worth for this site. Checks that cannot apply (or that were left
 * unmeasured: the budget, a byte cap) are worth 0, and the category's points are shared among the others in proportion
 * to their table's points; a check worth more earns in the same proportion (halves up). Without such a check every
 * check keeps its table's points. Every category keeps a check of the homepage alone that the budget cannot leave
 * unmeasured (technical-score.test.ts holds it); should a cut homepage leave none measured, the category is not
 * shared out of nothing: its checks keep their table's points, 0 earned by those not measured.
 */
function shareCategory (max: number, measured: RunCheck[]): Check[] {
  const strip = ({ applies: _applies, measured: _measured, ...check }: RunCheck): Check => check
  // none applies (a cut homepage and the budget's cuts can leave a whole category unread): each keeps its table's
  // points, so the category keeps its maximum and max_score its 100, and the answer says it is incomplete
  if (measured.every((c) => c.applies) || !measured.some((c) => c.applies)) return measured.map(strip)
  const worth = apportion(max, measured.map((c) => c.applies ? c.max : 0))
  return measured.map((c, i) => ({ ...strip(c), max: worth[i], points: c.max === 0 ? 0 : Math.round(c.points * worth[i] / c.max) }))
}

/**
 * Exact sums in whole points: a category is the sum of its checks, the score the sum of the categories, and every
 * category is worth its fixed maximum (20/25/20/10/15/10, 100 in all), whatever could not apply to the site.
 */
export function technicalScore (d: Derived): TechnicalScore {
  const run = CATEGORY_IDS.map((category) => CATEGORIES[category].checks.map((def) => runCheck(def, d)))
  const checks = run.flatMap((measured, i) => shareCategory(CATEGORIES[CATEGORY_IDS[i]].max, measured))
  const categoryScores = Object.fromEntries(CATEGORY_IDS.map((id) => {
    const own = checks.filter((c) => c.category === id)
    return [id, { score: own.reduce((n, c) => n + c.points, 0), max: own.reduce((n, c) => n + c.max, 0) }]
  })) as TechnicalScore['category_scores']
  const total = (key: 'score' | 'max'): number => CATEGORY_IDS.reduce((n, id) => n + categoryScores[id][key], 0)
  const notMeasured = run.flat().filter((c) => !c.measured).map((c) => c.id)
  return { score: total('score'), max: total('max'), category_scores: categoryScores, checks, not_measured: notMeasured }
}
