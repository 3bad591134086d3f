import { cutUrl } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'

export const httpsEnforced: CheckDef = {
  id: 'fetchability.https',
  category: 'fetchability',
  max: 3,
  label: 'https, and http redirects permanently to https',
  reads: ['http_variant'],
  measure: ({ obs }) => {
    const https = obs.homepage.fetch.final_url?.startsWith('https:') === true
    const http = obs.variants.http
    const firstHop = http.fetch.redirects[0]
    const permanentToHttps = http.outcome === 'redirects_to_primary' && firstHop !== undefined &&
      (firstHop.status === 301 || firstHop.status === 308) && http.fetch.final_url?.startsWith('https:') === true
    let redirect: string
    if (permanentToHttps) redirect = `http:// answers ${firstHop.status} to https`
    else if (http.outcome === 'not_applicable') redirect = 'no https version to redirect to'
    else if (firstHop === undefined) redirect = `http:// answers ${http.fetch.status ?? 'nothing'}`
    else redirect = `http:// answers ${firstHop.status} to ${cutUrl(firstHop.location)}`
    return {
      points: (https ? 2 : 0) + (permanentToHttps ? 1 : 0),
      detail: `${https ? 'final URL is https' : 'final URL is not https'}; ${redirect}`
    }
  },
  gaps: [
    {
      code: 'https_not_enforced',
      severity: 'medium',
      find: ({ points, max }) => points < max,
      recommendation: 'Serve the site over https and redirect http:// to https:// with a 301 or 308.'
    }
  ]
}
