// The raw facts behind every score. Collection fills this object; scoring, gaps, caps and side
// reports are pure functions of it (and of the clock), so each number in a report can be traced here.
import type { BotProtection, FetchFailureCode as SharedFetchFailureCode } from '@utility-apis/homepage-fetch'
import type { RobotsOutcome } from './robots/robots-policy.js'
import type { RenderingObservation } from './rendering/rendering-facts.js'

export function is2xx (status: number | null): boolean {
  return status !== null && status >= 200 && status < 300
}

/** Why a fetch failed: the vocabulary brand shares (homepage-fetch), or the analysis budget, or an unexpected error. */
export type FetchFailureCode = SharedFetchFailureCode | 'budget' | 'other'

export interface FetchFacts {
  url: string
  final_url: string | null
  /** HTTP status of the final response; null when no response arrived */
  status: number | null
  error: { code: FetchFailureCode, message: string } | null
  redirects: Array<{ url: string, status: number, location: string }>
  content_type: string | null
  bytes: number
  truncated: boolean
  /** time to first byte (timing: differs between runs) */
  ttfb_ms: number | null
}

export interface AgentDirectives {
  /** directives for every robot (meta name=robots, X-Robots-Tag without an agent) */
  generic: string[]
  /** lowercased agent name -> directives */
  by_agent: Record<string, string[]>
}

export interface StructuredFacts {
  json_ld_blocks: number
  json_ld_errors: string[]
  microdata: boolean
  rdfa: boolean
  /** every @type seen, nested ones included, sorted */
  types: string[]
  organization: { type: string, name: string | null, url: string | null, logo: string | null, same_as: string[], contact: boolean } | null
  website: { name: string | null } | null
  person: { name: string | null, url: string | null, same_as: string[], credentials: boolean } | null
  /** the first Article-family, Product, Event, ... node and whether its required fields are present */
  content_item: { type: string, complete: boolean, missing: string[] } | null
  article_author: string | null
  breadcrumb: boolean
  /** FAQPage questions and those whose accepted answer has 40+ words */
  faq: Array<{ question: string, answer_words: number }>
  /** some node's url or @id is on the analysed host */
  id_on_host: boolean
  date_published: string | null
  date_modified: string | null
  reviews: boolean
}

export interface AnswerFacts {
  /** question-style h2/h3 (or <summary>) with the words of the answer that follows */
  questions: Array<{ question: string, answer_words: number }>
  /** numbers and statistics in the main text */
  numbers: number
  definition_first_paragraph: boolean
  byline: string | null
  author_link: string | null
  contact: string[]
  testimonials: boolean
  /** links from the main content to other sites (social profiles excluded) */
  external_citations: number
  visible_dates: number
}

export interface PageFacts {
  url: string
  title: string | null
  description: string | null
  canonicals: string[]
  lang: string | null
  /** declared charset (meta or Content-Type), lowercased */
  charset: string | null
  viewport: string | null
  meta_robots: AgentDirectives
  og: {
    title: string | null
    description: string | null
    image: string | null
    url: string | null
    type: string | null
    modified_time: string | null
    published_time: string | null
  }
  twitter_card: string | null
  icons: string[]
  /**
   * `<link rel=alternate hreflang>` as written: the code, the href (resolved when absolute, as written when relative:
   * hreflang.ts quotes it in its error and resolves it against the page), and whether it was written relative
   */
  hreflang: Array<{ hreflang: string, href: string, relative: boolean }>
  markdown_alternate: string | null
  structured: StructuredFacts
  headings: { h1: string[], h2: number, skips: string[] }
  /** content images (hidden ones and 1x1 pixels are counted apart, in `hidden`) */
  images: { total: number, with_alt: number, hidden: number }
  links: {
    total: number
    non_crawlable: number
    /** the first few links crawlers cannot follow, as `"text" (href)` */
    non_crawlable_examples: string[]
    /** the page's distinct internal page links, in page order: at most 200, 64 KiB of URLs */
    internal: string[]
    /** the page had more internal page links than `internal` lists */
    internal_truncated: boolean
    generic_text: string[]
    about: string | null
    contact: string | null
    privacy: string | null
    terms: string | null
  }
  forms: number
  buttons: number
  main_text: { words: number, has_main: boolean, has_article: boolean, lists: number, tables: number, first_paragraph: string | null }
  times: number
  feeds: string[]
  plugins: number
  mixed_content: string[]
  meta_refresh: { delay_seconds: number, url: string } | null
  answers: AnswerFacts
}

export interface HomepageFacts {
  fetch: FetchFacts
  is_html: boolean
  /** the bot-protection service whose challenge or block page was served to our declared user agent */
  challenge: BotProtection | null
  headers: { x_robots_tag: AgentDirectives, last_modified: string | null, etag: string | null, link: string | null }
  page: PageFacts | null
}

export interface VariantFacts {
  url: string
  fetch: FetchFacts
  outcome: 'redirects_to_primary' | 'serves_separately' | 'absent' | 'error' | 'not_applicable'
}

export interface RobotsFacts {
  url: string
  fetch: FetchFacts
  /** RFC 9309: 2xx parsed; 4xx unavailable (crawl anything); 5xx or no answer unreachable (crawl nothing) */
  outcome: RobotsOutcome
  bytes: number
  truncated: boolean
  lint_errors: Array<{ line: number, content: string, message: string }>
  /** lines applied as Google reads them (no colon, a known misspelling) that stricter crawlers may ignore */
  lint_warnings: Array<{ line: number, content: string, message: string }>
  sitemaps: string[]
  content_signals: Array<{ line: number, user_agents: string[], signals: Record<string, string>, invalid: string[] }>
  /** homepage verdict per crawler token */
  homepage: Array<{ token: string, allowed: boolean, rule: { line: number, text: string } | null }>
}

export interface SitemapFileFacts {
  url: string
  source: 'robots' | 'convention' | 'index'
  fetch: FetchFacts
  gzip: boolean
  kind: 'urlset' | 'sitemapindex' | 'rss' | 'atom' | 'text' | null
  entry_count: number
  off_host_entries: number
  errors: string[]
  warnings: string[]
}

export interface SitemapFacts {
  discovery: 'robots' | 'convention' | 'none'
  files: SitemapFileFacts[]
  /** page entries across the parsed files (index children excluded): only the read children's when not all were read */
  entries: number
  /** the child sitemaps the indexes list (not otherwise read) and how many of them were read (at most 3: the newest) */
  children: { listed: number, read: number }
  lastmod: { valid: number, invalid: number, newest: string | null, distinct: number, today: number }
}

export interface LlmsFacts {
  url: string
  fetch: FetchFacts
  is_html: boolean
  shape: { title: string | null, summary: string | null, links: number, sections: number, optional_section: boolean, chars: number, problems: string[] } | null
  link_checks: Array<{ url: string, status: number | null, markdown: boolean }>
}

export interface SampledPage {
  url: string
  source: 'sitemap' | 'homepage-links'
  lastmod: string | null
  fetch: FetchFacts
  x_robots_tag: AgentDirectives
  page: PageFacts | null
  allowed: { googlebot: boolean, oai_searchbot: boolean }
}

/** One crawler's view of the site: fetched with its published user agent, compared with ours. */
export interface CrawlerFetchFacts {
  token: string
  user_agent: string
  robots_txt: { status: number | null, outcome: RobotsOutcome, same_as_ours: boolean }
  /** the verdict of the robots.txt this crawler was served, for the homepage */
  robots_allowed: boolean
  robots_rule: { line: number, text: string } | null
  homepage: {
    status: number | null
    final_url: string | null
    error: string | null
    challenge: BotProtection | null
    /** how the page differs from the one our own fetch got (status, redirect, title, size), or null */
    difference: string | null
  }
}

export interface SiteObservations {
  input: string
  requested_url: string
  domain: string
  /** origin whose /robots.txt, sitemaps and llms.txt were read */
  origin: string
  homepage: HomepageFacts
  variants: { http: VariantFacts, host_alternate: VariantFacts }
  robots: RobotsFacts
  sitemaps: SitemapFacts
  llms_txt: LlmsFacts
  llms_full_txt: { url: string, fetch: FetchFacts, is_html: boolean }
  markdown_negotiation: { fetch: FetchFacts, served: boolean }
  not_found_probe: { url: string, fetch: FetchFacts }
  favicon: { declared: string[], probe: FetchFacts | null }
  og_image: FetchFacts | null
  canonical: FetchFacts | null
  about_page: { url: string, fetch: FetchFacts, words: number, entity_markup: boolean } | null
  sample: { seed: string, limit: number, candidates: { sitemap: number, homepage_links: number }, pages: SampledPage[] }
  crawlers: { concurrency: number, fetched: CrawlerFetchFacts[] }
  budget: { ms: number, exhausted: boolean, skipped: string[], requests: number }
  /** the rendering step's findings (services/site/src/domain/rendering); absent: rendering is disabled */
  rendering?: RenderingObservation
}
