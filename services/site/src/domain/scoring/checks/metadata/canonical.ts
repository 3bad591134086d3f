import { cutUrl, listed } from '../../../evidence-text.js'
import { is2xx } from '../../../observations.js'
import { hostOf } from '../../../url-host.js'
import type { CheckDef } from '../../check.js'
import { onHomepage } from '../../measure.js'

export const selfCanonical: CheckDef = {
  id: 'metadata.canonical',
  category: 'metadata',
  max: 3,
  label: 'one absolute same-site canonical that answers 2xx',
  reads: ['canonical'],
  measure: onHomepage((p, { obs }) => {
    const canonicals = [...new Set(p.canonicals)]
    if (canonicals.length === 0) return { points: 0, detail: 'no rel=canonical' }
    if (canonicals.length > 1) return { points: 1, detail: `${canonicals.length} different canonicals: ${listed(canonicals)}` }
    const sameHost = hostOf(canonicals[0]) === hostOf(obs.homepage.fetch.final_url)
    const status = obs.canonical === null ? obs.homepage.fetch.status : obs.canonical.status
    return {
      points: sameHost && is2xx(status) ? 3 : 1,
      detail: `${cutUrl(canonicals[0])}${sameHost ? '' : ' (another host)'} answers ${status ?? 'nothing'}`
    }
  }),
  gaps: [
    {
      code: 'canonical_invalid',
      severity: 'medium',
      needsHomepage: true,
      find: ({ points }) => points <= 1,
      recommendation: 'Declare exactly one absolute, self-referencing canonical URL on this host that answers 200.'
    }
  ]
}
