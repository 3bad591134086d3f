// Gaps: each failing check raises coded findings with their evidence and a recommendation (each gap is defined in the
// module of the check that raises it). A gap costs the points its checks lost (or the share of them it explains); gaps
// are sorted by severity, then points lost, then GAP_ORDER.
import type { Derived } from '../derive.js'
import type { Check, CheckDef, CheckId, Finding, GapDef, Severity } from './check.js'
import { CHECKS } from './check-list.js'

export interface Gap {
  code: string
  severity: Severity
  evidence: string
  recommendation: string
  points_lost: number
  checks: string[]
}

/**
 * Every gap code, most important first: gaps of the same severity and points lost are listed in this order, and the
 * README lists them in it. A new gap takes its place here.
 */
export const GAP_CODES = [
  'homepage_unreachable', 'bot_challenge_served', 'homepage_noindex', 'homepage_blocked_by_robots', 'ai_search_bots_blocked',
  'ai_crawlers_blocked_by_server', 'robots_txt_unreachable', 'content_requires_javascript', 'missing_title', 'https_not_enforced',
  'missing_structured_data', 'missing_sitemap_signal', 'invalid_sitemap', 'sitemap_sample_errors', 'missing_meta_description', 'canonical_invalid',
  'missing_og_image', 'missing_viewport', 'missing_organization_schema', 'invalid_json_ld', 'invalid_llms_txt', 'robots_txt_invalid',
  'missing_robots_txt', 'missing_llms_txt', 'missing_article_schema', 'missing_breadcrumb_schema', 'title_length', 'meta_description_length',
  'missing_h1', 'multiple_h1', 'heading_skip', 'images_missing_alt', 'missing_og_tags', 'invalid_hreflang', 'non_crawlable_links',
  'generic_link_text', 'missing_twitter_card', 'missing_favicon', 'missing_lang', 'missing_lastmod', 'stale_sitemap', 'missing_content_dates',
  'slow_response', 'long_redirect_chain'
]

const RANK: Record<Severity, number> = { high: 0, medium: 1, low: 2 }

interface GapRule extends GapDef { raisedBy: CheckDef }

/** The checks' gaps in the order of `codes`; throws unless each is raised by one check, placed once and names known checks. */
export function gapRules (checks: CheckDef[], codes: string[]): GapRule[] {
  const rules = checks.flatMap((check) => check.gaps.map((gap) => ({ ...gap, raisedBy: check })))
  const placed = new Map(codes.map((code, i) => [code, i]))
  const raised = [...new Set(rules.map((rule) => rule.code))].filter((code) => placed.has(code))
  const known = new Set<string>(checks.map((check) => check.id))
  const unknown = rules.filter((rule) => rule.checks?.some((id) => !known.has(id)) === true).map((rule) => rule.code)
  // a programming error: it fails the service's start and every test, not one report
  if (raised.length !== rules.length || raised.length !== codes.length || unknown.length > 0) {
    throw new Error(`each gap code is raised by one check, placed once in GAP_CODES and names known checks (unknown checks: ${unknown.join(', ')})`)
  }
  return rules.sort((a, b) => (placed.get(a.code) ?? 0) - (placed.get(b.code) ?? 0))
}

const RULES = gapRules(CHECKS, GAP_CODES)

/**
 * The gaps of the checks as measured. A check left unmeasured (`notMeasured`: the time budget, a byte cap) raises
 * none: a gap is a finding about the site, and what was not read found nothing.
 */
export function findGaps (d: Derived, checks: Check[], notMeasured: readonly string[]): Gap[] {
  const unmeasured = new Set(notMeasured)
  const byId = new Map(checks.map((c) => [c.id, c]))
  const measured = (id: CheckId): Check => {
    const check = byId.get(id)
    if (check === undefined) throw new Error(`a gap names ${id}, which is not a check`)
    return check
  }
  const gaps: Array<Gap & { order: number }> = []
  RULES.forEach((rule, order) => {
    if (rule.needsHomepage === true && !d.homepageOk) return
    if (unmeasured.has(rule.raisedBy.id)) return
    const own = measured(rule.raisedBy.id)
    const found = rule.find({ d, points: own.points, max: own.max })
    if (found === false) return
    const finding: Finding = found === true ? {} : found
    const named = rule.checks ?? [rule.raisedBy.id]
    const behind = (finding.checks ?? named).map(measured)
    gaps.push({
      code: rule.code,
      severity: finding.severity ?? rule.severity,
      evidence: finding.evidence ?? (named.length > 0 ? measured(named[0]).detail : ''),
      recommendation: rule.recommendation,
      points_lost: finding.points ?? behind.reduce((sum, c) => sum + c.max - c.points, 0),
      checks: behind.map((c) => c.id),
      order
    })
  })
  gaps.sort((a, b) => RANK[a.severity] - RANK[b.severity] || b.points_lost - a.points_lost || a.order - b.order)
  return gaps.map(({ order: _order, ...gap }) => gap)
}
