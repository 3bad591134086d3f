// The answer-engine (AEO) authority score: the parts (aeo-parts.ts) summed, then capped by what keeps answer engines
// from using the site at all (one module per cap under caps/).
import type { Derived } from '../../derive.js'
import { PARTS, type AeoGroup } from './aeo-parts.js'
import { aeoSignals } from './aeo-signals.js'
import type { CapDef } from './cap.js'
import { aiRetrievalBlockedCap } from './caps/ai-retrieval-blocked.js'
import { homepageUnfetchableCap } from './caps/homepage-unfetchable.js'
import { jsOnlyContentCap } from './caps/js-only-content.js'
import { missingEntitySchemaCap } from './caps/missing-entity-schema.js'
import { missingFaqAnswerDepthCap } from './caps/missing-faq-answer-depth.js'
import { noindexCap } from './caps/noindex.js'
import { thinEeatProofCap } from './caps/thin-eeat-proof.js'

interface AeoPart { id: string, group: AeoGroup, label: string, points: number, max: number, detail: string }
interface AppliedCap { code: string, cap: number, recommendation: string, evidence: string }
export interface AeoScore {
  score: number
  uncapped_score: number
  status: 'unavailable' | 'needs_review' | 'ready'
  caps_applied: AppliedCap[]
  breakdown: AeoPart[]
}

/** Every cap, lowest first (caps of the same value are listed in this order). A new cap is its module and a line here. */
export const CAPS: CapDef[] = [
  homepageUnfetchableCap,
  aiRetrievalBlockedCap,
  noindexCap,
  jsOnlyContentCap,
  thinEeatProofCap,
  missingFaqAnswerDepthCap,
  missingEntitySchemaCap
]

export function aeoScore (d: Derived): AeoScore {
  const s = aeoSignals(d)
  const breakdown = !d.homepageOk
    ? []
    : PARTS.map((part): AeoPart => {
      const { earned, detail } = part.measure(s, d)
      const points = typeof earned === 'number' ? earned : earned ? part.max : 0
      return { id: part.id, group: part.group, label: part.label, points, max: part.max, detail }
    })
  const uncapped = Math.round(breakdown.reduce((n, p) => n + p.points, 0))
  const caps = CAPS.flatMap((c): AppliedCap[] => {
    if (c.needsHomepage && !d.homepageOk) return []
    const evidence = c.applies(s, d)
    return evidence === null ? [] : [{ code: c.code, cap: c.cap, recommendation: c.recommendation, evidence }]
  }).sort((a, b) => a.cap - b.cap)
  const score = Math.min(uncapped, ...caps.map((c) => c.cap))
  return {
    score,
    uncapped_score: uncapped,
    status: !d.homepageOk ? 'unavailable' : caps.length > 0 || score < 70 ? 'needs_review' : 'ready',
    caps_applied: caps,
    breakdown
  }
}
