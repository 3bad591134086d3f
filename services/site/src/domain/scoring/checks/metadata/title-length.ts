import { quote } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'
import { onHomepage } from '../../measure.js'

export const titleLength: CheckDef = {
  id: 'metadata.title_length',
  category: 'metadata',
  max: 3,
  label: 'a title (2) of 10-60 characters (1)',
  measure: onHomepage((p) => {
    const title = p.title?.trim() ?? ''
    if (title === '') return { points: 0, detail: 'no <title>' }
    return { points: title.length >= 10 && title.length <= 60 ? 3 : 2, detail: `${quote(title)} (${title.length} characters)` }
  }),
  gaps: [
    {
      code: 'missing_title',
      severity: 'high',
      needsHomepage: true,
      find: ({ points }) => points === 0,
      recommendation: 'Add a descriptive <title> of 10-60 characters.'
    },
    {
      code: 'title_length',
      severity: 'low',
      needsHomepage: true,
      // a title of the wrong length earns all but the length's point
      find: ({ points, max }) => points > 0 && points < max,
      recommendation: 'Keep the title between 10 and 60 characters so it is not truncated.'
    }
  ]
}
