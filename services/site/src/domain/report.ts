// Assembles the analysis response from the observations: pure, so the same observations and clock
// always give the same report.
import type { SiteObservations } from './observations.js'
import { aeoScore, type AeoScore } from './scoring/aeo.js'
import { CATEGORIES, CATEGORY_MAX, type CategoryId, type Check } from './scoring/checks.js'
import { derive, is2xx } from './scoring/derive.js'
import { findGaps, type Gap } from './scoring/gaps.js'
import { crawlPolicyChecks, fetchabilityChecks, metadataChecks } from './scoring/technical-site.js'
import { freshnessChecks, llmReadinessChecks, structuredDataChecks } from './scoring/technical-content.js'
import { aiCrawlerAccess, type AiCrawlerAccess } from './reports/ai-crawler-access.js'
import { launchReadiness, mobileCompatibility, type ReportItem } from './reports/launch-readiness.js'
import { sitemapSampleQa, type SitemapQa } from './reports/sitemap-qa.js'

export const TOP_GAPS = 5

export interface SiteReport {
  domain: string
  requestedUrl: string
  analyzed_at: string
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
  observations: SiteObservations
}

export function buildReport (obs: SiteObservations, now: Date): SiteReport {
  const d = derive(obs, now)
  const checks = [
    ...fetchabilityChecks(obs, d), ...metadataChecks(obs, d), ...crawlPolicyChecks(obs, d),
    ...structuredDataChecks(obs, d), ...llmReadinessChecks(obs, d), ...freshnessChecks(obs, d)
  ]
  const categoryScores = Object.fromEntries(CATEGORIES.map((id) => {
    const sum = checks.filter((c) => c.category === id).reduce((n, c) => n + c.points, 0)
    return [id, { score: Math.min(Math.round(sum), CATEGORY_MAX[id]), max: CATEGORY_MAX[id] }]
  })) as SiteReport['category_scores']
  const technical = CATEGORIES.reduce((n, id) => n + categoryScores[id].score, 0)
  const gaps = findGaps(obs, d, checks)
  const hp = obs.homepage.fetch
  return {
    domain: obs.domain,
    requestedUrl: obs.requestedUrl,
    analyzed_at: now.toISOString(),
    fetchability: {
      ok: d.homepageOk,
      status: hp.status ?? 0,
      final_url: hp.finalUrl,
      error: hp.error?.message ?? (d.homepageOk ? null : is2xx(hp.status) ? 'the homepage is not HTML' : `HTTP ${hp.status ?? 0}`)
    },
    score: technical,
    technical_crawl_score: technical,
    max_score: 100,
    category_scores: categoryScores,
    score_breakdown: checks,
    aeo_authority_score: aeoScore(obs, d),
    top_gaps: gaps.slice(0, TOP_GAPS),
    gaps,
    launch_readiness: launchReadiness(obs, d),
    mobile_compatibility: mobileCompatibility(d),
    sitemap_qa: sitemapSampleQa(obs, now),
    ai_crawler_access: aiCrawlerAccess(obs, d),
    observations: obs
  }
}
