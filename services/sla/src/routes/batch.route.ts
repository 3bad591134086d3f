import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { RequestValidationError, type ValidationIssue } from '@utility-apis/fastapi-errors'
import { calculate, Rejected } from './calculate.answer.js'
import { batchRequestExamples, batchResponseExamples } from './calculate.examples.js'
import { parseCalculateRequest } from './calculate.request.js'
import type { CalculateRequest } from './calculate.schemas.js'
import { BatchRequestSchema, BatchResponseSchema, MAX_BATCH, type BatchRequestBody, type BatchResponse } from './batch.schemas.js'
import { serializeBatch } from './batch.serializer.js'
import { mapInTurns } from './turns.js'

/** One unit of quota reserved per calculation; the body is valid by then (1 to MAX_BATCH of them). */
function batchQuotaCost (request: FastifyRequest): number {
  return (request.body as BatchRequestBody).calculations.length
}

export const batchRoute: FastifyPluginAsyncTypebox = async (app) => {
  // Exported at 0 from the start: an alert on one of these sees 0, not no data
  app.metrics.declare('batch_items', ['succeeded', 'failed'])
  app.post('/v1/business-days/calculate/batch', {
    config: { auth: true, quotaCost: batchQuotaCost },
    schema: {
      tags: ['business-days'],
      operationId: 'calculateBusinessTimeBatch',
      summary: `Up to ${MAX_BATCH} calculations in one call`,
      description: `1 to ${MAX_BATCH} bodies as for POST /v1/business-days/calculate, any operations mixed. Results keep ` +
        'the input order; an invalid calculation fails alone (`ok: false` with status 422 and its validation errors, ' +
        '`loc` starting `["body", "calculations", i]`). Each calculation that succeeds costs one unit of quota; a failed ' +
        `one costs nothing. A body that is not \`{"calculations": [...]}\` with 1 to ${MAX_BATCH} items is one 422, ` +
        'free. A batch needs as many units as it has calculations: one that needs more than remain is a 429, run not at all.',
      body: { ...BatchRequestSchema, 'x-examples': batchRequestExamples },
      response: { 200: { ...BatchResponseSchema, 'x-examples': batchResponseExamples } }
    },
    // The errors the kit answers on this route (401, 413, 422, 429) are small objects: JSON.stringify writes them as the kit would
    serializerCompiler: ({ httpStatus }) => httpStatus === '200' ? serializeBatch : JSON.stringify
  }, async (request): Promise<BatchResponse> => {
    let succeeded = 0
    // Counted once per operation for the whole batch: a metric update per item would cost more than some calculations
    const operations = new Map<string, number>()
    const failure = (index: number, issues: ValidationIssue[]): BatchResponse['results'][number] => {
      const detail = issues.map((issue) => ({ ...issue, loc: ['body', 'calculations', index, ...issue.loc.slice(1)] }))
      return { ok: false, error: { status: 422, detail, code: 'validation_failed' } }
    }
    const results = await mapInTurns(request.body.calculations, (body, index): BatchResponse['results'][number] => {
      let input: CalculateRequest
      try {
        input = parseCalculateRequest(body)
      } catch (error) {
        if (!(error instanceof RequestValidationError)) throw error
        return failure(index, error.issues)
      }
      operations.set(input.operation, (operations.get(input.operation) ?? 0) + 1)
      const result = calculate(input)
      if (result instanceof Rejected) return failure(index, result.issues)
      succeeded++
      return { ok: true, result }
    })
    for (const [operation, count] of operations) app.metrics.count('operations', operation, count)
    app.metrics.count('batch_items', 'succeeded', succeeded)
    app.metrics.count('batch_items', 'failed', results.length - succeeded)
    // Calculations that failed did no work the caller pays for
    request.quotaCharge?.setUnits(succeeded)
    return { results, succeeded, failed: results.length - succeeded }
  })
}
