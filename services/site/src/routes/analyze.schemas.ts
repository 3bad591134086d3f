import { Type } from '@sinclair/typebox'
import { Nullable, StringEnum } from '@utility-apis/service-kit'
import { TOP_GAPS } from '../domain/report.js'
import { CAPS } from '../domain/scoring/aeo/aeo-score.js'
import { GAP_CODES } from '../domain/scoring/gaps.js'
import { CATEGORIES } from '../domain/scoring/technical-score.js'
import { ContentSignalSchema, ObservationsSchema } from './observations.schemas.js'
import { PerformanceSchema, RenderingSchema } from './rendering.schemas.js'

export const DEFAULT_BUDGET_SECONDS = 25
export const DEFAULT_MAX_PAGES = 5

/** What each category is worth, from the scoring model: "fetchability 20, metadata 25, ..." */
export const CATEGORY_POINTS_TEXT = Object.entries(CATEGORIES).map(([id, category]) => `${id} ${category.max}`).join(', ')
/** The AEO caps, lowest first: "homepage_unfetchable_cap 20, ..." */
export const CAPS_TEXT = CAPS.map((cap) => `${cap.code} ${cap.cap}`).join(', ')

export const AnalyzeRequestSchema = Type.Object({
  url: Type.String({
    minLength: 1,
    maxLength: 2048,
    description: 'A bare domain (`example.com`) or a full http(s) URL. A bare domain is tried over https, then http.',
    examples: ['example.com']
  }),
  time_budget_seconds: Type.Optional(Type.Integer({
    minimum: 1,
    maximum: 28,
    default: DEFAULT_BUDGET_SECONDS,
    description: 'Time budget of the whole analysis; fetches left when it is spent are skipped and listed in observations.budget'
  })),
  format: Type.Optional(StringEnum(['json', 'html', 'markdown'], {
    description: 'The report as JSON, as one self-contained HTML page, or as Markdown; without it the Accept header decides (JSON by default)'
  })),
  max_pages: Type.Optional(Type.Integer({
    minimum: 0,
    maximum: 20,
    default: DEFAULT_MAX_PAGES,
    description: 'Same-host pages sampled besides the homepage (sitemap first, else homepage links; seeded by the domain)'
  }))
}, { title: 'SiteAnalyzeRequest', additionalProperties: false })

const Str = Type.String()
const Int = Type.Integer()
const Num = Type.Number()
const Bool = Type.Boolean()
const Category = Type.Object({
  score: Type.Integer({ description: 'the sum of its checks' }),
  max: Type.Integer({
    description: `always the category's own: ${CATEGORY_POINTS_TEXT}`
  })
})
const Severity = StringEnum(['high', 'medium', 'low'])
const ItemStatus = StringEnum(['pass', 'warn', 'fail', 'skip', 'not_measured'])

const GapSchema = Type.Object({
  code: Type.String({ description: `one of (a new one may be added): ${GAP_CODES.join(', ')}` }),
  severity: Severity,
  evidence: Str,
  recommendation: Str,
  points_lost: Type.Integer({ description: 'technical_crawl_score points the gap costs' }),
  checks: Type.Array(Str, { description: 'ids of the checks in score_breakdown behind the gap' })
})

const ReportItemSchema = Type.Object({ id: Str, status: ItemStatus, evidence: Str })

export const AnalyzeResponseSchema = Type.Object({
  domain: Str,
  requestedUrl: Str,
  analyzed_at: Str,
  complete: Type.Boolean({
    description: 'false when something was not read: the time budget (time_budget_seconds) was spent before every fetch was made ' +
      '(observations.budget.skipped lists what it skipped or stopped; a larger budget may measure the rest), a byte cap cut the ' +
      'homepage\'s HTML (2 MiB) or a sitemap file (5 MiB) before its end (their fetch.truncated), or the site refused a fetch other ' +
      'than the homepage and robots.txt for the moment (HTTP 408, 425, 429, 503, 504 or a timeout; a 500, a 502, a DNS or TLS failure is ' +
      'scored as the site\'s answer; a later analysis may measure it). not_measured lists the checks so left unmeasured'
  }),
  not_measured: Type.Array(Str, {
    description: 'ids of the checks in score_breakdown left unmeasured by what was not read (detail "not measured: the analysis time ' +
      'budget was spent before ... was fetched", "... answered HTTP 503, a momentary refusal", or "... was cut at its 2 MiB limit and ' +
      'the rest was not read" for a check that looks through the whole homepage or sitemap and found less than its points in the ' +
      'part read): worth 0, their points shared among ' +
      'the other checks of their category, and no gap raised, since what was not read says nothing about the site. Empty when every ' +
      'check was measured'
  }),
  fetchability: Type.Object({
    ok: Type.Boolean({ description: 'the homepage answered 2xx with HTML' }),
    status: Type.Integer({ description: 'HTTP status of the homepage; 0 when no response arrived' }),
    final_url: Nullable(Str),
    error: Nullable(Str)
  }),
  score: Type.Integer({ description: 'equals technical_crawl_score' }),
  technical_crawl_score: Type.Integer({ description: 'sum of the six category scores, 0 to 100' }),
  max_score: Type.Integer({ description: 'always 100' }),
  category_scores: Type.Object({
    fetchability: Category, metadata: Category, crawl_policy: Category, structured_data: Category, llm_readiness: Category, freshness: Category
  }),
  score_breakdown: Type.Array(Type.Object({ id: Str, category: Str, label: Str, points: Int, max: Int, detail: Str }), {
    description: 'every check with the whole points it earned and why; a check that cannot apply, or that was left unmeasured (not_measured: ' +
      'the time budget, a momentary refusal, a byte cap), is worth 0 and its points go to the others of its category'
  }),
  aeo_authority_score: Type.Object({
    score: Int,
    uncapped_score: Int,
    status: StringEnum(['unavailable', 'needs_review', 'ready']),
    caps_applied: Type.Array(Type.Object({
      code: Type.String({ description: `one of (a new one may be added), with its cap: ${CAPS_TEXT}` }),
      cap: Int,
      recommendation: Str,
      evidence: Str
    })),
    breakdown: Type.Array(Type.Object({ id: Str, group: Str, label: Str, points: Int, max: Int, detail: Str }))
  }),
  top_gaps: Type.Array(GapSchema, { description: `the ${TOP_GAPS} most important gaps: by severity, then points lost` }),
  gaps: Type.Array(GapSchema, { description: 'every gap found, in the same order' }),
  launch_readiness: Type.Array(ReportItemSchema),
  mobile_compatibility: Type.Array(ReportItemSchema, { description: 'static checks; font_size and tap_targets need rendering and are not_measured' }),
  sitemap_qa: Type.Object({
    source: Nullable(Str),
    entries_total: Type.Integer({
      description: 'page entries in the sitemap files read; when children.read is below children.listed, only those ' +
        'children\'s, not the site\'s total'
    }),
    children: Type.Object({ listed: Int, read: Int }, {
      description: 'child sitemaps the indexes list and how many were read (at most 3: the newest by the index\'s <lastmod>, else the last listed)'
    }),
    sampled: Type.Array(Type.Object({
      url: Str,
      status: Nullable(Int),
      redirected: Bool,
      self_canonical: Nullable(Bool),
      noindex: Bool,
      allowed: Type.Object({ googlebot: Bool, oai_searchbot: Bool }),
      lastmod: Nullable(Str),
      pass: Bool,
      problems: Type.Array(Str)
    })),
    pass_share: Nullable(Num)
  }),
  ai_crawler_access: Type.Object({
    tokens: Type.Array(Type.Object({
      token: Str,
      operator: Str,
      purpose: StringEnum(['training', 'search', 'user_fetch', 'legacy']),
      allowed: Bool,
      rule: Nullable(Type.Object({ line: Int, text: Str })),
      counts_toward_score: Bool
    })),
    search_and_user_fetch_allowed_share: Num,
    content_signals: Type.Array(ContentSignalSchema),
    fetched: Type.Array(Type.Object({
      token: Str,
      operator: Str,
      purpose: StringEnum(['training', 'search', 'user_fetch', 'legacy', 'search_engine']),
      user_agent: Str,
      robots: Type.Object({ allowed: Bool, rule: Nullable(Type.Object({ line: Int, text: Str })), file_differs: Bool }),
      http: Type.Object({
        status: Nullable(Int),
        outcome: StringEnum(['served', 'different_page', 'blocked', 'challenge', 'no_answer']),
        challenge: Nullable(Str),
        detail: Nullable(Str)
      }),
      mismatch: Type.Unsafe<'blocked_by_server' | 'served_despite_robots' | null>({
        type: ['string', 'null'],
        enum: ['blocked_by_server', 'served_despite_robots', null],
        description: 'robots.txt allows the crawler and the server blocks it, or robots.txt blocks it and the server serves it'
      })
    }), { description: 'the homepage fetched with each crawler\'s published user agent (from our address, not the crawler\'s own IP ranges)' })
  }),
  rendering: RenderingSchema,
  performance: PerformanceSchema,
  observations: ObservationsSchema
}, { title: 'SiteAnalyzeResponse' })
