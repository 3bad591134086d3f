import { CODE_LIMIT, cut, cutUrl } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'
import { onHomepage } from '../../measure.js'

export const favicon: CheckDef = {
  id: 'metadata.favicon',
  category: 'metadata',
  max: 1,
  label: 'favicon',
  reads: ['favicon'],
  measure: onHomepage((_p, { obs, faviconOk }) => {
    const { declared, probe } = obs.favicon
    const type = probe?.content_type == null ? '' : ` ${cut(probe.content_type.split(';')[0], CODE_LIMIT)}`
    return {
      points: faviconOk ? 1 : 0,
      detail: declared.length > 0 ? `declared: ${cutUrl(declared[0])}` : `no icon link; /favicon.ico answers ${probe?.status ?? 'nothing'}${type}`
    }
  }),
  gaps: [
    {
      code: 'missing_favicon',
      severity: 'low',
      needsHomepage: true,
      find: ({ points }) => points === 0,
      recommendation: 'Declare a favicon with <link rel="icon"> or serve /favicon.ico.'
    }
  ]
}
