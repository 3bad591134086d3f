import type { CheckDef } from '../../check.js'
import { onHomepage } from '../../measure.js'

export const metaDescription: CheckDef = {
  id: 'metadata.description_length',
  category: 'metadata',
  max: 3,
  label: 'a meta description (2) of 50-160 characters (1)',
  measure: onHomepage((p) => {
    const desc = p.description?.trim() ?? ''
    if (desc === '') return { points: 0, detail: 'no meta description' }
    return { points: desc.length >= 50 && desc.length <= 160 ? 3 : 2, detail: `${desc.length} characters` }
  }),
  gaps: [
    {
      code: 'missing_meta_description',
      severity: 'medium',
      needsHomepage: true,
      find: ({ points }) => points === 0,
      recommendation: 'Add a meta description of 50-160 characters that summarises the page.'
    },
    {
      code: 'meta_description_length',
      severity: 'low',
      needsHomepage: true,
      find: ({ points, max }) => points > 0 && points < max,
      recommendation: 'Keep the meta description between 50 and 160 characters.'
    }
  ]
}
