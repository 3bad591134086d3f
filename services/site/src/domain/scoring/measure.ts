// What many checks' measures share: a share of points, the homepage's HTML, the first page that has something.
import type { Derived } from '../derive.js'
import type { PageFacts } from '../observations.js'
import type { Measured } from './check.js'

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
