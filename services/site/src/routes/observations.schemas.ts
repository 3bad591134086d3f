// TypeBox schema of `observations`: the raw facts behind every score (mirrors domain/observations.ts;
// a test checks that a full report passes through this schema unchanged).
import { Type, type Static, type TSchema } from '@sinclair/typebox'

// Response schemas avoid anyOf: fast-json-stringify compiles an Ajv validator for every anyOf branch
// (~40 MB and a slow first response for this document), while a type list or an enum is a plain check.

/** `T | null` as `type: [T, 'null']` (T a schema with a single `type`). */
export const Nullable = <T extends TSchema>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type as string, 'null'] })

/** One of a few strings, as a string enum. */
export const StringEnum = <const V extends readonly string[]>(values: V, options: Record<string, unknown> = {}) =>
  Type.Unsafe<V[number]>({ type: 'string', enum: [...values], ...options })
const Str = Type.String()
const Int = Type.Integer()
const Bool = Type.Boolean()
const Strings = Type.Array(Type.String())
const NStr = Nullable(Type.String())

export const FetchFactsSchema = Type.Object({
  url: Str,
  finalUrl: NStr,
  status: Nullable(Int),
  error: Nullable(Type.Object({ code: Str, message: Str })),
  redirects: Type.Array(Type.Object({ url: Str, status: Int, location: Str })),
  contentType: NStr,
  bytes: Int,
  truncated: Bool,
  ttfbMs: Nullable(Type.Number({ description: 'timing: differs between runs' }))
}, { description: 'One HTTP fetch: status, redirect chain, type and size, or the error that stopped it' })

const AgentDirectivesSchema = Type.Object({ generic: Strings, byAgent: Type.Record(Type.String(), Strings) })
const QuestionSchema = Type.Object({ question: Str, answerWords: Int })

export const PageFactsSchema = Type.Object({
  url: Str,
  title: NStr,
  description: NStr,
  canonicals: Strings,
  lang: NStr,
  charset: NStr,
  viewport: NStr,
  metaRobots: AgentDirectivesSchema,
  og: Type.Object({ title: NStr, description: NStr, image: NStr, url: NStr, type: NStr, modifiedTime: NStr, publishedTime: NStr }),
  twitterCard: NStr,
  icons: Strings,
  hreflang: Type.Array(Type.Object({ hreflang: Str, href: Str })),
  markdownAlternate: NStr,
  structured: Type.Object({
    jsonLdBlocks: Int,
    jsonLdErrors: Strings,
    microdata: Bool,
    rdfa: Bool,
    types: Strings,
    organization: Nullable(Type.Object({ type: Str, name: NStr, url: NStr, logo: NStr, sameAs: Strings, contact: Bool })),
    website: Nullable(Type.Object({ name: NStr })),
    person: Nullable(Type.Object({ name: NStr, url: NStr, sameAs: Strings, credentials: Bool })),
    contentItem: Nullable(Type.Object({ type: Str, complete: Bool, missing: Strings })),
    articleAuthor: NStr,
    breadcrumb: Bool,
    faq: Type.Array(QuestionSchema),
    idOnHost: Bool,
    datePublished: NStr,
    dateModified: NStr,
    reviews: Bool
  }),
  headings: Type.Object({ h1: Strings, h2: Int, skips: Strings }),
  images: Type.Object({ total: Int, withAlt: Int }),
  links: Type.Object({ total: Int, nonCrawlable: Int, internal: Strings, genericText: Strings, about: NStr, contact: NStr, privacy: NStr, terms: NStr }),
  forms: Int,
  buttons: Int,
  mainText: Type.Object({ words: Int, hasMain: Bool, hasArticle: Bool, lists: Int, tables: Int, firstParagraph: NStr }),
  times: Int,
  feeds: Strings,
  plugins: Int,
  mixedContent: Strings,
  metaRefresh: Nullable(Type.Object({ delaySeconds: Type.Number(), url: Str })),
  answers: Type.Object({
    questions: Type.Array(QuestionSchema),
    numbers: Int,
    definitionFirstParagraph: Bool,
    byline: NStr,
    authorLink: NStr,
    contact: Strings,
    testimonials: Bool,
    externalCitations: Int,
    visibleDates: Int
  })
}, { description: 'What one HTML page says, as read from its raw HTML (no JavaScript run)' })

const VariantSchema = Type.Object({
  url: Str,
  fetch: FetchFactsSchema,
  outcome: StringEnum(['redirects_to_primary', 'serves_separately', 'absent', 'error', 'not_applicable'])
})

export const ContentSignalSchema = Type.Object({ line: Int, userAgents: Strings, signals: Type.Record(Type.String(), Type.String()), invalid: Strings })
export const LintErrorSchema = Type.Object({ line: Int, content: Str, message: Str })
const RuleRefSchema = Nullable(Type.Object({ line: Int, text: Str }))

export const ObservationsSchema = Type.Object({
  input: Str,
  requestedUrl: Str,
  domain: Str,
  origin: Str,
  homepage: Type.Object({
    fetch: FetchFactsSchema,
    isHtml: Bool,
    challenge: NStr,
    headers: Type.Object({ xRobotsTag: AgentDirectivesSchema, lastModified: NStr, etag: NStr, link: NStr }),
    page: Nullable(PageFactsSchema)
  }),
  variants: Type.Object({ http: VariantSchema, hostAlternate: VariantSchema }),
  robots: Type.Object({
    url: Str,
    fetch: FetchFactsSchema,
    outcome: StringEnum(['parsed', 'unavailable', 'unreachable']),
    bytes: Int,
    truncated: Bool,
    lintErrors: Type.Array(LintErrorSchema),
    sitemaps: Strings,
    contentSignals: Type.Array(ContentSignalSchema),
    homepage: Type.Array(Type.Object({ token: Str, allowed: Bool, rule: RuleRefSchema }))
  }),
  sitemaps: Type.Object({
    discovery: StringEnum(['robots', 'convention', 'none']),
    files: Type.Array(Type.Object({
      url: Str,
      source: StringEnum(['robots', 'convention', 'index']),
      fetch: FetchFactsSchema,
      gzip: Bool,
      kind: Type.Unsafe<'urlset' | 'sitemapindex' | 'rss' | 'atom' | 'text' | null>({ type: ['string', 'null'], enum: ['urlset', 'sitemapindex', 'rss', 'atom', 'text', null] }),
      entryCount: Int,
      offHostEntries: Int,
      errors: Strings,
      warnings: Strings
    })),
    entries: Int,
    lastmod: Type.Object({ valid: Int, invalid: Int, newest: NStr, distinct: Int, today: Int })
  }),
  llmsTxt: Type.Object({
    url: Str,
    fetch: FetchFactsSchema,
    isHtml: Bool,
    shape: Nullable(Type.Object({ title: NStr, summary: NStr, links: Int, sections: Int, optionalSection: Bool, chars: Int, problems: Strings })),
    linkChecks: Type.Array(Type.Object({ url: Str, status: Nullable(Int), markdown: Bool }))
  }),
  llmsFullTxt: Type.Object({ url: Str, fetch: FetchFactsSchema, isHtml: Bool }),
  markdownNegotiation: Type.Object({ fetch: FetchFactsSchema, served: Bool }),
  notFoundProbe: Type.Object({ url: Str, fetch: FetchFactsSchema }),
  favicon: Type.Object({ declared: Strings, probe: Nullable(FetchFactsSchema) }),
  ogImage: Nullable(FetchFactsSchema),
  canonical: Nullable(FetchFactsSchema),
  aboutPage: Nullable(Type.Object({ url: Str, fetch: FetchFactsSchema, words: Int, entityMarkup: Bool })),
  sample: Type.Object({
    seed: Str,
    limit: Int,
    candidates: Type.Object({ sitemap: Int, homepageLinks: Int }),
    pages: Type.Array(Type.Object({
      url: Str,
      source: StringEnum(['sitemap', 'homepage-links']),
      lastmod: NStr,
      fetch: FetchFactsSchema,
      xRobotsTag: AgentDirectivesSchema,
      page: Nullable(PageFactsSchema),
      allowed: Type.Object({ googlebot: Bool, oai_searchbot: Bool })
    }))
  }),
  budget: Type.Object({ ms: Int, exhausted: Bool, skipped: Strings })
}, { description: 'The raw facts behind every score, check, gap and cap' })
