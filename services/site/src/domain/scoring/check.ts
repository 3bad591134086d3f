// A check is one line of the scoring model: what it checks, the points it is worth, and a measure
// that reads the derived facts and answers the points earned with the evidence for them.
import type { Derived } from '../derive.js'
import type { PageFacts } from '../observations.js'

export type CategoryId = 'fetchability' | 'metadata' | 'crawl_policy' | 'structured_data' | 'llm_readiness' | 'freshness'

/**
 * Points earned, and the evidence behind them (the `detail` of score_breakdown). `max` is given when part
 * of the check cannot apply to this site (a www twin of an IP address): that part neither earns nor
 * costs, so the check, its category and max_score are worth that much less.
 */
export interface Measured { points: number, detail: string, max?: number }

export interface CheckDef {
  /** stable id in score_breakdown and in a gap's `checks`: the category's letter and the row of its table */
  id: string
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
  /** the points the check is worth for this site: its table's, less any part that could not apply */
  max: number
  detail: string
}

/** Points are kept to halves, between 0 and the check's maximum. */
export function half (points: number): number {
  return Math.round(points * 2) / 2
}

export function runCheck (category: CategoryId, def: CheckDef, d: Derived): Check {
  const { points, detail, max: applicable } = def.measure(d)
  const max = Math.min(applicable ?? def.max, def.max)
  return { id: def.id, category, label: def.label, max, points: half(Math.min(Math.max(points, 0), max)), detail }
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
