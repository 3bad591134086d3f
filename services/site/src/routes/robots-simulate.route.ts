import { notReachedNote, type RobotsOutcome } from '../domain/robots/robots-policy.js'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Static } from '@sinclair/typebox'
import { bodyValidatorCompiler, schemaThen } from '@utility-apis/fastapi-errors'
import { TargetNotAllowedError } from '@utility-apis/homepage-fetch'
import { callerGoneSignal, TargetNotAllowedResponse } from '@utility-apis/service-kit'
import { OBSERVED_TOKENS } from '../domain/ai-crawlers.js'
import { Budget, type Fetcher } from '../domain/collect/fetch-step.js'
import { sampleSiteUrls } from '../domain/collect/sample-urls.js'
import { simulateRobotsChange } from '../domain/robots/robots-simulator.js'
import { robotsSimulateRequestExamples } from './robots-simulate.examples.js'
import { DEFAULT_MAX_URLS, RobotsSimulateRequestSchema, RobotsSimulateResponseSchema } from './robots-simulate.schemas.js'
import { targetOf } from './url-input.js'

export interface RobotsSimulateRouteOptions {
  fetcher: Fetcher
  clock: () => Date
}

const FETCH_BUDGET_MS = 20_000

const DESCRIPTION = `What a robots.txt change does before you deploy it. Fetches the site's current /robots.txt and a sample of its
URLs (the homepage, then the sitemaps, then the homepage's links; the URLs are judged, not fetched), and answers, per user agent,
the URLs whose verdict changes from the current file to the proposed one: opened (disallowed now, allowed then) and closed, each with
the line that decides it before and after, plus the lint of the proposed file. \`sample.complete\` is false, and \`sample.unread\`
names each source, when the homepage or a sitemap gave no answer, failed for a moment or was cut short. The current file is applied as RFC 9309 says
(4xx, or no file within 5 redirects: everything allowed; 5xx, 429 or no answer: everything disallowed).`

export const robotsSimulateRoute: FastifyPluginAsyncTypebox<RobotsSimulateRouteOptions> = async (app, { fetcher, clock }) => {
  // Exported at 0 from the start: an alert on one of these sees 0, not no data
  app.metrics.declare('robots_simulations', ['parsed', 'unavailable', 'unreachable', 'not_allowed'] satisfies Array<RobotsOutcome | 'not_allowed'>)
  app.post('/v1/site-intel/robots/simulate', {
    config: { auth: true },
    // A URL that cannot be fetched is a 422 of validation, before the quota decides: free on any key
    validatorCompiler: bodyValidatorCompiler(schemaThen<Static<typeof RobotsSimulateRequestSchema>>(RobotsSimulateRequestSchema, (body) => {
      targetOf(body.url)
    })),
    // The error answers itself (400 target_not_allowed); it is only counted here
    onError: async (_request, _reply, error) => {
      if (error instanceof TargetNotAllowedError) app.metrics.count('robots_simulations', 'not_allowed')
    },
    schema: {
      tags: ['site-intel'],
      operationId: 'simulateRobotsTxt',
      summary: 'Simulate a robots.txt change on a sample of the site\'s URLs',
      description: DESCRIPTION,
      body: { ...RobotsSimulateRequestSchema, 'x-examples': robotsSimulateRequestExamples },
      response: { 200: { ...RobotsSimulateResponseSchema, description: 'The changes per user agent.' }, 400: TargetNotAllowedResponse }
    }
  }, async (request, reply) => {
    const { proposed_robots_txt: proposed, user_agents: agents = OBSERVED_TOKENS, max_urls: maxUrls = DEFAULT_MAX_URLS } = request.body
    const target = targetOf(request.body.url)
    // a caller that closed its connection is answered 499, uncharged, and its site is not fetched for no one
    const signal = callerGoneSignal(request, reply)
    const sample = await sampleSiteUrls(target, fetcher, new Budget(FETCH_BUDGET_MS, signal), maxUrls, clock())
    signal.throwIfAborted()
    const { robots, urls } = sample
    const simulation = await simulateRobotsChange(robots.policy, proposed, urls.map((u) => u.url), agents)
    app.metrics.count('robots_simulations', robots.facts.outcome)
    return {
      url: sample.homepageUrl,
      current_robots_txt: {
        url: robots.facts.url,
        status: robots.facts.fetch.status,
        outcome: robots.facts.outcome,
        // a 200 past the redirect limit has no fetch error of its own to say why it reads as unavailable
        error: notReachedNote(robots.facts.fetch) ?? robots.facts.fetch.error?.message ?? null,
        truncated: robots.facts.truncated
      },
      sample: {
        urls: urls.length,
        from_sitemap: urls.filter((u) => u.source === 'sitemap').length,
        from_homepage_links: urls.filter((u) => u.source === 'homepage-links').length,
        sitemap_entries: sample.sitemapEntries,
        complete: sample.unread.length === 0,
        unread: sample.unread
      },
      ...simulation
    }
  })
}
