import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type, type Static } from '@sinclair/typebox'
import { bodyValidatorCompiler, schemaThen } from '@utility-apis/fastapi-errors'
import { TargetNotAllowedError, type Fetcher } from '@utility-apis/homepage-fetch'
import { TargetNotAllowedResponse, wantsHtml } from '@utility-apis/service-kit'
import type { BrandProfiler } from '../domain/profiler.js'
import { targetOrValidationError } from './domain-input.js'
import { profileRequestExamples, profileResponseExamples } from './profile.examples.js'
import { ProfileRequestSchema, ProfileSchema } from './profile.schemas.js'
import { profileCardAnswer } from '../views/profile-card-answer.js'

export interface ProfileRouteOptions {
  profiler: BrandProfiler
  /** Fetches the logos a brand card inlines (Accept: text/html) */
  fetcher: Fetcher
}

export const DEFAULT_TIMEOUT_SECONDS = 10

export const profileRoute: FastifyPluginAsyncTypebox<ProfileRouteOptions> = async (app, { profiler, fetcher }) => {
  // Exported at 0 from the start: an alert on one of these sees 0, not no data
  app.metrics.declare('profiles', ['cached', 'reachable', 'unreachable', 'not_allowed'])
  app.metrics.declare('cache_errors')
  app.metrics.declare('cache_writes_skipped')
  app.post('/v1/domain/profile', {
    config: { auth: true },
    // A domain that cannot be profiled is a 422 of validation, before the quota decides: free on any key
    validatorCompiler: bodyValidatorCompiler(schemaThen<Static<typeof ProfileRequestSchema>>(ProfileRequestSchema, (body) => {
      targetOrValidationError(body.domain, ['body', 'domain'])
    })),
    // The error answers itself (400 target_not_allowed); it is only counted here
    onError: async (_request, _reply, error) => { if (error instanceof TargetNotAllowedError) app.metrics.count('profiles', 'not_allowed') },
    schema: {
      tags: ['brand'],
      operationId: 'profileDomain',
      summary: 'Brand profile of one domain',
      description: 'Fetches the homepage of a public domain (https, then http for a bare domain) and returns its brand ' +
        'facts: name, summary, title, description, OpenGraph, logo hint, icons and social links, with the sources used. ' +
        'An unreachable site is a 200 with `reachable: false`; a target resolving to a non-public address is a 400.',
      body: { ...ProfileRequestSchema, 'x-examples': profileRequestExamples },
      response: {
        200: {
          description: 'The profile as JSON, or with `Accept: text/html` as a one-page brand card (logos inline, no script, no external request).',
          content: {
            'application/json': { schema: { ...ProfileSchema, description: 'The profile.' }, examples: profileResponseExamples },
            'text/html': {
              schema: Type.String({ description: 'the brand card: logos, colours, fonts, key links, social profiles, company facts, contradictions' })
            }
          }
        },
        400: TargetNotAllowedResponse
      }
    }
  }, async (request, reply) => {
    const target = targetOrValidationError(request.body.domain, ['body', 'domain'])
    const timeoutMs = (request.body.timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000
    const profile = await profiler.profile(target, { timeoutMs, caller: request.principal?.id })
    app.metrics.count('profiles', profile.cached ? 'cached' : profile.reachable ? 'reachable' : 'unreachable')
    if (wantsHtml(request.headers.accept)) return await profileCardAnswer(reply, profile, fetcher)
    return profile
  })
}
