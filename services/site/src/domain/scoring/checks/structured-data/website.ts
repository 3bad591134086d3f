import { quote } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'
import { firstOn } from '../../measure.js'

export const websiteSchema: CheckDef = {
  id: 'structured_data.website',
  category: 'structured_data',
  max: 1,
  label: 'WebSite with a name',
  reads: ['homepage_rest', 'sampled_pages_rest'],
  measure: ({ pages }) => {
    const site = firstOn(pages, (p) => p.structured.website)
    if (site === null) return { points: 0, detail: 'no WebSite node' }
    return site.name === null ? { points: 0, detail: 'WebSite without name' } : { points: 1, detail: `WebSite ${quote(site.name)}` }
  },
  gaps: []
}
