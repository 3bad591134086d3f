// Assembles the analysis response from the observations: pure, so the same observations and clock
// always give the same report. Observations -> derived facts -> scores, gaps and side reports.
import { derive, momentaryRefusals } from './derive.js'
import { is2xx, type SiteObservations } from './observations.js'
import type { PerformanceFacts } from './rendering/rendering-facts.js'
import { performanceReport, renderingReport, type RenderingReport } from './rendering/rendering-report.js'
import { aiCrawlerAccess, type AiCrawlerAccess } from './reports/ai-crawler-access.js'
import { launchReadiness, mobileCompatibility, type ReportItem } from './reports/launch-readiness.js'
import { sitemapSampleQa, type SitemapQa } from './reports/sitemap-qa.js'
import { aeoScore, type AeoScore } from './scoring/aeo/aeo-score.js'
import type { CategoryId, Check } from './scoring/check.js'
import { findGaps, type Gap } from './scoring/gaps.js'
import { technicalScore } from './scoring/technical-score.js'

export const TOP_GAPS = 5

export interface SiteReport {
  domain: string
  requestedUrl: string
  analyzed_at: string
  /**
   * false when something was not read: the analysis time budget was spent before every fetch was made
   * (observations.budget.skipped), the site refused a secondary fetch for the moment (a 429, a 503, a timeout: derive.ts's
   * momentaryRefusals), or a byte cap cut the homepage's HTML or a sitemap file (their fetch.truncated)
   */
  complete: boolean
  /** the checks of score_breakdown left unmeasured by what was not read: worth 0, their points shared, no gap raised */
  not_measured: string[]
  fetchability: { ok: boolean, status: number, final_url: string | null, error: string | null }
  score: number
  technical_crawl_score: number
  max_score: number
  category_scores: Record<CategoryId, { score: number, max: number }>
  score_breakdown: Check[]
  aeo_authority_score: AeoScore
  top_gaps: Gap[]
  gaps: Gap[]
  launch_readiness: ReportItem[]
  mobile_compatibility: ReportItem[]
  sitemap_qa: SitemapQa
  ai_crawler_access: AiCrawlerAccess
  /** raw HTML against the DOM after scripts (RENDERER=chromium), else `{ status: 'disabled' }` */
  rendering: RenderingReport
  /** the homepage's lab Core Web Vitals: a side report, not part of the score */
  performance: PerformanceFacts
  observations: SiteObservations
}

export function buildReport (obs: SiteObservations, now: Date): SiteReport {
  const d = derive(obs, now)
  const technical = technicalScore(d)
  const gaps = findGaps(d, technical.checks, technical.not_measured)
  const hp = obs.homepage.fetch
  return {
    domain: obs.domain,
    requestedUrl: obs.requested_url,
    analyzed_at: now.toISOString(),
    // a file cut at its byte cap was not read to its end, and a fetch refused for the moment was not read at all, as
    // surely as a fetch the budget skipped
    complete: !obs.budget.exhausted && Object.keys(d.sizeCuts).length === 0 && momentaryRefusals(obs).length === 0,
    not_measured: technical.not_measured,
    fetchability: {
      ok: d.homepageOk,
      status: hp.status ?? 0,
      final_url: hp.final_url,
      error: hp.error?.message ?? (d.homepageOk ? null : is2xx(hp.status) ? 'the homepage is not HTML' : `HTTP ${hp.status ?? 0}`)
    },
    score: technical.score,
    technical_crawl_score: technical.score,
    max_score: technical.max,
    category_scores: technical.category_scores,
    score_breakdown: technical.checks,
    aeo_authority_score: aeoScore(d),
    top_gaps: gaps.slice(0, TOP_GAPS),
    gaps,
    launch_readiness: launchReadiness(d),
    mobile_compatibility: mobileCompatibility(d),
    sitemap_qa: sitemapSampleQa(d),
    ai_crawler_access: aiCrawlerAccess(d),
    rendering: renderingReport(obs),
    performance: performanceReport(obs),
    observations: obs
  }
}
