// A check is one line of the technical crawl score, in one module under checks/<category>/ named after its id:
// what it checks, the points it is worth, how it is measured from the derived facts, and the gaps it raises when it
// fails. check-list.ts lists every check; gaps.ts places every gap in the order ties are listed.
import { notMeasuredReason, type Derived, type UnreadInput } from '../derive.js'

export type CategoryId = 'fetchability' | 'metadata' | 'crawl_policy' | 'structured_data' | 'llm_readiness' | 'freshness'

/** stable id in score_breakdown and in a gap's `checks`: `category.what_it_checks` */
export type CheckId = `${CategoryId}.${string}`

export type Severity = 'high' | 'medium' | 'low'

/**
 * Whole points earned, and the evidence behind them (the `detail` of score_breakdown). `applies: false`
 * when the check cannot apply to this site (the www twin of an IP address): its points then go to the
 * other checks of its category (technical-score.ts), so no maximum moves.
 */
export interface Measured { points: number, detail: string, applies?: false }

/** What a gap reads: the derived facts and the check that raises it, as measured for this site. */
interface GapInput {
  d: Derived
  points: number
  /** what the check is worth for this site (its own points, unless a check of its category could not apply) */
  max: number
}

/** What a gap says when the default (the first check's detail, all the points its checks lost) does not fit. */
export interface Finding { evidence?: string, points?: number, severity?: Severity, checks?: CheckId[] }

/** A coded finding a failing check raises, with its evidence and a recommendation. */
export interface GapDef {
  code: string
  severity: Severity
  /** the checks whose lost points the gap costs, the first giving its evidence; without it, the check that raises it */
  checks?: CheckId[]
  /** about the homepage's HTML: not listed without one, as homepage_unreachable already explains those points */
  needsHomepage?: true
  /** whether the gap applies, or how it is told */
  find: (x: GapInput) => boolean | Finding
  recommendation: string
}

export interface CheckDef {
  id: CheckId
  category: CategoryId
  /** the points it is worth */
  max: number
  label: string
  measure: (d: Derived) => Measured
  /**
   * What it reads that can go unread: a fetch the analysis time budget can leave unmade, or the rest of a file a byte
   * cap cut (the whole homepage's HTML, the whole sitemap). When one went unread and the check falls short of its
   * points, it is not measured (runCheck)
   */
  reads?: UnreadInput[]
  /** the gaps it can raise, in no particular order: gaps.ts's GAP_ORDER places each */
  gaps: GapDef[]
}

/** A measured check as score_breakdown reports it. */
export interface Check {
  id: string
  category: CategoryId
  label: string
  points: number
  /** the points the check is worth for this site: its own, 0 when it cannot apply, more when it receives another's */
  max: number
  detail: string
}

/** A check as technical-score.ts shares its category: whether it applies, and whether it was measured (runCheck). */
export type RunCheck = Check & { applies: boolean, measured: boolean }

/**
 * A check measured at its own points: whole points between 0 and its maximum (technical-score.ts rescales). One whose
 * input went unread (the time budget left it unfetched, a byte cap cut the file before its end) is not measured,
 * unless what was read already earns every point (a markdown alternate on the homepage): what was not read might have
 * earned the rest, so a shortfall says nothing about the site. It then does not apply, its points go to the other
 * checks of its category, and it raises no gap.
 */
export function runCheck (def: CheckDef, d: Derived): RunCheck {
  const { points, detail, applies } = def.measure(d)
  const whole = Math.min(Math.max(Math.round(points), 0), def.max)
  const check = { id: def.id, category: def.category, label: def.label, max: def.max }
  const unread = whole < def.max ? notMeasuredReason(d, def.reads ?? []) : null
  if (unread !== null) return { ...check, points: 0, detail: unread, applies: false, measured: false }
  return { ...check, points: whole, detail, applies: applies !== false, measured: true }
}
