// Which crawlers run a page's scripts before reading it, as their operators or published measurements say.

export interface Source { title: string, url: string }

const VERCEL_MERJ: Source = {
  title: 'Vercel and MERJ, "The rise of the AI crawler" (December 2024)',
  url: 'https://vercel.com/blog/the-rise-of-the-ai-crawler'
}
const GOOGLE: Source = {
  title: 'Google Search Central, "Understand JavaScript SEO basics"',
  url: 'https://developers.google.com/search/docs/crawling-indexing/javascript/javascript-seo-basics'
}
const APPLE: Source = { title: 'Apple, "About Applebot"', url: 'https://support.apple.com/en-us/119829' }

/**
 * Tokens whose fetchers read the raw HTML only: Vercel and MERJ found no JavaScript execution by OpenAI's, Anthropic's,
 * Perplexity's, Meta's or ByteDance's crawlers over hundreds of millions of fetches (they fetch script files, but
 * never run them); Google's and Apple's crawlers render.
 */
export const WITHOUT_JAVASCRIPT: Record<string, Source> = {
  GPTBot: VERCEL_MERJ,
  'OAI-SearchBot': VERCEL_MERJ,
  'ChatGPT-User': VERCEL_MERJ,
  ClaudeBot: VERCEL_MERJ,
  PerplexityBot: VERCEL_MERJ,
  'Meta-ExternalAgent': VERCEL_MERJ,
  Bytespider: VERCEL_MERJ
}

export const WITH_JAVASCRIPT: Record<string, Source> = {
  Googlebot: GOOGLE,
  Applebot: APPLE
}

/** true: runs scripts; false: reads the raw HTML only; null: not published. */
export function runsJavascript (token: string): boolean | null {
  if (token in WITH_JAVASCRIPT) return true
  return token in WITHOUT_JAVASCRIPT ? false : null
}

/** "GPTBot, ClaudeBot (source)": one source per group, the tokens in table order. */
export function crawlerSentence (): { without: string, with: string, sources: Source[] } {
  const without = Object.keys(WITHOUT_JAVASCRIPT)
  const withJs = Object.keys(WITH_JAVASCRIPT)
  return {
    without: `${without.join(', ')} read the raw HTML only (${VERCEL_MERJ.url})`,
    with: `${withJs.join(' and ')} run scripts first (${GOOGLE.url}; ${APPLE.url})`,
    sources: [VERCEL_MERJ, GOOGLE, APPLE]
  }
}
