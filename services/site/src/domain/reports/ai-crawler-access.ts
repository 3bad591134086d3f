// Per AI crawler token: may it read the homepage, and what does the token do (train, search, fetch for
// users); then, per crawler fetched with its published user agent, what the server really answered.
import { BOT_PROTECTION } from '@utility-apis/homepage-fetch'
import { AI_CRAWLERS, type CrawlerPurpose, type FetchedCrawler } from '../ai-crawlers.js'
import type { CrawlerMismatch, CrawlerOutcome, Derived } from '../derive.js'
import type { SiteObservations } from '../observations.js'

export interface FetchedCrawlerRow {
  token: string
  operator: string
  purpose: FetchedCrawler['purpose']
  user_agent: string
  robots: {
    allowed: boolean
    rule: { line: number, text: string } | null
    /** the crawler was served another robots.txt than ours (or the same one with another status) */
    file_differs: boolean
  }
  http: {
    status: number | null
    outcome: CrawlerOutcome
    /** the bot-protection service whose challenge page the crawler got, by name */
    challenge: string | null
    /** how the page differs from ours, or the error when there was no answer */
    detail: string | null
  }
  mismatch: CrawlerMismatch | null
}

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
  content_signals: SiteObservations['robots']['content_signals']
  fetched: FetchedCrawlerRow[]
}

export function aiCrawlerAccess (d: Derived): AiCrawlerAccess {
  const obs = d.obs
  const blocked = new Map(d.aiSearch.blocked.map((b) => [b.token, b.reason]))
  return {
    tokens: AI_CRAWLERS.map((c) => {
      const verdict = obs.robots.homepage.find((v) => v.token === c.token)
      const allowed = c.scored ? !blocked.has(c.token) : verdict?.allowed ?? true
      return { token: c.token, operator: c.operator, purpose: c.purpose, allowed, rule: verdict?.rule ?? null, counts_toward_score: c.scored }
    }),
    search_and_user_fetch_allowed_share: d.aiSearch.share,
    content_signals: obs.robots.content_signals,
    fetched: d.crawlers.map(({ crawler, facts, outcome, mismatch }) => ({
      token: crawler.token,
      operator: crawler.operator,
      purpose: crawler.purpose,
      user_agent: crawler.userAgent,
      robots: { allowed: facts.robots_allowed, rule: facts.robots_rule, file_differs: !facts.robots_txt.same_as_ours },
      http: {
        status: facts.homepage.status,
        outcome,
        challenge: facts.homepage.challenge === null ? null : BOT_PROTECTION[facts.homepage.challenge],
        detail: facts.homepage.error ?? facts.homepage.difference
      },
      mismatch
    }))
  }
}
