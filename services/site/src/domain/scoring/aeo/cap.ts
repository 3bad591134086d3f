// An AEO cap: what keeps answer engines from using the site, and the most the AEO score may be while it holds. One
// module per cap under caps/, listed in aeo-score.ts.
import type { Derived } from '../../derive.js'
import type { AeoSignals } from './aeo-signals.js'

export interface CapDef {
  code: string
  cap: number
  /** caps judged on the homepage's content apply only when there is one */
  needsHomepage: boolean
  /** the evidence when the cap applies, else null */
  applies: (s: AeoSignals, d: Derived) => string | null
  recommendation: string
}
