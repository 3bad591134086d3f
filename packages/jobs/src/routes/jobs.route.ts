import { Readable } from 'node:stream'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorSchema, HttpError, ValidationErrorSchema } from '@utility-apis/fastapi-errors'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { prefersOverJson, wantsHtml } from '@utility-apis/service-kit' // and its decorations: app.metrics, app.quotaStore
import type { JobEngine } from '../engine.js'
import type { JobRecord } from '../job-store.js'
import type { ResultsPage } from '../job-store.js'
import type { ResultLine } from '../types.js'
import { createJobRoute } from './create-job.js'
import { jobsUnavailable, redisUnavailable } from './jobs-unavailable.js'
import type { JobRouteContext, JobRoutesOptions } from './job-route-context.js'
import { jobExamples } from './jobs.examples.js'
import { JobReadUnavailable, jobSchemas, MAX_PAGE } from './jobs.schemas.js'
import { jobPageAnswer } from '../views/job-page-answer.js'

export type { JobRoutesOptions } from './job-route-context.js'

const NOT_FOUND = { ...ErrorSchema, description: 'No job of this id belongs to your key. `code`: `job_not_found`.' }

const NEED_REDIS = 'Jobs need Redis: set REDIS_URL (or REDIS_CLUSTER_NODES) so jobs outlive a process and reach the workers'
// Every 503 says when to ask again; this one lasts until an operator gives the deployment Redis, so not for an hour
const NEED_REDIS_RETRY_AFTER = '3600'

/** A service's job routes: create, status, results, cancel; each route in a function of its own. */
export const jobRoutes: FastifyPluginAsyncTypebox<JobRoutesOptions> = async (app, options) => {
  const { engine } = options
  const owner = (request: FastifyRequest): string => request.principal?.id ?? 'anonymous'
  const context: JobRouteContext = {
    options,
    schemas: jobSchemas(options.names),
    examples: jobExamples(options.path, options.names.inputField, options.example),
    needRedis: async () => {
      if (engine === null) throw new HttpError(503, NEED_REDIS, { 'retry-after': NEED_REDIS_RETRY_AFTER }, 'jobs_need_redis')
    },
    engine: () => engine as JobEngine,
    owner,
    found: async (request) => {
      const job = await (engine as JobEngine).get(request.params.id, owner(request))
      if (job === null) throw new HttpError(404, 'Job not found', {}, 'job_not_found')
      return job
    }
  }
  // Every job route's one place for its Redis being away: a 503 `jobs_unavailable` with Retry-After (the quota refunds
  // a creation's units), not a 500. Anything else goes on to the service's own handler (an error handler that throws
  // hands its error to the parent's)
  app.setErrorHandler((error) => {
    if (engine === null || !redisUnavailable(error)) throw error
    engine.logError('job route', error)
    throw jobsUnavailable()
  })
  createJobRoute(app, context)
  jobStatusRoute(app, context)
  jobResultsRoute(app, context)
  cancelJobRoute(app, context)
}

// reading and cancelling one's own jobs is free: a job is paid for once, at creation
function jobStatusRoute (app: FastifyInstance, { options, schemas, examples, needRedis, engine, found }: JobRouteContext): void {
  app.get<{ Params: { id: string } }>(`${options.path}/:id`, {
    preValidation: needRedis,
    config: { auth: true, metered: false },
    schema: {
      tags: [options.tag],
      operationId: `get${options.operation}`,
      summary: 'Status of a job',
      description: 'Progress counts and times of a job of your key (another key\'s job is a 404). `Accept: text/html` answers a page: ' +
        'a progress bar, the failures by code, links to the results; it reloads itself while the job runs (no script).',
      params: schemas.params,
      response: {
        200: {
          description: 'The job.',
          content: {
            'application/json': { schema: schemas.status, examples: examples.status },
            'text/html': { schema: { type: 'string', description: 'the status page: no script, no external request' } }
          }
        },
        404: NOT_FOUND,
        422: ValidationErrorSchema,
        503: JobReadUnavailable
      }
    }
  }, async (request, reply) => {
    const job = await found(request)
    const status = engine().status(job)
    return wantsHtml(request.headers.accept) ? await jobPageAnswer(reply, engine(), job, status) : status
  })
}

function jobResultsRoute (app: FastifyInstance, { options, schemas, needRedis, engine, found }: JobRouteContext): void {
  app.get<{ Params: { id: string }, Querystring: { cursor?: string, limit?: number } }>(`${options.path}/:id/results`, {
    preValidation: needRedis,
    config: { auth: true, metered: false },
    schema: {
      tags: [options.tag],
      operationId: `get${options.operation}Results`,
      summary: 'Results of a job, page by page or as NDJSON',
      description: `Up to \`limit\` (at most ${MAX_PAGE}) results from \`cursor\`, in input order, each with exactly what ` +
        `the single call answers under \`${options.names.resultField}\`, or its error. While the job runs a page ends at the first ` +
        'item not finished yet. `Accept: application/x-ndjson` streams every result available, one JSON object a line; ' +
        '`X-Results-Complete: false` says the job was still running: read again from the number of lines received.',
      params: schemas.params,
      querystring: schemas.query,
      response: {
        200: {
          description: 'A page of results, or every result as NDJSON.',
          headers: {
            'X-Results-Complete': {
              type: 'string',
              description: 'NDJSON only: `true` when the stream holds every result the job will have, `false` while it runs.'
            }
          },
          content: {
            'application/json': { schema: schemas.results },
            'application/x-ndjson': { schema: { type: 'string', description: `one ${schemas.line.title} object a line` } }
          }
        },
        404: NOT_FOUND,
        422: ValidationErrorSchema,
        503: JobReadUnavailable
      }
    }
  }, async (request, reply) => {
    const job = await found(request)
    const cursor = Number(request.query.cursor ?? '0')
    if (prefersOverJson(request.headers.accept, 'application/x-ndjson')) {
      // a stream cannot end with a cursor as a page does: whether it holds every result is said before it starts (a
      // job still running, or a cancelled one whose started items are still being written, streams what is written)
      const complete = await engine().store.settled(job)
      // read before the stream starts, so a Redis that is away is answered a 503, not a stream cut at its first line
      const first = await engine().results(job, cursor, MAX_PAGE)
      reply.type('application/x-ndjson').header('x-results-complete', String(complete))
      // each line as the pages' serializer writes it: exactly the answer's schema, as the single call answers
      return Readable.from(ndjson(engine(), job, first, reply.compileSerializationSchema(schemas.line)))
    }
    const page = await engine().results(job, cursor, request.query.limit ?? 100)
    return { results: page.results, next_cursor: page.nextCursor === null ? null : String(page.nextCursor) }
  })
}

function cancelJobRoute (app: FastifyInstance, { options, schemas, needRedis, engine, owner }: JobRouteContext): void {
  app.delete<{ Params: { id: string } }>(`${options.path}/:id`, {
    preValidation: needRedis,
    config: { auth: true, metered: false },
    schema: {
      tags: [options.tag],
      operationId: `cancel${options.operation}`,
      summary: 'Cancel a job',
      description: 'Items not started are not worked on and their units of quota are refunded; results already written are ' +
        'kept. A finished job is left as it is. Answers the job\'s status.',
      params: schemas.params,
      response: {
        200: { ...schemas.status, description: 'The job after the cancellation.' }, 404: NOT_FOUND, 422: ValidationErrorSchema, 503: JobReadUnavailable
      }
    }
  }, async (request) => {
    const job = await engine().cancel(request.params.id, owner(request))
    if (job === null) throw new HttpError(404, 'Job not found', {}, 'job_not_found')
    return engine().status(job)
  })
}

async function * ndjson (engine: JobEngine, job: JobRecord, first: ResultsPage, serialize: (line: ResultLine) => string): AsyncGenerator<string> {
  let page = first
  for (;;) {
    for (const line of page.results) yield `${serialize(line)}\n`
    // a running job's stream ends at its first unfinished item
    if (page.results.length === 0 || page.nextCursor === null) break
    page = await engine.results(job, page.nextCursor, MAX_PAGE)
  }
}
