import { listed } from '../../../evidence-text.js'
import type { PageFacts } from '../../../observations.js'
import type { CheckDef } from '../../check.js'
import { onHomepage } from '../../measure.js'

/** h1 headings with text: exactly one earns the outline's first point */
function h1Count (page: PageFacts | null): number {
  return page?.headings.h1.filter((t) => t.trim() !== '').length ?? 0
}

export const headingOutline: CheckDef = {
  id: 'metadata.heading_outline',
  category: 'metadata',
  max: 2,
  label: 'exactly one h1, no skipped heading level',
  measure: onHomepage((p) => {
    const h1 = h1Count(p)
    const skips = p.headings.skips
    return {
      points: (h1 === 1 ? 1 : 0) + (skips.length === 0 ? 1 : 0),
      detail: `${h1} h1${skips.length === 0 ? ', no skipped level' : `; skipped: ${listed(skips, String)}`}`
    }
  }),
  gaps: [
    {
      code: 'missing_h1',
      severity: 'low',
      needsHomepage: true,
      // one h1 is 1 of the outline's 2 points, no skipped level the other
      find: ({ d }) => h1Count(d.home) === 0 && { points: 1 },
      recommendation: 'Give the page one visible h1 that names its topic.'
    },
    {
      code: 'multiple_h1',
      severity: 'low',
      needsHomepage: true,
      find: ({ d }) => h1Count(d.home) > 1 && { points: 1 },
      recommendation: 'Keep one h1 per page; use h2-h6 for sections.'
    },
    {
      code: 'heading_skip',
      severity: 'low',
      needsHomepage: true,
      find: ({ d }) => (d.home?.headings.skips.length ?? 0) > 0 && { points: 1 },
      recommendation: 'Do not skip heading levels (h2 then h4): the outline is how machines read the page structure.'
    }
  ]
}
