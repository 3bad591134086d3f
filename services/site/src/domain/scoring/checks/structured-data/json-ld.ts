import type { Derived } from '../../../derive.js'
import { plural } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'

/** JSON-LD blocks that parse, over the analysed pages. */
export function parsedJsonLdBlocks (d: Derived): number {
  return d.pages.reduce((n, p) => n + Math.max(0, p.structured.json_ld_blocks - p.structured.json_ld_errors.length), 0)
}

export const jsonLdParses: CheckDef = {
  id: 'structured_data.json_ld',
  category: 'structured_data',
  max: 2,
  label: 'JSON-LD that parses (microdata or RDFa only: 1)',
  reads: ['homepage_rest', 'sampled_pages_rest'],
  measure: (d) => {
    const parsed = parsedJsonLdBlocks(d)
    if (parsed > 0) return { points: 2, detail: `${plural(parsed, 'JSON-LD block')} parsed` }
    const otherMarkup = d.pages.some((p) => p.structured.microdata || p.structured.rdfa)
    return otherMarkup ? { points: 1, detail: 'microdata or RDFa only' } : { points: 0, detail: 'no JSON-LD, microdata or RDFa' }
  },
  gaps: [
    {
      code: 'missing_structured_data',
      severity: 'medium',
      needsHomepage: true,
      find: ({ points }) => points === 0,
      recommendation: 'Add JSON-LD structured data (Organization and WebSite on the homepage, Article or Product on content pages).'
    }
  ]
}
