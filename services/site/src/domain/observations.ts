// The raw facts behind every score. Collection fills this object; scoring, gaps, caps and side
// reports are pure functions of it (and of the clock), so each number in a report can be traced here.

export type FetchFailureCode = 'timeout' | 'dns' | 'connect' | 'tls' | 'blocked' | 'redirects' | 'protocol' | 'budget' | 'other'

export interface FetchFacts {
  url: string
  finalUrl: string | null
  /** HTTP status of the final response; null when no response arrived */
  status: number | null
  error: { code: FetchFailureCode, message: string } | null
  redirects: Array<{ url: string, status: number, location: string }>
  contentType: string | null
  bytes: number
  truncated: boolean
  /** time to first byte (timing: differs between runs) */
  ttfbMs: number | null
}

export interface AgentDirectives {
  /** directives for every robot (meta name=robots, X-Robots-Tag without an agent) */
  generic: string[]
  /** lowercased agent name -> directives */
  byAgent: Record<string, string[]>
}

export interface StructuredFacts {
  jsonLdBlocks: number
  jsonLdErrors: string[]
  microdata: boolean
  rdfa: boolean
  /** every @type seen, nested ones included, sorted */
  types: string[]
  organization: { type: string, name: string | null, url: string | null, logo: string | null, sameAs: string[], contact: boolean } | null
  website: { name: string | null } | null
  person: { name: string | null, url: string | null, sameAs: string[], credentials: boolean } | null
  /** the first Article-family, Product, Event, ... node and whether its required fields are present */
  contentItem: { type: string, complete: boolean, missing: string[] } | null
  articleAuthor: string | null
  breadcrumb: boolean
  /** FAQPage questions and those whose accepted answer has 40+ words */
  faq: Array<{ question: string, answerWords: number }>
  /** some node's url or @id is on the analysed host */
  idOnHost: boolean
  datePublished: string | null
  dateModified: string | null
  reviews: boolean
}

export interface AnswerFacts {
  /** question-style h2/h3 (or <summary>) with the words of the answer that follows */
  questions: Array<{ question: string, answerWords: number }>
  /** numbers and statistics in the main text */
  numbers: number
  definitionFirstParagraph: boolean
  byline: string | null
  authorLink: string | null
  contact: string[]
  testimonials: boolean
  /** links from the main content to other sites (social profiles excluded) */
  externalCitations: number
  visibleDates: number
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
  metaRobots: AgentDirectives
  og: { title: string | null, description: string | null, image: string | null, url: string | null, type: string | null, modifiedTime: string | null, publishedTime: string | null }
  twitterCard: string | null
  icons: string[]
  hreflang: Array<{ hreflang: string, href: string }>
  markdownAlternate: string | null
  structured: StructuredFacts
  headings: { h1: string[], h2: number, skips: string[] }
  images: { total: number, withAlt: number }
  links: { total: number, nonCrawlable: number, internal: string[], genericText: string[], about: string | null, contact: string | null, privacy: string | null, terms: string | null }
  forms: number
  buttons: number
  mainText: { words: number, hasMain: boolean, hasArticle: boolean, lists: number, tables: number, firstParagraph: string | null }
  times: number
  feeds: string[]
  plugins: number
  mixedContent: string[]
  metaRefresh: { delaySeconds: number, url: string } | null
  answers: AnswerFacts
}

export interface HomepageFacts {
  fetch: FetchFacts
  isHtml: boolean
  /** a bot-challenge or block page served to our declared user agent, with what gave it away */
  challenge: string | null
  headers: { xRobotsTag: AgentDirectives, lastModified: string | null, etag: string | null, link: string | null }
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
  outcome: 'parsed' | 'unavailable' | 'unreachable'
  bytes: number
  truncated: boolean
  lintErrors: Array<{ line: number, content: string, message: string }>
  sitemaps: string[]
  contentSignals: Array<{ line: number, userAgents: string[], signals: Record<string, string>, invalid: string[] }>
  /** homepage verdict per crawler token */
  homepage: Array<{ token: string, allowed: boolean, rule: { line: number, text: string } | null }>
}

export interface SitemapFileFacts {
  url: string
  source: 'robots' | 'convention' | 'index'
  fetch: FetchFacts
  gzip: boolean
  kind: 'urlset' | 'sitemapindex' | 'rss' | 'atom' | 'text' | null
  entryCount: number
  offHostEntries: number
  errors: string[]
  warnings: string[]
}

export interface SitemapFacts {
  discovery: 'robots' | 'convention' | 'none'
  files: SitemapFileFacts[]
  /** page entries across the parsed files (index children excluded) */
  entries: number
  lastmod: { valid: number, invalid: number, newest: string | null, distinct: number, today: number }
}

export interface LlmsFacts {
  url: string
  fetch: FetchFacts
  isHtml: boolean
  shape: { title: string | null, summary: string | null, links: number, sections: number, optionalSection: boolean, chars: number, problems: string[] } | null
  linkChecks: Array<{ url: string, status: number | null, markdown: boolean }>
}

export interface SampledPage {
  url: string
  source: 'sitemap' | 'homepage-links'
  lastmod: string | null
  fetch: FetchFacts
  xRobotsTag: AgentDirectives
  page: PageFacts | null
  allowed: { googlebot: boolean, oai_searchbot: boolean }
}

export interface SiteObservations {
  input: string
  requestedUrl: string
  domain: string
  /** origin whose /robots.txt, sitemaps and llms.txt were read */
  origin: string
  homepage: HomepageFacts
  variants: { http: VariantFacts, hostAlternate: VariantFacts }
  robots: RobotsFacts
  sitemaps: SitemapFacts
  llmsTxt: LlmsFacts
  llmsFullTxt: { url: string, fetch: FetchFacts, isHtml: boolean }
  markdownNegotiation: { fetch: FetchFacts, served: boolean }
  notFoundProbe: { url: string, fetch: FetchFacts }
  favicon: { declared: string[], probe: FetchFacts | null }
  ogImage: FetchFacts | null
  canonical: FetchFacts | null
  aboutPage: { url: string, fetch: FetchFacts, words: number, entityMarkup: boolean } | null
  sample: { seed: string, limit: number, candidates: { sitemap: number, homepageLinks: number }, pages: SampledPage[] }
  budget: { ms: number, exhausted: boolean, skipped: string[] }
}
