import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { HttpError, RequestValidationError } from '@utility-apis/fastapi-errors'
import type { Fetcher } from '../domain/collect/fetch-step.js'
import { observeSite, TargetNotAllowedError } from '../domain/collect/observe-site.js'
import { InvalidTargetError, parseTarget, type Target } from '../domain/collect/target.js'
import { buildReport } from '../domain/report.js'
import { AnalyzeRequestSchema, AnalyzeResponseSchema, DEFAULT_BUDGET_SECONDS, DEFAULT_MAX_PAGES } from './analyze.schemas.js'

export interface AnalyzeRouteOptions {
  fetcher: Fetcher
  clock: () => Date
}

const DESCRIPTION = `Analyses a public website for how well crawlers, AI answer engines and link previews can understand it.

Reads the homepage (redirects, headers, timing), the http:// and www/apex variants, /robots.txt (RFC 9309 matcher, Lighthouse lint,
content signals), the sitemaps (robots.txt Sitemap: lines, else /sitemap.xml; indexes, gzip, RSS/Atom, text), /llms.txt and
/llms-full.txt, a random 404 probe and a deterministic sample of same-host pages (seeded by the domain). No JavaScript is run.

- **technical_crawl_score** (= score, out of 100): fetchability 20, metadata 25, crawl_policy 20, structured_data 10,
  llm_readiness 15, freshness 10; every check and its points are in score_breakdown.
- **aeo_authority_score**: entity clarity, answer depth, E-E-A-T proof and citability, capped (caps_applied) by what keeps
  answer engines away: unfetchable homepage 20, AI retrieval blocked 40, noindex 40, JavaScript-only content 50, thin E-E-A-T proof 60,
  missing FAQ answer depth 70, missing entity schema 80.
- **top_gaps**: the five most important findings (severity, then points lost) with evidence and a recommendation; all in gaps.
- launch_readiness, mobile_compatibility (what needs rendering is not_measured), sitemap_qa, ai_crawler_access, and observations.

The same site content gives the same report. An unreachable site is a 200 with fetchability.ok false; a target that resolves to
a non-public address is a 400.`

function targetOf (url: string): Target {
  try {
    return parseTarget(url)
  } catch (error) {
    if (!(error instanceof InvalidTargetError)) throw error
    throw new RequestValidationError([{ type: 'value_error', loc: ['body', 'url'], msg: `Value error, ${error.message}`, input: url, ctx: { error: error.message } }])
  }
}

export const analyzeRoute: FastifyPluginAsyncTypebox<AnalyzeRouteOptions> = async (app, { fetcher, clock }) => {
  app.post('/v1/site-intel/analyze', {
    config: { auth: true },
    schema: {
      tags: ['site-intel'],
      summary: 'Analyse a website: crawl score, AEO score and prioritised gaps',
      description: DESCRIPTION,
      body: AnalyzeRequestSchema,
      response: { 200: AnalyzeResponseSchema }
    }
  }, async (request) => {
    const target = targetOf(request.body.url)
    try {
      const observations = await observeSite(target, {
        fetcher,
        now: clock(),
        budgetMs: (request.body.time_budget_seconds ?? DEFAULT_BUDGET_SECONDS) * 1000,
        maxPages: request.body.max_pages ?? DEFAULT_MAX_PAGES
      })
      const report = buildReport(observations, clock())
      app.metrics.count('analyses', report.fetchability.ok ? 'reachable' : 'unreachable')
      return report
    } catch (error) {
      if (error instanceof TargetNotAllowedError) {
        app.metrics.count('analyses', 'not_allowed')
        throw new HttpError(400, 'Target address is not allowed')
      }
      throw error
    }
  })
}
