import { CODE_LIMIT, cut } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'
import { onHomepage } from '../../measure.js'

export const twitterCard: CheckDef = {
  id: 'metadata.twitter_card',
  category: 'metadata',
  max: 1,
  label: 'twitter:card',
  measure: onHomepage((p) => ({
    points: p.twitter_card !== null ? 1 : 0,
    detail: p.twitter_card === null ? 'no twitter:card' : `twitter:card ${cut(p.twitter_card, CODE_LIMIT)}`
  })),
  gaps: [
    {
      code: 'missing_twitter_card',
      severity: 'low',
      needsHomepage: true,
      find: ({ points }) => points === 0,
      recommendation: 'Add <meta name="twitter:card" content="summary_large_image">.'
    }
  ]
}
