import accepts from '@fastify/accepts'
import type { Renderer, Screenshots } from '@utility-apis/renderer'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type, type Static } from '@sinclair/typebox'
import { bodyValidatorCompiler, schemaThen } from '@utility-apis/fastapi-errors'
import { callerGoneSignal, TargetNotAllowedResponse } from '@utility-apis/service-kit'
import type { Fetcher } from '../domain/collect/fetch-step.js'
import { TargetNotAllowedError } from '@utility-apis/homepage-fetch'
import { analyzeSite } from '../domain/analyze-site.js'
import { TOP_GAPS } from '../domain/report.js'
import { REPORT_CSP, renderHtmlReport } from '../domain/reports/html-report.js'
import { renderMarkdownReport } from '../domain/reports/markdown-report.js'
import { targetOf } from './url-input.js'
import { analyzeRequestExamples } from './analyze.examples.js'
import { AnalyzeRequestSchema, AnalyzeResponseSchema, CAPS_TEXT, CATEGORY_POINTS_TEXT, DEFAULT_BUDGET_SECONDS, DEFAULT_MAX_PAGES } from './analyze.schemas.js'

export interface AnalyzeRouteOptions {
  fetcher: Fetcher
  fetchAs: (userAgent: string) => Fetcher
  clock: () => Date
  /** renders pages with JavaScript on (RENDERER=chromium); null: `rendering: {"status": "disabled"}` */
  renderer: Renderer | null
}

const DESCRIPTION = `Analyses a public website for how well crawlers, AI answer engines and link previews can understand it.

Reads the homepage (redirects, headers, timing), the http:// and www/apex variants, /robots.txt (RFC 9309 matcher, Lighthouse lint,
content signals), the sitemaps (robots.txt Sitemap: lines, else /sitemap.xml; indexes, gzip, RSS/Atom, text), /llms.txt and
/llms-full.txt, a random 404 probe and a deterministic sample of same-host pages (seeded by the domain). JavaScript runs only where the
server renders (RENDERER=chromium): then the homepage and up to 3 sampled pages are compared rendered against raw (rendering) and the
homepage's lab Core Web Vitals are measured (performance, not scored); otherwise rendering is {"status": "disabled"}.

- **technical_crawl_score** (= score, out of 100): ${CATEGORY_POINTS_TEXT}; every check and its points are in score_breakdown.
- **aeo_authority_score**: entity clarity, answer depth, E-E-A-T proof and citability, capped (caps_applied) by what keeps
  answer engines away: ${CAPS_TEXT}.
- **top_gaps**: the ${TOP_GAPS} most important findings (severity, then points lost) with evidence and a recommendation; all in gaps.
- launch_readiness, mobile_compatibility (what needs rendering is not_measured), sitemap_qa, ai_crawler_access, and observations.

The same site content gives the same report. An unreachable site is a 200 with fetchability.ok false; a target that resolves to
a non-public address is a 400.`

const FORMATS: Record<string, 'json' | 'html' | 'markdown'> = { 'application/json': 'json', 'text/html': 'html', 'text/markdown': 'markdown' }

export const analyzeRoute: FastifyPluginAsyncTypebox<AnalyzeRouteOptions> = async (app, { fetcher, fetchAs, clock, renderer }) => {
  // Exported at 0 from the start: an alert on one of these sees 0, not no data
  app.metrics.declare('analyses', ['reachable', 'unreachable', 'not_allowed'])
  await app.register(accepts)
  app.post('/v1/site-intel/analyze', {
    config: { auth: true },
    // A URL that cannot be analysed is a 422 of validation, before the quota decides: free on any key
    validatorCompiler: bodyValidatorCompiler(schemaThen<Static<typeof AnalyzeRequestSchema>>(AnalyzeRequestSchema, (body) => { targetOf(body.url) })),
    // The error answers itself (400 target_not_allowed); it is only counted here
    onError: async (_request, _reply, error) => { if (error instanceof TargetNotAllowedError) app.metrics.count('analyses', 'not_allowed') },
    schema: {
      tags: ['site-intel'],
      operationId: 'analyzeSite',
      summary: 'Analyse a website: crawl score, AEO score and prioritised gaps',
      description: DESCRIPTION,
      body: { ...AnalyzeRequestSchema, 'x-examples': analyzeRequestExamples },
      response: {
        200: {
          description: 'The report: JSON, one self-contained HTML page, or Markdown (`format`, else the Accept header).',
          content: {
            'application/json': { schema: AnalyzeResponseSchema },
            'text/html': { schema: Type.String({ description: 'a page with no script and no external asset, readable offline' }) },
            'text/markdown': { schema: Type.String({ description: 'the same report as Markdown, for tickets and LLM tools' }) }
          }
        },
        400: TargetNotAllowedResponse
      }
    }
  }, async (request, reply) => {
    const target = targetOf(request.body.url)
    const format = request.body.format ?? FORMATS[request.accepts().type(Object.keys(FORMATS)) as string] ?? 'json'
    let report
    let shots: Screenshots | null = null
    try {
      report = await analyzeSite(target, {
        fetcher,
        fetchAs,
        clock,
        renderer,
        // a caller that closed its connection is answered 499, uncharged, and its site is not fetched for no one
        signal: callerGoneSignal(request, reply),
        budgetMs: (request.body.time_budget_seconds ?? DEFAULT_BUDGET_SECONDS) * 1000,
        maxPages: request.body.max_pages ?? DEFAULT_MAX_PAGES,
        ...(format === 'html' ? { onScreenshots: (taken: Screenshots) => { shots = taken } } : {})
      })
    } catch (error) {
      // the error answers its own status (400 target_not_allowed); it is only counted here
      if (error instanceof TargetNotAllowedError) app.metrics.count('analyses', 'not_allowed')
      throw error
    }
    app.metrics.count('analyses', report.fetchability.ok ? 'reachable' : 'unreachable')
    if (format === 'html') {
      reply.type('text/html; charset=utf-8').header('content-security-policy', REPORT_CSP)
      return renderHtmlReport(report, shots)
    }
    if (format === 'markdown') {
      reply.type('text/markdown; charset=utf-8')
      return renderMarkdownReport(report)
    }
    return report
  })
}
