import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { monthWindow, type QuotaStore } from '@utility-apis/auth-quota'
import { ErrorSchema, HttpError, IssueList, RequestValidationError, ValidationErrorSchema } from '@utility-apis/fastapi-errors'
import type { SafeFetcher } from '@utility-apis/safe-fetch'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { wantsHtml } from '@utility-apis/service-kit' // and its decorations: app.metrics, app.quotaStore
import type { JobEngine } from '../engine.js'
import type { JobRecord } from '../job-store.js'
import { checkCallbackUrl } from './callback-url.js'
import { jobSchemas, MAX_PAGE, type JobSchemaNames } from './jobs.schemas.js'
import { jobPageAnswer } from '../views/job-page-answer.js'

export interface JobRoutesOptions {
  /** Null without Redis: every job route answers 503 `jobs_need_redis`. */
  engine: JobEngine | null
  /** e.g. `/v1/domain/profile/jobs`. */
  path: string
  tag: string
  /** `DomainProfileJob` gives operation ids createDomainProfileJob, getDomainProfileJob, ... */
  operation: string
  /** What one input is, for the docs: `domain`, `site`. */
  noun: string
  names: JobSchemaNames
  /** Throws the RequestValidationError the single call would answer for this input, at `loc`. */
  checkInput: (input: string, loc: Array<string | number>) => void
  /** The SSRF policy's resolver, checking `callback_url` up front (delivery checks it again). */
  resolver: Pick<SafeFetcher, 'resolve'>
  bodyLimit: number
  clock?: () => Date
  examples?: { request?: Examples, created?: Examples, status?: Examples }
}

/** OpenAPI examples by name: `{ name: { summary, value } }`. */
type Examples = Record<string, { summary: string, value: unknown }>

const NOT_FOUND = { ...ErrorSchema, description: 'No job of this id belongs to your key. `code`: `job_not_found`.' }

const NEED_REDIS = 'Jobs need Redis: set REDIS_URL (or REDIS_CLUSTER_NODES) so jobs outlive a process and reach the workers'

export const jobRoutes: FastifyPluginAsyncTypebox<JobRoutesOptions> = async (app, options) => {
  const schemas = jobSchemas(options.names)
  const { engine, path, names } = options
  const clock = options.clock ?? (() => new Date())
  const store: QuotaStore = app.quotaStore

  const needRedis = async (): Promise<void> => {
    if (engine === null) throw new HttpError(503, NEED_REDIS, {}, 'jobs_need_redis')
  }
  const owner = (request: FastifyRequest): string => request.principal?.id ?? 'anonymous'
  /** Gives `units` back to the caller's quota; false when the store refused (the units stay due). */
  const refund = async (request: FastifyRequest, windowId: string, units: number): Promise<boolean> => {
    const principal = request.principal
    if (principal?.kind !== 'api-key' || units <= 0) return true
    try {
      await store.refund(principal.id, windowId, units)
      app.metrics.count('job_refunds', 'refunded', units)
      return true
    } catch (err) {
      app.metrics.count('job_refunds', 'failed', units)
      request.log.error({ err: { type: (err as Error).name }, units }, 'quota refund failed: due again to the next DELETE')
      return false
    }
  }
  const found = async (request: FastifyRequest<{ Params: { id: string } }>): Promise<JobRecord> => {
    const job = await (engine as JobEngine).get(request.params.id, owner(request))
    if (job === null) throw new HttpError(404, 'Job not found', {}, 'job_not_found')
    return job
  }
  const inputsOf = (body: unknown): unknown => (body as Record<string, unknown> | null)?.[names.inputField]
  /**
   * Every input as the single call would check it, and the callback URL: a route's own preHandler runs before the
   * quota's, so an invalid job is a free 422 on any key. A list with thousands of bad inputs is answered with the
   * first 1,000 and a `too_many_errors` counting the rest, not a response as large as the list.
   */
  const checkJob = async (request: FastifyRequest): Promise<void> => {
    const body = request.body as Record<string, unknown>
    const issues = new IssueList()
    for (const [index, input] of (body[names.inputField] as string[]).entries()) {
      try {
        options.checkInput(input, ['body', names.inputField, index])
      } catch (error) {
        if (!(error instanceof RequestValidationError)) throw error
        for (const issue of error.issues) issues.add(issue)
      }
    }
    const callbackUrl = (body.callback_url as string | undefined) ?? null
    if (callbackUrl !== null) {
      const problem = await checkCallbackUrl(callbackUrl, options.resolver)
      if (problem !== null) issues.add({ type: 'value_error', loc: ['body', 'callback_url'], msg: `Value error, ${problem}`, ctx: { error: problem } })
    }
    if (issues.size > 0) throw new RequestValidationError(issues.list(['body', names.inputField]))
  }

  app.post(path, {
    bodyLimit: options.bodyLimit,
    preValidation: needRedis,
    preHandler: checkJob,
    config: {
      auth: true,
      // one unit per input, reserved before the handler runs and kept only when the job is created (202)
      quotaCost: (request) => {
        const inputs = inputsOf(request.body)
        return Array.isArray(inputs) ? Math.min(Math.max(inputs.length, 1), names.maxInputs) : 1
      }
    },
    schema: {
      tags: [options.tag],
      operationId: `create${options.operation}`,
      summary: `Start a job of up to ${names.maxInputs.toLocaleString('en-US')} ${options.noun}s`,
      description: 'Queues every input for the workers and answers at once with the job\'s id (also in `Location`). ' +
        'Inputs are checked up front: one invalid input refuses the whole job with a 422 pointing at it. Creating reserves ' +
        'one unit of quota per input (a 429 says how many are needed when they do not fit; nothing is queued); the items of a ' +
        'cancelled job that never ran are refunded. With `Idempotency-Key`, the same key and body within 24 h answer the same ' +
        'job; the same key with another body is a 422 `idempotency_key_reused`. Results are kept JOB_RETENTION_DAYS (7).',
      headers: {
        type: 'object',
        properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 255, description: 'Makes a retried creation safe' } }
      },
      body: { ...schemas.request, 'x-examples': options.examples?.request },
      response: {
        202: { ...schemas.created, description: 'The job was queued.', 'x-examples': options.examples?.created }
      }
    }
  }, async (request, reply) => {
    const body = request.body as Record<string, unknown>
    const inputs = body[names.inputField] as string[]
    const callbackUrl = (body.callback_url as string | undefined) ?? null
    const jobs = engine as JobEngine
    // refunds go to the window the reservation was counted in
    const windowId = request.quotaCharge?.windowId ?? monthWindow(clock()).id
    const key = request.headers['idempotency-key']
    let claim: { keyHash: string, jobId: string } | null = null
    if (typeof key === 'string') {
      const keyHash = sha256(key)
      const jobId = `job_${sha256(`${owner(request)} ${keyHash} ${Date.now()} ${Math.random()}`).slice(0, 24)}`
      const existing = await jobs.store.claimIdempotencyKey(owner(request), keyHash, jobId, sha256(JSON.stringify(body)))
      if (existing !== null) {
        if (existing.bodyHash !== sha256(JSON.stringify(body))) {
          throw new RequestValidationError([{
            type: 'idempotency_key_reused',
            loc: ['header', 'idempotency-key'],
            msg: 'This Idempotency-Key was used with another request body in the last 24 hours'
          }])
        }
        // the job as the first attempt made it, finished here if that attempt died before queuing all of it
        const job = await jobs.resume({ owner: owner(request), inputs, callbackUrl, windowId, id: existing.jobId })
        if (job === null) throw new HttpError(404, 'Job not found', {}, 'job_not_found')
        // the same job again, already paid for: this answer costs nothing
        request.quotaCharge?.setUnits(0)
        return created(reply, job)
      }
      claim = { keyHash, jobId }
    }
    let job: JobRecord
    try {
      job = await jobs.create({ owner: owner(request), inputs, callbackUrl, windowId, id: claim?.jobId })
    } catch (error) {
      if (claim !== null) await jobs.store.releaseIdempotencyKey(owner(request), claim.keyHash).catch(() => {})
      throw error
    }
    return created(reply, job)
  })

  const created = (reply: FastifyReply, job: JobRecord) => {
    reply.code(202).header('location', `${path}/${job.id}`)
    return {
      id: job.id,
      status: job.status,
      total: job.total,
      created_at: job.createdAt,
      ...(job.callbackSecret === null ? {} : { callback_secret: job.callbackSecret })
    }
  }

  // reading and cancelling one's own jobs is free: a job is paid for once, at creation
  app.get(`${path}/:id`, {
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
            'application/json': { schema: schemas.status, ...(options.examples?.status === undefined ? {} : { examples: options.examples.status }) },
            'text/html': { schema: { type: 'string', description: 'the status page: no script, no external request' } }
          }
        },
        404: NOT_FOUND,
        422: ValidationErrorSchema
      }
    }
  }, async (request, reply) => {
    const job = await found(request)
    const status = (engine as JobEngine).status(job)
    return wantsHtml(request.headers.accept) ? await jobPageAnswer(reply, engine as JobEngine, job, status) : status
  })

  app.get(`${path}/:id/results`, {
    preValidation: needRedis,
    config: { auth: true, metered: false },
    schema: {
      tags: [options.tag],
      operationId: `get${options.operation}Results`,
      summary: 'Results of a job, page by page or as NDJSON',
      description: `Up to \`limit\` (at most ${MAX_PAGE}) results from \`cursor\`, in input order, each with exactly what ` +
        `the single call answers under \`${names.resultField}\`, or its error. While the job runs a page ends at the first ` +
        'item not finished yet. `Accept: application/x-ndjson` streams every result available, one JSON object a line.',
      params: schemas.params,
      querystring: schemas.query,
      response: {
        200: {
          description: 'A page of results, or every result as NDJSON.',
          content: {
            'application/json': { schema: schemas.results },
            'application/x-ndjson': { schema: { type: 'string', description: `one ${schemas.line.title} object a line` } }
          }
        },
        404: NOT_FOUND,
        422: ValidationErrorSchema
      }
    }
  }, async (request, reply) => {
    const job = await found(request)
    const jobs = engine as JobEngine
    const cursor = Number(request.query.cursor ?? '0')
    if (request.headers.accept?.includes('application/x-ndjson') === true) {
      reply.type('application/x-ndjson')
      return Readable.from(ndjson(jobs, job, cursor))
    }
    const page = await jobs.results(job, cursor, request.query.limit ?? 100)
    return { results: page.results, next_cursor: page.nextCursor === null ? null : String(page.nextCursor) }
  })

  app.delete(`${path}/:id`, {
    preValidation: needRedis,
    config: { auth: true, metered: false },
    schema: {
      tags: [options.tag],
      operationId: `cancel${options.operation}`,
      summary: 'Cancel a job',
      description: 'Items not started are not worked on and their units of quota are refunded; results already written are ' +
        'kept. A finished job is left as it is. Answers the job\'s status.',
      params: schemas.params,
      response: { 200: { ...schemas.status, description: 'The job after the cancellation.' }, 404: NOT_FOUND, 422: ValidationErrorSchema }
    }
  }, async (request) => {
    const { job, refund: units } = await (engine as JobEngine).cancel(request.params.id, owner(request))
    if (job === null) throw new HttpError(404, 'Job not found', {}, 'job_not_found')
    if (units > 0) await (engine as JobEngine).refundSettled(job.id, await refund(request, job.windowId, units))
    return (engine as JobEngine).status(job)
  })
}

function sha256 (text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

async function * ndjson (engine: JobEngine, job: JobRecord, from: number): AsyncGenerator<string> {
  let cursor: number | null = from
  while (cursor !== null) {
    const page = await engine.results(job, cursor, MAX_PAGE)
    for (const line of page.results) yield `${JSON.stringify(line)}\n`
    // a running job's stream ends at its first unfinished item
    if (page.results.length === 0) break
    cursor = page.nextCursor
  }
}
