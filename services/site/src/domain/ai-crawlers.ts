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

const SEARCH_ENGINE_TOKENS = ['Googlebot', 'Bingbot'] as const

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

/** A crawler the analysis fetches as: its robots.txt token and the user agent string its operator publishes. */
export interface FetchedCrawler {
  token: string
  operator: string
  purpose: CrawlerPurpose | 'search_engine'
  userAgent: string
  /** an AI search or user-fetch crawler: one that its server blocks while robots.txt allows it is a gap */
  aiSearch: boolean
}

const WEBKIT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible;'

// The user agent strings the operators publish in their crawler documentation. Google-Extended and
// Applebot-Extended are robots.txt tokens only (Googlebot and Applebot do the fetching), so Googlebot
// stands for Google here. A real crawler also comes from its operator's own IP ranges, which no fetch
// from here can imitate: a server that checks them may treat these fetches as impostors.
const USER_AGENTS: Array<[token: string, userAgent: string]> = [
  ['GPTBot', `${WEBKIT} GPTBot/1.1; +https://openai.com/gptbot)`],
  ['OAI-SearchBot', `${WEBKIT} OAI-SearchBot/1.0; +https://openai.com/searchbot)`],
  ['ChatGPT-User', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot'],
  ['ClaudeBot', `${WEBKIT} ClaudeBot/1.0; +claudebot@anthropic.com)`],
  ['Claude-SearchBot', `${WEBKIT} Claude-SearchBot/1.0; +Claude-SearchBot@anthropic.com)`],
  ['Claude-User', `${WEBKIT} Claude-User/1.0; +Claude-User@anthropic.com)`],
  ['PerplexityBot', `${WEBKIT} PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)`],
  ['Perplexity-User', `${WEBKIT} Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)`],
  ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
  ['Applebot', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 ' +
    '(Applebot/0.1; +http://www.apple.com/go/applebot)'],
  ['Bytespider', 'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 ' +
    '(compatible; Bytespider; spider-feedback@bytedance.com)'],
  ['CCBot', 'CCBot/2.0 (https://commoncrawl.org/faq/)'],
  ['Amazonbot', `${WEBKIT} Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36`],
  ['Meta-ExternalAgent', 'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)']
]

const OTHER_CRAWLERS: Record<string, Pick<FetchedCrawler, 'operator' | 'purpose'>> = {
  Googlebot: { operator: 'Google', purpose: 'search_engine' },
  Applebot: { operator: 'Apple', purpose: 'search' }
}

export const FETCHED_CRAWLERS: FetchedCrawler[] = USER_AGENTS.map(([token, userAgent]) => {
  const known = AI_CRAWLERS.find((c) => c.token === token)
  const { operator, purpose } = known ?? OTHER_CRAWLERS[token]
  return { token, operator, purpose, userAgent, aiSearch: known?.scored === true }
})
