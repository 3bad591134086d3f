import { CODE_LIMIT, cut } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'
import { firstOn } from '../../measure.js'

export const organizationSchema: CheckDef = {
  id: 'structured_data.organization',
  category: 'structured_data',
  max: 3,
  label: 'Organization with name and url, logo, sameAs',
  reads: ['homepage_rest', 'sampled_pages_rest'],
  measure: ({ pages }) => {
    const org = firstOn(pages, (p) => p.structured.organization)
    if (org === null) return { points: 0, detail: 'no Organization or LocalBusiness node' }
    const named = org.name !== null && org.url !== null
    const parts = [named ? 'name and url' : 'name or url missing', org.logo === null ? 'no logo' : 'logo', `${org.same_as.length} sameAs`]
    return {
      points: (named ? 1 : 0) + (org.logo !== null ? 1 : 0) + (org.same_as.length > 0 ? 1 : 0),
      detail: `${cut(org.type, CODE_LIMIT)}: ${parts.join(', ')}`
    }
  },
  gaps: [
    {
      code: 'missing_organization_schema',
      severity: 'medium',
      needsHomepage: true,
      find: ({ points }) => points === 0,
      recommendation: 'Add an Organization (or LocalBusiness) JSON-LD node with name, url, logo and sameAs profiles.'
    }
  ]
}
