import { VARIANT_OUTCOME } from '../../../derive.js'
import type { CheckDef } from '../../check.js'

export const oneHost: CheckDef = {
  id: 'fetchability.one_host',
  category: 'fetchability',
  max: 1,
  label: 'one host: the www or apex twin redirects to the primary host or does not exist',
  reads: ['host_variant'],
  measure: ({ obs, homepageOk, notMeasured }) => {
    const alt = obs.variants.host_alternate
    // an IP address has no www or apex twin: the check does not apply, and its point goes to the category's others
    if (alt.outcome === 'not_applicable') return { points: 0, applies: false, detail: 'does not apply: an IP address has no www or apex twin' }
    // a twin cannot converge on a primary host that serves nothing
    if (!homepageOk) return { points: 0, detail: notMeasured ?? '' }
    const converges = alt.outcome === 'redirects_to_primary' || alt.outcome === 'absent'
    return { points: converges ? 1 : 0, detail: `${alt.url} ${VARIANT_OUTCOME[alt.outcome]}` }
  },
  gaps: []
}
