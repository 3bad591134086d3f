// Per AI crawler token: may it read the homepage, and what does the token do (train, search, fetch for users).
import { AI_CRAWLERS, type CrawlerPurpose } from '../ai-crawlers.js'
import type { SiteObservations } from '../observations.js'
import type { Derived } from '../scoring/derive.js'

export interface AiCrawlerAccess {
  tokens: Array<{
    token: string
    operator: string
    purpose: CrawlerPurpose
    allowed: boolean
    /** the robots.txt rule that decided, when one did */
    rule: { line: number, text: string } | null
    counts_toward_score: boolean
  }>
  search_and_user_fetch_allowed_share: number
  content_signals: SiteObservations['robots']['contentSignals']
}

export function aiCrawlerAccess (obs: SiteObservations, d: Derived): AiCrawlerAccess {
  const blocked = new Map(d.aiSearch.blocked.map((b) => [b.token, b.reason]))
  return {
    tokens: AI_CRAWLERS.map((c) => {
      const verdict = obs.robots.homepage.find((v) => v.token === c.token)
      const allowed = c.scored ? !blocked.has(c.token) : verdict?.allowed ?? true
      return { token: c.token, operator: c.operator, purpose: c.purpose, allowed, rule: verdict?.rule ?? null, counts_toward_score: c.scored }
    }),
    search_and_user_fetch_allowed_share: d.aiSearch.share,
    content_signals: obs.robots.contentSignals
  }
}
