// A check is one line of the scoring model: what it checks, the points it is worth, and a measure
// that reads the derived facts and answers the points earned with the evidence for them.
import type { Derived } from '../derive.js'
import type { PageFacts } from '../observations.js'

export type CategoryId = 'fetchability' | 'metadata' | 'crawl_policy' | 'structured_data' | 'llm_readiness' | 'freshness'

/**
 * Whole points earned, and the evidence behind them (the `detail` of score_breakdown). `applies: false`
 * when the check cannot apply to this site (the www twin of an IP address): its points then go to the
 * other checks of its category (technical-score.ts), so no maximum moves.
 */
export interface Measured { points: number, detail: string, applies?: false }

export interface CheckDef {
  /** stable id in score_breakdown and in a gap's `checks`: `category.what_it_checks` */
  id: `${CategoryId}.${string}`
  max: number
  label: string
  measure: (d: Derived) => Measured
}

/** A measured check as score_breakdown reports it. */
export interface Check {
  id: string
  category: CategoryId
  label: string
  points: number
  /** the points the check is worth for this site: its table's, 0 when it cannot apply, more when it receives another's */
  max: number
  detail: string
}

/** A check measured at its table's points: whole points between 0 and its maximum (technical-score.ts rescales). */
export function runCheck (category: CategoryId, def: CheckDef, d: Derived): Check & { applies: boolean } {
  const { points, detail, applies } = def.measure(d)
  const whole = Math.min(Math.max(Math.round(points), 0), def.max)
  return { id: def.id, category, label: def.label, max: def.max, points: whole, detail, applies: applies !== false }
}

/** `max` points for `part` of `whole`, to the nearest whole point (halves up). */
export function shareOf (max: number, part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round(max * part / whole)
}

/** A measure of the homepage's HTML; without one it earns nothing, and says why. */
export function onHomepage (measure: (page: PageFacts, d: Derived) => Measured): (d: Derived) => Measured {
  return (d) => d.home === null ? { points: 0, detail: d.notMeasured ?? '' } : measure(d.home, d)
}

/** The first page, homepage first, where `pick` finds something. */
export function firstOn<T> (pages: PageFacts[], pick: (p: PageFacts) => T | null): T | null {
  for (const p of pages) {
    const v = pick(p)
    if (v !== null) return v
  }
  return null
}

export function percent (share: number): string {
  return `${Math.round(share * 100)}%`
}

export function quote (text: string, limit = 80): string {
  const cut = text.length > limit ? text.slice(0, limit - 1) + '…' : text
  return `"${cut}"`
}

export function plural (n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`
}

export function hostOf (url: string | null): string | null {
  if (url === null) return null
  try {
    return new URL(url).host
  } catch {
    return null
  }
}
