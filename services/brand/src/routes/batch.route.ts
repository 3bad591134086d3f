import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { callerGoneSignal } from '@utility-apis/service-kit'
import { runBatch } from '../domain/batch.js'
import type { BrandProfiler } from '../domain/profiler.js'
import { BatchRequestSchema, BatchResponseSchema, MAX_BATCH } from './batch.schemas.js'
import { batchRequestExamples, batchResponseExamples } from './profile.examples.js'
import { DEFAULT_TIMEOUT_SECONDS } from './profile.route.js'

export interface BatchRouteOptions {
  profiler: BrandProfiler
  concurrency: number
  deadlineMs: number
}

/** One unit of quota reserved per domain; the body is valid by then (1 to MAX_BATCH of them). */
function batchQuotaCost (request: FastifyRequest): number {
  return (request.body as { domains: unknown[] }).domains.length
}

export const batchRoute: FastifyPluginAsyncTypebox<BatchRouteOptions> = async (app, options) => {
  // Exported at 0 from the start: an alert on one of these sees 0, not no data
  app.metrics.declare('batch_items', ['succeeded', 'failed'])
  app.post('/v1/domain/profile/batch', {
    config: { auth: true, quotaCost: batchQuotaCost },
    schema: {
      tags: ['brand'],
      operationId: 'profileDomains',
      summary: 'Brand profiles of up to 25 domains',
      description: `Profiles 1 to ${MAX_BATCH} domains in one call, ${options.concurrency} at a time, within one overall ` +
        'deadline. Results keep the input order; an invalid or refused domain fails alone (`ok: false` with an error ' +
        'status, detail and code). Duplicates are fetched once. Each domain profiled costs one unit of quota, a duplicate ' +
        'too (as a second single call answered from the cache would); a domain that fails costs nothing. A batch needs as ' +
        'many units as it has domains: one that needs more than remain is a 429, run not at all.',
      body: { ...BatchRequestSchema, 'x-examples': batchRequestExamples },
      response: { 200: { ...BatchResponseSchema, description: 'One result per domain.', 'x-examples': batchResponseExamples } }
    }
  }, async (request, reply) => {
    const timeoutMs = (request.body.timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000
    // a caller that closed its connection waits for no answer: the sites are not fetched for no one (what finished is
    // still charged: the answer's units are what was done)
    const result = await runBatch(request.body.domains, {
      timeoutMs,
      concurrency: options.concurrency,
      deadlineMs: options.deadlineMs,
      signal: callerGoneSignal(request, reply),
      profile: async (target, profileRequest) => await options.profiler.profile(target, { ...profileRequest, caller: request.principal?.id })
    })
    app.metrics.count('batch_items', 'succeeded', result.succeeded)
    app.metrics.count('batch_items', 'failed', result.failed)
    // Domains that failed did no work the caller pays for
    request.quotaCharge?.setUnits(result.succeeded)
    return result
  })
}
