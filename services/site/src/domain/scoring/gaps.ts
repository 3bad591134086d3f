// Gaps: each failing check becomes a coded finding with its evidence and a recommendation. A gap
// costs the points its checks lost (or the share of them it explains); gaps are sorted by severity,
// then points lost, then the order of this table.
import { BOT_PROTECTION } from '@utility-apis/homepage-fetch'
import type { Derived } from '../derive.js'
import { is2xx } from '../observations.js'
import { javascriptGapEvidence, renderingReport } from '../rendering/rendering-report.js'
import { plural, type Check, type CheckDef } from './check.js'
import { robotsTxtValid, homepageIndexable, searchEnginesAllowed, aiSearchBotsAllowed, sitemapDiscoverable } from './crawl-policy.js'
import { fastFirstByte, fewRedirects, homepageServesHtml, httpsEnforced, noBotChallenge, sampledPagesAnswer } from './fetchability.js'
import { recentLastmod, sitemapLastmodCoverage, statedDates } from './freshness.js'
import { llmsTxtLinksAnswer, llmsTxtServed, llmsTxtShape, textWithoutJavascript } from './llm-readiness.js'
import {
  crawlableLinks, descriptiveLinkText, favicon, headingOutline, htmlLang, imageAltText, metaDescription, mobileViewport, openGraph,
  selfCanonical, titleLength, twitterCard, validHreflang
} from './metadata.js'
import { breadcrumbSchema, contentItemSchema, identifiersOnHost, jsonLdParses, organizationSchema } from './structured-data.js'

export type Severity = 'high' | 'medium' | 'low'

export interface Gap {
  code: string
  severity: Severity
  evidence: string
  recommendation: string
  points_lost: number
  checks: string[]
}

const RANK: Record<Severity, number> = { high: 0, medium: 1, low: 2 }

interface GapInput {
  d: Derived
  points: (check: CheckDef) => number
  /** what the check is worth for this site (its table's points, unless a check of its category could not apply) */
  max: (check: CheckDef) => number
  detail: (check: CheckDef) => string
}

/** What a gap says when the default (the first check's detail, all points its checks lost) does not fit. */
interface Finding { evidence?: string, points?: number, severity?: Severity, checks?: CheckDef[] }

interface GapRule {
  code: string
  severity: Severity
  /** the checks behind the gap */
  checks: CheckDef[]
  /** about the homepage's HTML: not listed without one, as homepage_unreachable already explains those points */
  needsHomepage?: true
  /** whether the gap applies, or how it is told */
  find: (x: GapInput) => boolean | Finding
  recommendation: string
}

const RULES: GapRule[] = [
  {
    code: 'homepage_unreachable',
    severity: 'high',
    checks: [homepageServesHtml],
    find: ({ d }) => !d.homepageOk,
    recommendation: 'Make the homepage answer 200 with HTML to ordinary crawlers: check DNS, TLS, the server and any firewall rules.'
  },
  {
    code: 'bot_challenge_served',
    severity: 'high',
    checks: [noBotChallenge],
    find: ({ d }) => d.challenge !== null && { evidence: d.challenge },
    recommendation: 'Let declared crawlers through the bot protection (verified-bot allow lists), or they index a challenge page instead of the site.'
  },
  {
    code: 'homepage_noindex',
    severity: 'high',
    checks: [homepageIndexable],
    find: ({ d }) => d.noindex.length > 0,
    recommendation: 'Remove the noindex (meta robots or X-Robots-Tag) from the homepage unless hiding it from search is intended.'
  },
  {
    code: 'homepage_blocked_by_robots',
    severity: 'high',
    checks: [searchEnginesAllowed],
    find: ({ d }) => d.searchBlocked.length > 0,
    recommendation: 'Allow Googlebot and Bingbot to crawl the homepage: remove the blocking robots.txt rule or bot-specific noindex.'
  },
  {
    code: 'ai_search_bots_blocked',
    severity: 'high',
    checks: [aiSearchBotsAllowed],
    // below half of them it is high, else medium
    find: ({ d }) => d.aiSearch.share < 1 && {
      severity: d.aiSearch.share < 0.5 ? 'high' : 'medium',
      evidence: d.aiSearch.blocked.map((b) => `${b.token}: ${b.reason}`).join('; ')
    },
    recommendation: 'Allow AI search and user-fetch crawlers (OAI-SearchBot, ChatGPT-User, Claude-SearchBot, Claude-User, PerplexityBot, ' +
      'Perplexity-User); training crawlers can stay blocked separately.'
  },
  {
    code: 'ai_crawlers_blocked_by_server',
    severity: 'medium',
    checks: [],
    // seen from our address: a server that verifies crawlers by their IP ranges blocks impostors, so it costs no points
    find: ({ d }) => {
      const blocked = d.crawlers.filter((c) => c.crawler.aiSearch && c.mismatch === 'blocked_by_server')
      const why = blocked.map(({ crawler, facts: { homepage } }) =>
        `${crawler.token}: ${homepage.challenge === null ? `HTTP ${homepage.status ?? '?'}` : `${BOT_PROTECTION[homepage.challenge]} challenge`}`)
      return blocked.length > 0 && { points: 0, evidence: `robots.txt allows them, the server turns them away: ${why.join('; ')}` }
    },
    recommendation: 'Let the AI search and user-fetch crawlers that robots.txt allows through the CDN or firewall (allow their verified ' +
      'IP ranges or bot categories), or answers cannot cite the site.'
  },
  {
    code: 'robots_txt_unreachable',
    severity: 'high',
    checks: [robotsTxtValid],
    find: ({ d }) => d.obs.robots.outcome === 'unreachable',
    recommendation: 'Serve /robots.txt with 200 (or 404 if you have no rules): a 5xx, 429 or timeout makes crawlers assume the whole site is disallowed.'
  },
  {
    code: 'content_requires_javascript',
    severity: 'high',
    checks: [textWithoutJavascript],
    needsHomepage: true,
    // rendered, a complete render's comparison decides; without the renderer, or when no render completed, little raw
    // text stands for it
    find: ({ d }) => {
      const rendering = renderingReport(d.obs)
      if (rendering.status !== 'measured' || rendering.requires_javascript === null) return (d.home?.main_text.words ?? 0) < 50
      const evidence = javascriptGapEvidence(rendering)
      return evidence !== null && { evidence }
    },
    recommendation: 'Render the main content and navigation on the server (SSR or static HTML): most AI crawlers read the raw HTML only.'
  },
  {
    code: 'missing_title',
    severity: 'high',
    checks: [titleLength],
    needsHomepage: true,
    find: ({ points }) => points(titleLength) === 0,
    recommendation: 'Add a descriptive <title> of 10-60 characters.'
  },
  {
    code: 'https_not_enforced',
    severity: 'medium',
    checks: [httpsEnforced],
    find: ({ points, max }) => points(httpsEnforced) < max(httpsEnforced),
    recommendation: 'Serve the site over https and redirect http:// to https:// with a 301 or 308.'
  },
  {
    code: 'missing_structured_data',
    severity: 'medium',
    checks: [jsonLdParses],
    needsHomepage: true,
    find: ({ points }) => points(jsonLdParses) === 0,
    recommendation: 'Add JSON-LD structured data (Organization and WebSite on the homepage, Article or Product on content pages).'
  },
  {
    code: 'missing_sitemap_signal',
    severity: 'medium',
    checks: [sitemapDiscoverable],
    find: ({ points }) => points(sitemapDiscoverable) === 0,
    recommendation: 'Publish an XML sitemap and announce it with a Sitemap: line in robots.txt.'
  },
  {
    code: 'invalid_sitemap',
    severity: 'medium',
    checks: [sitemapDiscoverable],
    find: ({ d }) => {
      const bad = d.obs.sitemaps.files.filter((f) => (is2xx(f.fetch.status) && (f.kind === null || f.errors.length > 0)) ||
        (f.source !== 'convention' && !is2xx(f.fetch.status)))
      const why = bad.map((f) => `${f.url}: ${f.errors[0] ??
        (is2xx(f.fetch.status) ? 'not a sitemap' : `answers ${f.fetch.status ?? f.fetch.error?.message ?? 'nothing'}`)}`)
      // the points are already the missing sitemap signal's
      return bad.length > 0 && { evidence: why.join('; '), points: 0 }
    },
    recommendation: 'Fix the sitemap: well-formed XML with a <urlset> or <sitemapindex> root, at most 50,000 URLs and 50 MB uncompressed per file.'
  },
  {
    code: 'sitemap_sample_errors',
    severity: 'medium',
    checks: [sampledPagesAnswer],
    find: ({ d }) => {
      const sampled = d.sitemapSample
      const failing = sampled.filter((s) => !s.pass).map((s) => `${s.url} (${s.problems.join(', ')})`)
      const passShare = (sampled.length - failing.length) / sampled.length
      return sampled.length > 0 && passShare < 0.8 &&
        { evidence: `${failing.length} of ${sampled.length} sampled sitemap URLs fail: ${failing.join('; ')}` }
    },
    recommendation: 'List only canonical, indexable URLs that answer 200 in the sitemap.'
  },
  {
    code: 'missing_meta_description',
    severity: 'medium',
    checks: [metaDescription],
    needsHomepage: true,
    find: ({ points }) => points(metaDescription) === 0,
    recommendation: 'Add a meta description of 50-160 characters that summarises the page.'
  },
  {
    code: 'canonical_invalid',
    severity: 'medium',
    checks: [selfCanonical],
    needsHomepage: true,
    find: ({ points }) => points(selfCanonical) <= 1,
    recommendation: 'Declare exactly one absolute, self-referencing canonical URL on this host that answers 200.'
  },
  {
    code: 'missing_og_image',
    severity: 'medium',
    checks: [openGraph],
    needsHomepage: true,
    // og:image is 1 of the 3 OpenGraph points
    find: ({ d }) => !d.ogImageOk && { points: 1 },
    recommendation: 'Add an og:image with an absolute URL to a reachable image (1200x630 recommended).'
  },
  {
    code: 'missing_viewport',
    severity: 'medium',
    checks: [mobileViewport],
    needsHomepage: true,
    find: ({ points }) => points(mobileViewport) === 0,
    recommendation: 'Add <meta name="viewport" content="width=device-width, initial-scale=1">.'
  },
  {
    code: 'missing_organization_schema',
    severity: 'medium',
    checks: [organizationSchema],
    needsHomepage: true,
    find: ({ points }) => points(organizationSchema) === 0,
    recommendation: 'Add an Organization (or LocalBusiness) JSON-LD node with name, url, logo and sameAs profiles.'
  },
  {
    code: 'invalid_json_ld',
    severity: 'medium',
    checks: [identifiersOnHost],
    needsHomepage: true,
    find: ({ d }) => d.jsonLdErrors.length > 0,
    recommendation: 'Fix the JSON-LD syntax errors: consumers silently drop blocks that do not parse.'
  },
  {
    code: 'invalid_llms_txt',
    severity: 'medium',
    checks: [llmsTxtShape],
    find: ({ d }) => {
      const l = d.obs.llms_txt
      if (l.fetch.status !== 200) return false
      if (l.is_html) return { evidence: `${l.url} answers an HTML page`, checks: [llmsTxtServed, llmsTxtShape] }
      return l.shape !== null && (l.shape.title === null || l.shape.links === 0) && { evidence: l.shape.problems.join('; ') }
    },
    recommendation: 'Serve /llms.txt as markdown: an H1 with the site name, a > summary, and H2 sections listing [name](url) links.'
  },
  {
    code: 'robots_txt_invalid',
    severity: 'low',
    checks: [robotsTxtValid],
    find: ({ d }) => d.obs.robots.outcome === 'parsed' && d.obs.robots.lint_errors.length > 0,
    recommendation: 'Fix the robots.txt lines listed in the evidence (Lighthouse robots-txt rules).'
  },
  {
    code: 'missing_robots_txt',
    severity: 'low',
    checks: [robotsTxtValid],
    find: ({ d }) => d.obs.robots.outcome === 'unavailable',
    recommendation: 'Publish a /robots.txt that states your crawl policy and lists your sitemap.'
  },
  {
    code: 'missing_llms_txt',
    severity: 'low',
    checks: [llmsTxtServed, llmsTxtShape, llmsTxtLinksAnswer],
    find: ({ d }) => d.obs.llms_txt.fetch.status !== 200,
    recommendation: 'Publish /llms.txt (llmstxt.org) pointing AI tools at your key pages in markdown.'
  },
  {
    code: 'missing_article_schema',
    severity: 'low',
    checks: [contentItemSchema],
    needsHomepage: true,
    find: ({ points }) => points(contentItemSchema) === 0,
    recommendation: 'Mark content pages up as Article (headline, author, datePublished) or Product/Event with their required fields.'
  },
  {
    code: 'missing_breadcrumb_schema',
    severity: 'low',
    checks: [breadcrumbSchema],
    needsHomepage: true,
    find: ({ d, points }) => points(breadcrumbSchema) === 0 && d.samplePages.length > 0,
    recommendation: 'Add BreadcrumbList markup to pages below the homepage.'
  },
  {
    code: 'title_length',
    severity: 'low',
    checks: [titleLength],
    needsHomepage: true,
    // a title of the wrong length earns all but the length's point
    find: ({ points, max }) => points(titleLength) > 0 && points(titleLength) < max(titleLength),
    recommendation: 'Keep the title between 10 and 60 characters so it is not truncated.'
  },
  {
    code: 'meta_description_length',
    severity: 'low',
    checks: [metaDescription],
    needsHomepage: true,
    find: ({ points, max }) => points(metaDescription) > 0 && points(metaDescription) < max(metaDescription),
    recommendation: 'Keep the meta description between 50 and 160 characters.'
  },
  {
    code: 'missing_h1',
    severity: 'low',
    checks: [headingOutline],
    needsHomepage: true,
    // one h1 is 1 of the outline's 2 points, no skipped level the other
    find: ({ d }) => h1Count(d) === 0 && { points: 1 },
    recommendation: 'Give the page one visible h1 that names its topic.'
  },
  {
    code: 'multiple_h1',
    severity: 'low',
    checks: [headingOutline],
    needsHomepage: true,
    find: ({ d }) => h1Count(d) > 1 && { points: 1 },
    recommendation: 'Keep one h1 per page; use h2-h6 for sections.'
  },
  {
    code: 'heading_skip',
    severity: 'low',
    checks: [headingOutline],
    needsHomepage: true,
    find: ({ d }) => (d.home?.headings.skips.length ?? 0) > 0 && { points: 1 },
    recommendation: 'Do not skip heading levels (h2 then h4): the outline is how machines read the page structure.'
  },
  {
    code: 'images_missing_alt',
    severity: 'low',
    checks: [imageAltText],
    needsHomepage: true,
    find: ({ d }) => {
      const images = d.home?.images
      return images !== undefined && images.total > 0 && images.with_alt / images.total < 0.9
    },
    recommendation: 'Give every meaningful image an alt text (alt="" for decorative ones).'
  },
  {
    code: 'missing_og_tags',
    severity: 'low',
    checks: [openGraph],
    needsHomepage: true,
    // og:title and og:description are a point each
    find: ({ d }) => {
      const og = d.home?.og
      const missing = og === undefined ? 0 : (og.title === null ? 1 : 0) + (og.description === null ? 1 : 0)
      return missing > 0 && { points: missing }
    },
    recommendation: 'Add og:title and og:description for link previews.'
  },
  {
    code: 'invalid_hreflang',
    severity: 'medium',
    checks: [validHreflang],
    // a missing x-default alone is a recommendation: low, and it costs nothing
    find: ({ d }) => d.hreflang.annotated > 0 && d.hreflang.errors.length + d.hreflang.warnings.length > 0 &&
      (d.hreflang.errors.length === 0 ? { severity: 'low', evidence: d.hreflang.warnings.join('; ') } : true),
    recommendation: 'Give each language version absolute hreflang links to every version, itself included (ISO 639 language, ' +
      'optional ISO 3166-1 region, e.g. en-GB), linked back from each of them, plus an x-default.'
  },
  {
    code: 'non_crawlable_links',
    severity: 'low',
    checks: [crawlableLinks],
    needsHomepage: true,
    find: ({ d }) => (d.home?.links.non_crawlable ?? 0) > 0 && {
      evidence: `${plural(d.home?.links.non_crawlable ?? 0, 'link')} crawlers cannot follow: ${d.home?.links.non_crawlable_examples.join(', ') ?? ''}`
    },
    recommendation: 'Make every navigation link an <a> with a real href (not javascript: or a missing href) so crawlers can follow it.'
  },
  {
    code: 'generic_link_text',
    severity: 'low',
    checks: [descriptiveLinkText],
    needsHomepage: true,
    find: ({ d }) => (d.home?.links.generic_text.length ?? 0) > 0 && {
      evidence: `links that say nothing about where they go: ${d.home?.links.generic_text.map((t) => `"${t}"`).join(', ') ?? ''}`
    },
    recommendation: 'Write link text that names the target ("pricing plans", not "click here") so search engines and readers know where it goes.'
  },
  {
    code: 'missing_twitter_card',
    severity: 'low',
    checks: [twitterCard],
    needsHomepage: true,
    find: ({ points }) => points(twitterCard) === 0,
    recommendation: 'Add <meta name="twitter:card" content="summary_large_image">.'
  },
  {
    code: 'missing_favicon',
    severity: 'low',
    checks: [favicon],
    needsHomepage: true,
    find: ({ points }) => points(favicon) === 0,
    recommendation: 'Declare a favicon with <link rel="icon"> or serve /favicon.ico.'
  },
  {
    code: 'missing_lang',
    severity: 'low',
    checks: [htmlLang],
    needsHomepage: true,
    find: ({ points }) => points(htmlLang) === 0,
    recommendation: 'Declare the page language: <html lang="en">.'
  },
  {
    code: 'missing_lastmod',
    severity: 'low',
    checks: [sitemapLastmodCoverage],
    find: ({ d, points, max }) => d.obs.sitemaps.entries > 0 && points(sitemapLastmodCoverage) < max(sitemapLastmodCoverage),
    recommendation: 'Give every sitemap entry an accurate <lastmod> in W3C Datetime format.'
  },
  {
    code: 'stale_sitemap',
    severity: 'low',
    checks: [recentLastmod],
    find: ({ d, points, max }) => d.obs.sitemaps.lastmod.newest !== null && points(recentLastmod) < max(recentLastmod),
    recommendation: 'Keep lastmod current: update it when page content changes.'
  },
  {
    code: 'missing_content_dates',
    severity: 'low',
    checks: [statedDates],
    needsHomepage: true,
    find: ({ points }) => points(statedDates) === 0,
    recommendation: 'State published and modified dates (datePublished/dateModified, article:modified_time or <time datetime>).'
  },
  {
    code: 'slow_response',
    severity: 'low',
    checks: [fastFirstByte],
    find: ({ d, points, max }) => d.obs.homepage.fetch.ttfb_ms !== null && points(fastFirstByte) < max(fastFirstByte),
    recommendation: 'Bring time to first byte under 1.5 s (caching, CDN, lighter server work).'
  },
  {
    code: 'long_redirect_chain',
    severity: 'low',
    checks: [fewRedirects],
    find: ({ d }) => d.obs.homepage.fetch.redirects.length > 2,
    recommendation: 'Link and redirect straight to the final URL: at most 2 hops.'
  }
]

/** Every gap code, in the order of the table (ties in severity and points are broken by it). */
export const GAP_CODES = RULES.map((rule) => rule.code)

function h1Count (d: Derived): number {
  return d.home?.headings.h1.filter((t) => t.trim() !== '').length ?? 0
}

function lostBy (checks: CheckDef[], { points, max }: GapInput): number {
  return checks.reduce((sum, c) => sum + max(c) - points(c), 0)
}

export function findGaps (d: Derived, checks: Check[]): Gap[] {
  const byId = new Map(checks.map((c) => [c.id, c]))
  const input: GapInput = {
    d,
    points: (check) => byId.get(check.id)?.points ?? 0,
    max: (check) => byId.get(check.id)?.max ?? check.max,
    detail: (check) => byId.get(check.id)?.detail ?? ''
  }
  const gaps: Array<Gap & { order: number }> = []
  RULES.forEach((rule, order) => {
    if (rule.needsHomepage === true && !d.homepageOk) return
    const found = rule.find(input)
    if (found === false) return
    const finding: Finding = found === true ? {} : found
    const behind = finding.checks ?? rule.checks
    gaps.push({
      code: rule.code,
      severity: finding.severity ?? rule.severity,
      evidence: finding.evidence ?? (rule.checks.length > 0 ? input.detail(rule.checks[0]) : ''),
      recommendation: rule.recommendation,
      points_lost: finding.points ?? lostBy(behind, input),
      checks: behind.map((c) => c.id),
      order
    })
  })
  gaps.sort((a, b) => RANK[a.severity] - RANK[b.severity] || b.points_lost - a.points_lost || a.order - b.order)
  return gaps.map(({ order: _order, ...gap }) => gap)
}
