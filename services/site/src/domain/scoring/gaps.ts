// Gaps (research/site.md B3): each failing check becomes a coded finding with evidence from the
// observations and a recommendation; top_gaps are sorted by severity, then points lost, then table order.
import type { SiteObservations } from '../observations.js'
import type { Check } from './checks.js'
import { is2xx, type Derived } from './derive.js'
import { sitemapSampleQa } from '../reports/sitemap-qa.js'

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

interface Context { obs: SiteObservations, d: Derived, byId: Map<string, Check> }
type Finding = { severity?: Severity, evidence: string, points: number, checks: string[] } | null
interface GapDef { code: string, severity: Severity, pageBased: boolean, recommendation: string, find: (ctx: Context) => Finding }

const lost = (ctx: Context, ...ids: string[]): number =>
  ids.reduce((sum, id) => { const c = ctx.byId.get(id); return sum + (c === undefined ? 0 : c.max - c.points) }, 0)
const detail = (ctx: Context, id: string): string => ctx.byId.get(id)?.detail ?? ''
const points = (ctx: Context, id: string): number => ctx.byId.get(id)?.points ?? 0
const when = (cond: boolean, ctx: Context, id: string, amount?: number): Finding =>
  cond ? { evidence: detail(ctx, id), points: amount ?? lost(ctx, id), checks: [id] } : null

const DEFS: GapDef[] = [
  { code: 'homepage_unreachable', severity: 'high', pageBased: false, recommendation: 'Make the homepage answer 200 with HTML to ordinary crawlers: check DNS, TLS, the server and any firewall rules.', find: (x) => when(!x.d.homepageOk, x, 'F1') },
  { code: 'bot_challenge_served', severity: 'high', pageBased: false, recommendation: 'Let declared crawlers through the bot protection (verified-bot allow lists), or they index a challenge page instead of the site.', find: (x) => x.d.challenge === null ? null : { evidence: x.d.challenge, points: lost(x, 'F5'), checks: ['F5'] } },
  { code: 'homepage_noindex', severity: 'high', pageBased: false, recommendation: 'Remove the noindex (meta robots or X-Robots-Tag) from the homepage unless hiding it from search is intended.', find: (x) => when(x.d.noindex.length > 0, x, 'C4') },
  { code: 'homepage_blocked_by_robots', severity: 'high', pageBased: false, recommendation: 'Allow Googlebot and Bingbot to crawl the homepage: remove the blocking robots.txt rule or bot-specific noindex.', find: (x) => when(x.d.searchBlocked.length > 0, x, 'C2') },
  {
    code: 'ai_search_bots_blocked',
    severity: 'high',
    pageBased: false,
    recommendation: 'Allow AI search and user-fetch crawlers (OAI-SearchBot, ChatGPT-User, Claude-SearchBot, Claude-User, PerplexityBot, Perplexity-User); training crawlers can stay blocked separately.',
    find: (x) => x.d.aiSearch.share >= 1 ? null : { severity: x.d.aiSearch.share < 0.5 ? 'high' : 'medium', evidence: x.d.aiSearch.blocked.map((b) => `${b.token}: ${b.reason}`).join('; '), points: lost(x, 'C3'), checks: ['C3'] }
  },
  { code: 'robots_txt_unreachable', severity: 'high', pageBased: false, recommendation: 'Serve /robots.txt with 200 (or 404 if you have no rules): a 5xx, 429 or timeout makes crawlers assume the whole site is disallowed.', find: (x) => when(x.obs.robots.outcome === 'unreachable', x, 'C1') },
  { code: 'content_requires_javascript', severity: 'high', pageBased: true, recommendation: 'Render the main content on the server (SSR or static HTML): most crawlers and AI fetchers do not run JavaScript.', find: (x) => when((x.d.home?.mainText.words ?? 0) < 50, x, 'L4') },
  { code: 'missing_title', severity: 'high', pageBased: true, recommendation: 'Add a descriptive <title> of 10-60 characters.', find: (x) => when(points(x, 'M1') === 0, x, 'M1') },
  { code: 'https_not_enforced', severity: 'medium', pageBased: false, recommendation: 'Serve the site over https and redirect http:// to https:// with a 301 or 308.', find: (x) => when(points(x, 'F2') < 3, x, 'F2') },
  { code: 'missing_structured_data', severity: 'medium', pageBased: true, recommendation: 'Add JSON-LD structured data (Organization and WebSite on the homepage, Article or Product on content pages).', find: (x) => when(points(x, 'S1') === 0, x, 'S1') },
  { code: 'missing_sitemap_signal', severity: 'medium', pageBased: false, recommendation: 'Publish an XML sitemap and announce it with a Sitemap: line in robots.txt.', find: (x) => when(points(x, 'C5') === 0, x, 'C5') },
  {
    code: 'invalid_sitemap',
    severity: 'medium',
    pageBased: false,
    recommendation: 'Fix the sitemap: well-formed XML with a <urlset> or <sitemapindex> root, at most 50,000 URLs and 50 MB uncompressed per file.',
    find: (x) => {
      const bad = x.obs.sitemaps.files.filter((f) => (is2xx(f.fetch.status) && (f.kind === null || f.errors.length > 0)) ||
        (f.source !== 'convention' && !is2xx(f.fetch.status)))
      if (bad.length === 0) return null
      const why = bad.map((f) => `${f.url}: ${f.errors[0] ?? (is2xx(f.fetch.status) ? 'not a sitemap' : `answers ${f.fetch.status ?? f.fetch.error?.message ?? 'nothing'}`)}`)
      return { evidence: why.join('; '), points: 0, checks: ['C5'] }
    }
  },
  {
    code: 'sitemap_sample_errors',
    severity: 'medium',
    pageBased: false,
    recommendation: 'List only canonical, indexable URLs that answer 200 in the sitemap.',
    find: (x) => {
      const qa = sitemapSampleQa(x.obs, x.d.now)
      if (qa.pass_share === null || qa.pass_share >= 0.8) return null
      const failing = qa.sampled.filter((s) => !s.pass).map((s) => `${s.url} (${s.problems.join(', ')})`)
      return { evidence: `${failing.length} of ${qa.sampled.length} sampled sitemap URLs fail: ${failing.join('; ')}`, points: lost(x, 'F6'), checks: ['F6'] }
    }
  },
  { code: 'missing_meta_description', severity: 'medium', pageBased: true, recommendation: 'Add a meta description of 50-160 characters that summarises the page.', find: (x) => when(points(x, 'M2') === 0, x, 'M2') },
  { code: 'canonical_invalid', severity: 'medium', pageBased: true, recommendation: 'Declare exactly one absolute, self-referencing canonical URL on this host that answers 200.', find: (x) => when(points(x, 'M3') <= 1, x, 'M3') },
  { code: 'missing_og_image', severity: 'medium', pageBased: true, recommendation: 'Add an og:image with an absolute URL to a reachable image (1200x630 recommended).', find: (x) => when(!x.d.ogImageOk, x, 'M7', 2) },
  { code: 'missing_viewport', severity: 'medium', pageBased: true, recommendation: 'Add <meta name="viewport" content="width=device-width, initial-scale=1">.', find: (x) => when(points(x, 'M5') === 0, x, 'M5') },
  { code: 'missing_organization_schema', severity: 'medium', pageBased: true, recommendation: 'Add an Organization (or LocalBusiness) JSON-LD node with name, url, logo and sameAs profiles.', find: (x) => when(points(x, 'S2') === 0, x, 'S2') },
  { code: 'invalid_json_ld', severity: 'medium', pageBased: true, recommendation: 'Fix the JSON-LD syntax errors: consumers silently drop blocks that do not parse.', find: (x) => when(x.d.jsonLdErrors.length > 0, x, 'S6') },
  {
    code: 'invalid_llms_txt',
    severity: 'medium',
    pageBased: false,
    recommendation: 'Serve /llms.txt as markdown: an H1 with the site name, a > summary, and H2 sections listing [name](url) links.',
    find: (x) => {
      const l = x.obs.llmsTxt
      if (l.fetch.status !== 200) return null
      if (l.isHtml) return { evidence: `${l.url} answers an HTML page`, points: lost(x, 'L1', 'L2'), checks: ['L1', 'L2'] }
      const s = l.shape
      return s !== null && (s.title === null || s.links === 0) ? { evidence: s.problems.join('; '), points: lost(x, 'L2'), checks: ['L2'] } : null
    }
  },
  { code: 'robots_txt_invalid', severity: 'low', pageBased: false, recommendation: 'Fix the robots.txt lines listed in the evidence (Lighthouse robots-txt rules).', find: (x) => when(x.obs.robots.outcome === 'parsed' && x.obs.robots.lintErrors.length > 0, x, 'C1') },
  { code: 'missing_robots_txt', severity: 'low', pageBased: false, recommendation: 'Publish a /robots.txt that states your crawl policy and lists your sitemap.', find: (x) => when(x.obs.robots.outcome === 'unavailable', x, 'C1') },
  { code: 'missing_llms_txt', severity: 'low', pageBased: false, recommendation: 'Publish /llms.txt (llmstxt.org) pointing AI tools at your key pages in markdown.', find: (x) => x.obs.llmsTxt.fetch.status === 200 ? null : { evidence: detail(x, 'L1'), points: lost(x, 'L1', 'L2', 'L3'), checks: ['L1', 'L2', 'L3'] } },
  { code: 'missing_article_schema', severity: 'low', pageBased: true, recommendation: 'Mark content pages up as Article (headline, author, datePublished) or Product/Event with their required fields.', find: (x) => when(points(x, 'S4') === 0, x, 'S4') },
  { code: 'missing_breadcrumb_schema', severity: 'low', pageBased: true, recommendation: 'Add BreadcrumbList markup to pages below the homepage.', find: (x) => when(points(x, 'S5') === 0 && x.d.samplePages.length > 0, x, 'S5') },
  { code: 'title_length', severity: 'low', pageBased: true, recommendation: 'Keep the title between 10 and 60 characters so it is not truncated.', find: (x) => when(points(x, 'M1') === 2, x, 'M1') },
  { code: 'meta_description_length', severity: 'low', pageBased: true, recommendation: 'Keep the meta description between 50 and 160 characters.', find: (x) => when(points(x, 'M2') === 1.5, x, 'M2') },
  { code: 'missing_h1', severity: 'low', pageBased: true, recommendation: 'Give the page one visible h1 that names its topic.', find: (x) => when(x.d.home?.headings.h1.filter((t) => t.trim() !== '').length === 0, x, 'M6', 2) },
  { code: 'multiple_h1', severity: 'low', pageBased: true, recommendation: 'Keep one h1 per page; use h2-h6 for sections.', find: (x) => when((x.d.home?.headings.h1.filter((t) => t.trim() !== '').length ?? 0) > 1, x, 'M6', 2) },
  { code: 'heading_skip', severity: 'low', pageBased: true, recommendation: 'Do not skip heading levels (h2 then h4): the outline is how machines read the page structure.', find: (x) => when((x.d.home?.headings.skips.length ?? 0) > 0, x, 'M6', 1) },
  { code: 'images_missing_alt', severity: 'low', pageBased: true, recommendation: 'Give every meaningful image an alt text (alt="" for decorative ones).', find: (x) => { const i = x.d.home?.images; return when(i !== undefined && i.total > 0 && i.withAlt / i.total < 0.9, x, 'M10') } },
  { code: 'missing_og_tags', severity: 'low', pageBased: true, recommendation: 'Add og:title and og:description for link previews.', find: (x) => { const og = x.d.home?.og; const n = og === undefined ? 0 : (og.title === null ? 1 : 0) + (og.description === null ? 1 : 0); return when(n > 0, x, 'M7', n) } },
  { code: 'missing_twitter_card', severity: 'low', pageBased: true, recommendation: 'Add <meta name="twitter:card" content="summary_large_image">.', find: (x) => when(points(x, 'M8') === 0, x, 'M8') },
  { code: 'missing_favicon', severity: 'low', pageBased: true, recommendation: 'Declare a favicon with <link rel="icon"> or serve /favicon.ico.', find: (x) => when(points(x, 'M9') === 0, x, 'M9') },
  { code: 'missing_lang', severity: 'low', pageBased: true, recommendation: 'Declare the page language: <html lang="en">.', find: (x) => when(points(x, 'M4') === 0, x, 'M4') },
  { code: 'missing_lastmod', severity: 'low', pageBased: false, recommendation: 'Give every sitemap entry an accurate <lastmod> in W3C Datetime format.', find: (x) => when(x.obs.sitemaps.entries > 0 && points(x, 'R1') < 3, x, 'R1') },
  { code: 'stale_sitemap', severity: 'low', pageBased: false, recommendation: 'Keep lastmod current: update it when page content changes.', find: (x) => when(x.obs.sitemaps.lastmod.newest !== null && points(x, 'R2') < 2, x, 'R2') },
  { code: 'missing_content_dates', severity: 'low', pageBased: true, recommendation: 'State published and modified dates (datePublished/dateModified, article:modified_time or <time datetime>).', find: (x) => when(points(x, 'R4') === 0, x, 'R4') },
  { code: 'slow_response', severity: 'low', pageBased: false, recommendation: 'Bring time to first byte under 1.5 s (caching, CDN, lighter server work).', find: (x) => when(x.obs.homepage.fetch.ttfbMs !== null && points(x, 'F4') < 2, x, 'F4') },
  { code: 'long_redirect_chain', severity: 'low', pageBased: false, recommendation: 'Link and redirect straight to the final URL: at most 2 hops.', find: (x) => when(x.obs.homepage.fetch.redirects.length > 2, x, 'F3', 1) }
]

export function findGaps (obs: SiteObservations, d: Derived, checks: Check[]): Gap[] {
  const ctx: Context = { obs, d, byId: new Map(checks.map((c) => [c.id, c])) }
  const gaps: Array<Gap & { order: number }> = []
  DEFS.forEach((def, order) => {
    // without a homepage every page-based check is 0; homepage_unreachable already explains those points
    if (def.pageBased && !d.homepageOk) return
    const f = def.find(ctx)
    if (f === null) return
    gaps.push({ code: def.code, severity: f.severity ?? def.severity, evidence: f.evidence, recommendation: def.recommendation, points_lost: f.points, checks: f.checks, order })
  })
  gaps.sort((a, b) => RANK[a.severity] - RANK[b.severity] || b.points_lost - a.points_lost || a.order - b.order)
  return gaps.map(({ order: _order, ...gap }) => gap)
}
