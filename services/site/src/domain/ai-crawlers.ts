// Crawler product tokens (vendor documentation via ai.robots.txt and the operators' own pages).
// Training bots are a policy choice; search and user-fetch bots decide whether AI answers can cite the site.

export type CrawlerPurpose = 'training' | 'search' | 'user_fetch' | 'legacy'

export interface CrawlerToken {
  token: string
  operator: string
  purpose: CrawlerPurpose
  /** counts toward crawl_policy C3 (AI search and user-fetch access) */
  scored: boolean
}

export const SEARCH_ENGINE_TOKENS = ['Googlebot', 'Bingbot'] as const

export const AI_CRAWLERS: CrawlerToken[] = [
  { token: 'GPTBot', operator: 'OpenAI', purpose: 'training', scored: false },
  { token: 'OAI-SearchBot', operator: 'OpenAI', purpose: 'search', scored: true },
  { token: 'ChatGPT-User', operator: 'OpenAI', purpose: 'user_fetch', scored: true },
  { token: 'ClaudeBot', operator: 'Anthropic', purpose: 'training', scored: false },
  { token: 'Claude-SearchBot', operator: 'Anthropic', purpose: 'search', scored: true },
  { token: 'Claude-User', operator: 'Anthropic', purpose: 'user_fetch', scored: true },
  { token: 'anthropic-ai', operator: 'Anthropic', purpose: 'legacy', scored: false },
  { token: 'Claude-Web', operator: 'Anthropic', purpose: 'legacy', scored: false },
  { token: 'PerplexityBot', operator: 'Perplexity', purpose: 'search', scored: true },
  { token: 'Perplexity-User', operator: 'Perplexity', purpose: 'user_fetch', scored: true },
  { token: 'Google-Extended', operator: 'Google', purpose: 'training', scored: false },
  { token: 'Applebot-Extended', operator: 'Apple', purpose: 'training', scored: false },
  { token: 'CCBot', operator: 'Common Crawl', purpose: 'training', scored: false },
  { token: 'Bytespider', operator: 'ByteDance', purpose: 'training', scored: false },
  { token: 'Meta-ExternalAgent', operator: 'Meta', purpose: 'training', scored: false },
  { token: 'Meta-ExternalFetcher', operator: 'Meta', purpose: 'user_fetch', scored: false },
  { token: 'Amazonbot', operator: 'Amazon', purpose: 'search', scored: false },
  { token: 'DuckAssistBot', operator: 'DuckDuckGo', purpose: 'search', scored: false },
  { token: 'MistralAI-User', operator: 'Mistral', purpose: 'user_fetch', scored: false }
]

/** Every token whose homepage verdict is observed: search engines first, then the AI crawlers. */
export const OBSERVED_TOKENS: string[] = [...SEARCH_ENGINE_TOKENS, ...AI_CRAWLERS.map((c) => c.token)]

export const SCORED_AI_TOKENS: string[] = AI_CRAWLERS.filter((c) => c.scored).map((c) => c.token)
