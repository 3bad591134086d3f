import { CODE_LIMIT, cut } from '../../../evidence-text.js'
import type { FetchFacts } from '../../../observations.js'
import type { CheckDef } from '../../check.js'

function describeFetch (f: FetchFacts): string {
  if (f.status === null) return `no response (${f.error?.message ?? 'unknown error'})`
  return `HTTP ${f.status}${f.content_type === null ? '' : ` ${cut(f.content_type.split(';')[0], CODE_LIMIT)}`}`
}

export const homepageServesHtml: CheckDef = {
  id: 'fetchability.homepage_html',
  category: 'fetchability',
  max: 8,
  label: 'homepage answers 2xx HTML',
  measure: ({ obs, homepageOk }) => {
    const hp = obs.homepage.fetch
    const notHtml = homepageOk || obs.homepage.is_html || hp.status === null ? '' : ' (not HTML)'
    return { points: homepageOk ? 8 : 0, detail: `homepage ${describeFetch(hp)}${notHtml}` }
  },
  gaps: [
    {
      code: 'homepage_unreachable',
      severity: 'high',
      find: ({ d }) => !d.homepageOk,
      recommendation: 'Make the homepage answer 200 with HTML to ordinary crawlers: check DNS, TLS, the server and any firewall rules.'
    }
  ]
}
