import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Static } from '@sinclair/typebox'
import { bodyValidatorCompiler, schemaThen } from '@utility-apis/fastapi-errors'
import { TargetNotAllowedError } from '@utility-apis/homepage-fetch'
import { callerGoneSignal, TargetNotAllowedResponse } from '@utility-apis/service-kit'
import { OBSERVED_TOKENS } from '../domain/ai-crawlers.js'
import { Budget, fetchStep, LIMITS, type Fetcher } from '../domain/collect/fetch-step.js'
import { notReachedNote, robotsOutcome, type RobotsOutcome } from '../domain/robots/robots-policy.js'
import { testRobots } from '../domain/robots/robots-tester.js'
import { robotsTestRequestExamples, robotsTestResponseExamples } from './robots-test.examples.js'
import { RobotsTestRequestSchema, RobotsTestResponseSchema } from './robots-test.schemas.js'
import { httpUrlOf } from './url-input.js'

export interface RobotsTestRouteOptions {
  fetcher: Fetcher
}

const FETCH_BUDGET_MS = 15_000

export const robotsTestRoute: FastifyPluginAsyncTypebox<RobotsTestRouteOptions> = async (app, { fetcher }) => {
  // Exported at 0 from the start: an alert on one of these sees 0, not no data
  const outcomes = ['provided', 'fetched:parsed', 'fetched:unavailable', 'fetched:unreachable'] satisfies Array<'provided' | `fetched:${RobotsOutcome}`>
  app.metrics.declare('robots_tests', outcomes)
  app.post('/v1/site-intel/robots/test', {
    config: { auth: true },
    // A URL that is not http(s) is a 422 of validation, before the quota decides: free on any key
    validatorCompiler: bodyValidatorCompiler(schemaThen<Static<typeof RobotsTestRequestSchema>>(RobotsTestRequestSchema, (body) => { httpUrlOf(body.url) })),
    schema: {
      tags: ['site-intel'],
      operationId: 'testRobotsTxt',
      summary: 'Test a URL against robots.txt',
      description: 'A robots.txt tester matching RFC 9309 as Google\'s reference parser does (longest match, allow on ties, `*` and `$`, ' +
        'percent-encoding, merged groups, the `*` fallback). Per user agent: allowed or not, the group that applied and the rule ' +
        '(line number and text) that decided, plus the Lighthouse-style lint, Sitemap lines and content signals. Without ' +
        '`robots_txt` the URL\'s /robots.txt is fetched (4xx, or no file within 5 redirects: everything allowed; 5xx, 429 ' +
        'or no answer: everything disallowed).',
      body: { ...RobotsTestRequestSchema, 'x-examples': robotsTestRequestExamples },
      response: {
        200: { ...RobotsTestResponseSchema, description: 'The verdict for each crawler.', 'x-examples': robotsTestResponseExamples },
        400: TargetNotAllowedResponse
      }
    }
  }, async (request, reply) => {
    const { url, robots_txt: provided } = request.body
    const agents = request.body.user_agents ?? OBSERVED_TOKENS
    const parsedUrl = httpUrlOf(url)
    if (provided !== undefined) {
      const result = testRobots(provided, 'parsed', parsedUrl.href, agents)
      app.metrics.count('robots_tests', 'provided')
      const robotsTxt = { source: 'provided' as const, url: null, status: null, outcome: 'parsed' as const, error: null, truncated: result.truncated }
      return { url: parsedUrl.href, ...result, robots_txt: robotsTxt }
    }
    const robotsUrl = new URL('/robots.txt', parsedUrl).href
    // a caller that closed its connection is answered 499, uncharged: its fetch is stopped, never read as the site's
    const signal = callerGoneSignal(request, reply)
    const budget = new Budget(FETCH_BUDGET_MS, signal)
    const step = await fetchStep(fetcher, budget, 'robots.txt', robotsUrl, { maxBytes: LIMITS.robots, accept: 'text/plain,*/*;q=0.5' })
    signal.throwIfAborted()
    const notAllowed = TargetNotAllowedError.from(step.error)
    if (notAllowed !== null) throw notAllowed
    const outcome = robotsOutcome(step.facts)
    const notReached = notReachedNote(step.facts)
    const result = testRobots(step.result?.body ?? null, outcome, parsedUrl.href, agents, notReached)
    app.metrics.count('robots_tests', `fetched:${outcome}`)
    return {
      url: parsedUrl.href,
      ...result,
      robots_txt: {
        source: 'fetched' as const,
        url: robotsUrl,
        status: step.facts.status,
        outcome,
        // a 200 past the redirect limit, or a 300 without Location, has no fetch error of its own to say why it reads as unavailable
        error: notReached ?? step.facts.error?.message ?? null,
        truncated: result.truncated || step.result?.truncated === true
      }
    }
  })
}
