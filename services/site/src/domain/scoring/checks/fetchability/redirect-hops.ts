import { plural } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'

export const fewRedirects: CheckDef = {
  id: 'fetchability.redirect_hops',
  category: 'fetchability',
  max: 1,
  label: 'at most 2 redirect hops to the homepage',
  measure: ({ obs }) => {
    const hops = obs.homepage.fetch.redirects.length
    return { points: obs.homepage.fetch.status !== null && hops <= 2 ? 1 : 0, detail: `${plural(hops, 'redirect hop')} to the homepage` }
  },
  gaps: [
    {
      code: 'long_redirect_chain',
      severity: 'low',
      find: ({ d }) => d.obs.homepage.fetch.redirects.length > 2,
      recommendation: 'Link and redirect straight to the final URL: at most 2 hops.'
    }
  ]
}
