import { plural } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'

export const validHreflang: CheckDef = {
  id: 'metadata.hreflang',
  category: 'metadata',
  max: 1,
  label: 'hreflang annotations valid, listing themselves and linked back (or none)',
  measure: ({ hreflang, home, notMeasured }) => {
    if (home === null) return { points: 0, detail: notMeasured ?? '' }
    if (hreflang.annotated === 0) return { points: 1, detail: 'no hreflang annotations' }
    if (hreflang.errors.length > 0) return { points: 0, detail: [...hreflang.errors, ...hreflang.warnings].join('; ') }
    const valid = `hreflang valid on ${plural(hreflang.annotated, 'page')}`
    return { points: 1, detail: [valid, ...hreflang.warnings].join('; ') }
  },
  gaps: [
    {
      code: 'invalid_hreflang',
      severity: 'medium',
      // a missing x-default alone is a recommendation: low, and it costs nothing
      find: ({ d }) => d.hreflang.annotated > 0 && d.hreflang.errors.length + d.hreflang.warnings.length > 0 &&
        (d.hreflang.errors.length === 0 ? { severity: 'low', evidence: d.hreflang.warnings.join('; ') } : true),
      recommendation: 'Give each language version absolute hreflang links to every version, itself included (ISO 639 language, ' +
        'optional ISO 3166-1 region, e.g. en-GB), linked back from each of them, plus an x-default.'
    }
  ]
}
