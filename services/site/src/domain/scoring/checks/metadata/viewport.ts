import { quote } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'
import { onHomepage } from '../../measure.js'

export const mobileViewport: CheckDef = {
  id: 'metadata.viewport',
  category: 'metadata',
  max: 2,
  label: 'viewport with width=device-width',
  measure: onHomepage((p) => ({
    points: /width\s*=\s*device-width/i.test(p.viewport ?? '') ? 2 : 0,
    detail: p.viewport === null ? 'no meta viewport' : `viewport ${quote(p.viewport)}`
  })),
  gaps: [
    {
      code: 'missing_viewport',
      severity: 'medium',
      needsHomepage: true,
      find: ({ points }) => points === 0,
      recommendation: 'Add <meta name="viewport" content="width=device-width, initial-scale=1">.'
    }
  ]
}
