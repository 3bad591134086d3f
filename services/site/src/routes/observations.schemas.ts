// TypeBox schema of `observations`: the raw facts behind every score (mirrors domain/observations.ts;
// a test checks that a full report passes through this schema unchanged).
import { Type } from '@sinclair/typebox'
import { BOT_PROTECTION, type BotProtection } from '@utility-apis/homepage-fetch'
import { Nullable, StringEnum } from '@utility-apis/service-kit'

// Response schemas avoid anyOf: fast-json-stringify compiles an Ajv validator for every anyOf branch
// (~40 MB and a slow first response for this document), while a type list or an enum is a plain check.

const Str = Type.String()
const Int = Type.Integer()
const Bool = Type.Boolean()
const Strings = Type.Array(Type.String())
const NStr = Nullable(Type.String())

const FetchFactsSchema = Type.Object({
  url: Str,
  final_url: NStr,
  status: Nullable(Int),
  error: Nullable(Type.Object({
    code: Type.String({
      description: 'dns, timeout, connect, tls, protocol, too_many_redirects, redirect_loop, scheme, credentials, bad_url, blocked, ' +
        'rate_limited (in a bulk job: its host had asked for time and the request was not sent; the item is worked again after the ' +
        'pause, so a delivered analysis holds none), budget (the analysis time budget was spent) or other'
    }),
    message: Str
  })),
  redirects: Type.Array(Type.Object({ url: Str, status: Int, location: Str })),
  content_type: NStr,
  bytes: Int,
  truncated: Type.Boolean({ description: 'the body was cut at its byte cap: a homepage or a sitemap file so cut makes the analysis incomplete' }),
  ttfb_ms: Nullable(Type.Number({ description: 'timing: differs between runs' }))
}, { description: 'One HTTP fetch: status, redirect chain, type and size, or the error that stopped it' })

const AgentDirectivesSchema = Type.Object({ generic: Strings, by_agent: Type.Record(Type.String(), Strings) })
const QuestionSchema = Type.Object({ question: Str, answer_words: Int })

const PageFactsSchema = Type.Object({
  url: Str,
  title: NStr,
  description: NStr,
  canonicals: Strings,
  lang: NStr,
  charset: NStr,
  viewport: NStr,
  meta_robots: AgentDirectivesSchema,
  og: Type.Object({ title: NStr, description: NStr, image: NStr, url: NStr, type: NStr, modified_time: NStr, published_time: NStr }),
  twitter_card: NStr,
  icons: Strings,
  hreflang: Type.Array(Type.Object({ hreflang: Str, href: Str, relative: Bool })),
  markdown_alternate: NStr,
  structured: Type.Object({
    json_ld_blocks: Int,
    json_ld_errors: Strings,
    microdata: Bool,
    rdfa: Bool,
    types: Strings,
    organization: Nullable(Type.Object({ type: Str, name: NStr, url: NStr, logo: NStr, same_as: Strings, contact: Bool })),
    website: Nullable(Type.Object({ name: NStr })),
    person: Nullable(Type.Object({ name: NStr, url: NStr, same_as: Strings, credentials: Bool })),
    content_item: Nullable(Type.Object({ type: Str, complete: Bool, missing: Strings })),
    article_author: NStr,
    breadcrumb: Bool,
    faq: Type.Array(QuestionSchema),
    id_on_host: Bool,
    date_published: NStr,
    date_modified: NStr,
    reviews: Bool
  }),
  headings: Type.Object({ h1: Strings, h2: Int, skips: Strings }),
  images: Type.Object({ total: Int, with_alt: Int, hidden: Type.Integer({ description: 'hidden images and 1x1 pixels, not counted as content' }) }),
  links: Type.Object({
    total: Int,
    non_crawlable: Int,
    non_crawlable_examples: Strings,
    internal: Type.Array(Type.String(), { description: 'the page\'s distinct internal page links, in page order: at most 200, 64 KiB of URLs' }),
    internal_truncated: Type.Boolean({ description: 'the page had more internal page links than `internal` lists' }),
    generic_text: Strings,
    about: NStr,
    contact: NStr,
    privacy: NStr,
    terms: NStr
  }),
  forms: Int,
  buttons: Int,
  main_text: Type.Object({ words: Int, has_main: Bool, has_article: Bool, lists: Int, tables: Int, first_paragraph: NStr }),
  times: Int,
  feeds: Strings,
  plugins: Int,
  mixed_content: Strings,
  meta_refresh: Nullable(Type.Object({ delay_seconds: Type.Number(), url: Str })),
  answers: Type.Object({
    questions: Type.Array(QuestionSchema),
    numbers: Int,
    definition_first_paragraph: Bool,
    byline: NStr,
    author_link: NStr,
    contact: Strings,
    testimonials: Bool,
    external_citations: Int,
    visible_dates: Int
  })
}, { description: 'What one HTML page says, as read from its raw HTML (no JavaScript run)' })

const VariantSchema = Type.Object({
  url: Str,
  fetch: FetchFactsSchema,
  outcome: StringEnum(['redirects_to_primary', 'serves_separately', 'absent', 'error', 'not_applicable'])
})

export const ContentSignalSchema = Type.Object({ line: Int, user_agents: Strings, signals: Type.Record(Type.String(), Type.String()), invalid: Strings })
const LintErrorSchema = Type.Object({ line: Int, content: Str, message: Str })
export const LintSchema = Type.Object({
  valid: Type.Boolean({ description: 'no errors' }),
  errors: Type.Array(LintErrorSchema, { description: 'lines crawlers ignore or misread (Lighthouse robots-txt rules)' }),
  warnings: Type.Array(LintErrorSchema, { description: 'lines applied as Google reads them (no colon, a known misspelling) that stricter crawlers may ignore' })
})
const RuleRefSchema = Nullable(Type.Object({ line: Int, text: Str }))
const RobotsOutcome = StringEnum(['parsed', 'unavailable', 'unreachable'])
const ChallengeSchema = Type.Unsafe<BotProtection | null>({
  type: ['string', 'null'], enum: [...Object.keys(BOT_PROTECTION), null], description: 'the bot-protection service that served a challenge page'
})

export const ObservationsSchema = Type.Object({
  input: Str,
  requested_url: Str,
  domain: Str,
  origin: Str,
  homepage: Type.Object({
    fetch: FetchFactsSchema,
    is_html: Bool,
    challenge: ChallengeSchema,
    headers: Type.Object({ x_robots_tag: AgentDirectivesSchema, last_modified: NStr, etag: NStr, link: NStr }),
    page: Nullable(PageFactsSchema)
  }),
  variants: Type.Object({ http: VariantSchema, host_alternate: VariantSchema }),
  robots: Type.Object({
    url: Str,
    fetch: FetchFactsSchema,
    outcome: RobotsOutcome,
    bytes: Int,
    truncated: Bool,
    lint_errors: Type.Array(LintErrorSchema),
    lint_warnings: Type.Array(LintErrorSchema, {
      description: 'lines applied as Google reads them (no colon, a known misspelling); stricter crawlers may ignore them'
    }),
    sitemaps: Strings,
    content_signals: Type.Array(ContentSignalSchema),
    homepage: Type.Array(Type.Object({ token: Str, allowed: Bool, rule: RuleRefSchema }))
  }),
  sitemaps: Type.Object({
    discovery: StringEnum(['robots', 'convention', 'none']),
    files: Type.Array(Type.Object({
      url: Str,
      source: StringEnum(['robots', 'convention', 'index']),
      fetch: FetchFactsSchema,
      gzip: Bool,
      kind: Type.Unsafe<'urlset' | 'sitemapindex' | 'rss' | 'atom' | 'text' | null>({
        type: ['string', 'null'], enum: ['urlset', 'sitemapindex', 'rss', 'atom', 'text', null]
      }),
      entry_count: Int,
      off_host_entries: Int,
      errors: Strings,
      warnings: Strings
    })),
    entries: Type.Integer({
      description: 'page entries in the sitemap files read; when children.read is below children.listed, only those ' +
        'children\'s, not the site\'s total'
    }),
    children: Type.Object({
      listed: Type.Integer({ description: 'child sitemaps the sitemap indexes list (those not already read as listed files)' }),
      read: Type.Integer({
        description: 'child sitemaps read: at most 3, the newest by the index\'s <lastmod>, else the last listed; each is in files'
      })
    }, { description: 'an index\'s children, listed and read: entries and lastmod cover only those read' }),
    lastmod: Type.Object({ valid: Int, invalid: Int, newest: NStr, distinct: Int, today: Int }, {
      description: 'lastmods of the entries counted in entries (the read children\'s)'
    })
  }),
  llms_txt: Type.Object({
    url: Str,
    fetch: FetchFactsSchema,
    is_html: Bool,
    shape: Nullable(Type.Object({ title: NStr, summary: NStr, links: Int, sections: Int, optional_section: Bool, chars: Int, problems: Strings })),
    link_checks: Type.Array(Type.Object({ url: Str, status: Nullable(Int), markdown: Bool }))
  }),
  llms_full_txt: Type.Object({ url: Str, fetch: FetchFactsSchema, is_html: Bool }),
  markdown_negotiation: Type.Object({ fetch: FetchFactsSchema, served: Bool }),
  not_found_probe: Type.Object({ url: Str, fetch: FetchFactsSchema }),
  favicon: Type.Object({ declared: Strings, probe: Nullable(FetchFactsSchema) }),
  og_image: Nullable(FetchFactsSchema),
  canonical: Nullable(FetchFactsSchema),
  about_page: Nullable(Type.Object({ url: Str, fetch: FetchFactsSchema, words: Int, entity_markup: Bool })),
  sample: Type.Object({
    seed: Str,
    limit: Int,
    candidates: Type.Object({ sitemap: Int, homepage_links: Int }),
    pages: Type.Array(Type.Object({
      url: Str,
      source: StringEnum(['sitemap', 'homepage-links']),
      lastmod: NStr,
      fetch: FetchFactsSchema,
      x_robots_tag: AgentDirectivesSchema,
      page: Nullable(PageFactsSchema),
      allowed: Type.Object({ googlebot: Bool, oai_searchbot: Bool })
    }))
  }),
  crawlers: Type.Object({
    concurrency: Type.Integer({ description: 'crawlers fetched at the same time, two requests each' }),
    fetched: Type.Array(Type.Object({
      token: Str,
      user_agent: Str,
      robots_txt: Type.Object({ status: Nullable(Int), outcome: RobotsOutcome, same_as_ours: Bool }),
      robots_allowed: Bool,
      robots_rule: RuleRefSchema,
      homepage: Type.Object({ status: Nullable(Int), final_url: NStr, error: NStr, challenge: ChallengeSchema, difference: NStr })
    }), { description: 'the homepage and /robots.txt as each crawler\'s published user agent got them' })
  }),
  budget: Type.Object({
    ms: Int, exhausted: Bool, skipped: Strings, requests: Type.Integer({ description: 'requests the analysis attempted, each redirect hop counted' })
  })
}, { description: 'The raw facts behind every score, check, gap and cap' })
