import { cut } from '../../../evidence-text.js'
import { BOT_PROTECTION } from '@utility-apis/homepage-fetch'
import type { CheckDef } from '../../check.js'
import { shareOf } from '../../measure.js'

export const aiSearchBotsAllowed: CheckDef = {
  id: 'crawl_policy.ai_search_bots_allowed',
  category: 'crawl_policy',
  max: 5,
  label: 'homepage open to AI search and user-fetch bots',
  reads: ['robots_txt'],
  measure: ({ aiSearch }) => {
    const { allowed, blocked } = aiSearch
    const names = blocked.length === 0 ? '' : `; blocked: ${blocked.map((b) => b.token).join(', ')}`
    const points = shareOf(5, allowed.length, allowed.length + blocked.length)
    return { points, detail: `${allowed.length} of ${allowed.length + blocked.length} allowed${names}` }
  },
  gaps: [
    {
      code: 'ai_search_bots_blocked',
      severity: 'high',
      // below half of them it is high, else medium
      find: ({ d }) => d.aiSearch.share < 1 && {
        severity: d.aiSearch.share < 0.5 ? 'high' : 'medium',
        evidence: d.aiSearch.blocked.map((b) => `${b.token}: ${cut(b.reason, 200)}`).join('; ')
      },
      recommendation: 'Allow AI search and user-fetch crawlers (OAI-SearchBot, ChatGPT-User, Claude-SearchBot, Claude-User, PerplexityBot, ' +
        'Perplexity-User); training crawlers can stay blocked separately.'
    },
    {
      code: 'ai_crawlers_blocked_by_server',
      severity: 'medium',
      checks: [],
      // seen from our address: a server that verifies crawlers by their IP ranges blocks impostors, so it costs no points
      find: ({ d }) => {
        const blocked = d.crawlers.filter((c) => c.crawler.aiSearch && c.mismatch === 'blocked_by_server')
        const why = blocked.map(({ crawler, facts: { homepage } }) =>
          `${crawler.token}: ${homepage.challenge === null ? `HTTP ${homepage.status ?? '?'}` : `${BOT_PROTECTION[homepage.challenge]} challenge`}`)
        return blocked.length > 0 && { points: 0, evidence: `robots.txt allows them, the server turns them away: ${why.join('; ')}` }
      },
      recommendation: 'Let the AI search and user-fetch crawlers that robots.txt allows through the CDN or firewall (allow their verified ' +
        'IP ranges or bot categories), or answers cannot cite the site.'
    }
  ]
}
