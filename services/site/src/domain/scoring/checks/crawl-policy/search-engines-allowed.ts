import { cut } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'

export const searchEnginesAllowed: CheckDef = {
  id: 'crawl_policy.search_engines_allowed',
  category: 'crawl_policy',
  max: 4,
  label: 'homepage open to Googlebot and Bingbot',
  reads: ['robots_txt'],
  measure: ({ searchBlocked }) => searchBlocked.length === 0
    ? { points: 4, detail: 'Googlebot and Bingbot may crawl and index the homepage' }
    : { points: 0, detail: searchBlocked.map((b) => `${b.token}: ${cut(b.reason, 200)}`).join('; ') },
  gaps: [
    {
      code: 'homepage_blocked_by_robots',
      severity: 'high',
      find: ({ d }) => d.searchBlocked.length > 0,
      recommendation: 'Allow Googlebot and Bingbot to crawl the homepage: remove the blocking robots.txt rule or bot-specific noindex.'
    }
  ]
}
