import { createHash } from 'node:crypto'
import { monthWindow } from '@utility-apis/auth-quota'
import { HttpError, IssueList, RequestValidationError } from '@utility-apis/fastapi-errors'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { CreateJobInput } from '../engine.js'
import type { JobRecord } from '../job-store.js'
import { checkCallbackUrl } from './callback-url.js'
import type { JobRouteContext, JobRoutesOptions } from './job-route-context.js'
import { JobCreationUnavailable } from './jobs.schemas.js'

/** POST <path>: validates every input, reserves one unit each, and queues the job (202). */
export function createJobRoute (app: FastifyInstance, context: JobRouteContext): void {
  const { options, schemas, examples, needRedis } = context
  const { names } = options
  const inputsOf = (body: unknown): unknown => (body as Record<string, unknown> | null)?.[names.inputField]
  app.post(options.path, {
    bodyLimit: options.bodyLimit,
    preValidation: [needRedis, async () => { await roomForResults(context) }],
    // A route's own preHandler runs before the quota's: an invalid job is a free 422 on any key, a spent one included,
    // and so is a retry of a creation already made (its job, paid for once; or the 422 for another body under its key).
    // Decided after the quota, a retry on the key its own job spent was a 429 for a job it had.
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      const body = request.body as Record<string, unknown>
      await validate(options, body[names.inputField] as string[], (body.callback_url as string | undefined) ?? null)
      const job = await replayed(context, request)
      if (job === null) return
      // what the handler answers a replay, with the key's quota as every metered answer carries it
      reply.headers(await app.quotaHeaders(request))
      return await reply.send(created(reply, options.path, job))
    },
    config: {
      auth: true,
      // one unit per input, reserved before the handler runs and kept only when the job is created (202)
      quotaCost: (request: FastifyRequest) => {
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
        'one unit of quota per input (a 429 says how many are needed when they do not fit; nothing is queued); a job costs ' +
        'what its inputs would as single calls: an item that fails (as the single call would fail, uncharged) is refunded ' +
        'when its result is written, and so are the items of a cancelled job that never ran. With `Idempotency-Key`, the ' +
        'same key and body within 24 h answer the same job; the same key with another body is a 422 ' +
        '`idempotency_key_reused`. Results are kept JOB_RETENTION_DAYS (7). While the results store is near full, creation ' +
        'answers 503 `jobs_storage_full` with `Retry-After` (nothing reserved).',
      headers: {
        type: 'object',
        properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 255, description: 'Makes a retried creation safe' } }
      },
      body: { ...schemas.request, 'x-examples': examples.request },
      response: {
        202: {
          description: 'The job was queued.',
          headers: { Location: { type: 'string', description: 'The job\'s status: the path to `GET` (and to `DELETE` to cancel it).' } },
          content: { 'application/json': { schema: { ...schemas.created, 'x-examples': examples.created } } }
        },
        503: JobCreationUnavailable
      }
    }
  }, async (request, reply) => {
    const input = jobInput(context, request)
    const key = request.headers['idempotency-key']
    try {
      const job = typeof key === 'string' ? await createOnce(context, request, input, key) : await context.engine().create(input)
      return created(reply, options.path, job)
    } catch (error) {
      // the store filled after the gauge last looked (it looks every few seconds): the same answer as a full one
      if (context.engine().storage.refusedForMemory(error)) throw storageFull()
      throw error
    }
  })
}

/** The job the request asks for, with the reservation's window and key (none before the quota has reserved). */
function jobInput (context: JobRouteContext, request: FastifyRequest): CreateJobInput {
  const { names } = context.options
  const body = request.body as Record<string, unknown>
  return {
    owner: context.owner(request),
    inputs: body[names.inputField] as string[],
    callbackUrl: (body.callback_url as string | undefined) ?? null,
    // refunds go to the window the reservation was counted in, and only to a store that counted it
    windowId: request.quotaCharge?.windowId ?? monthWindow((context.options.clock ?? (() => new Date()))()).id,
    quotaKey: request.principal?.kind === 'api-key' && request.quotaCharge?.fallback === false ? request.principal.id : null,
    itemOptions: names.itemOptions === undefined ? null : body[names.itemOptions.field] ?? null
  }
}

// Results expire JOB_RETENTION_DAYS after their job finished: room comes back as old jobs expire
const STORAGE_RETRY_AFTER_SECONDS = '600'

const storageFull = () => new HttpError(503, 'The job results store is full: retry later, once older jobs\' results have expired',
  { 'retry-after': STORAGE_RETRY_AFTER_SECONDS }, 'jobs_storage_full')

/**
 * 503 `jobs_storage_full` while the results store is above 90% of its maxmemory; a store that cannot say how full it
 * is lets the creation by (RedisMemoryGauge): the creation's own writes then tell.
 */
async function roomForResults (context: JobRouteContext): Promise<void> {
  if (await context.engine().storage.isFull()) throw storageFull()
}

/** Every input checked as its single call would be, and the callback URL against the SSRF policy: one 422 for all. */
/**
 * Every input as the single call would check it, and the callback URL. A list with thousands of bad inputs is
 * answered with the first 1,000 and a `too_many_errors` counting the rest, not a response as large as the list.
 */
async function validate (options: JobRoutesOptions, inputs: string[], callbackUrl: string | null): Promise<void> {
  const issues = new IssueList()
  for (const [index, input] of inputs.entries()) {
    try {
      options.checkInput(input, ['body', options.names.inputField, index])
    } catch (error) {
      if (!(error instanceof RequestValidationError)) throw error
      for (const issue of error.issues) issues.add(issue)
    }
  }
  if (callbackUrl !== null) {
    const problem = await checkCallbackUrl(callbackUrl, options.resolver)
    if (problem !== null) issues.add({ type: 'value_error', loc: ['body', 'callback_url'], msg: `Value error, ${problem}`, ctx: { error: problem } })
  }
  if (issues.size > 0) throw new RequestValidationError(issues.list(['body', options.names.inputField]))
}

/**
 * A creation under an Idempotency-Key: a new job whose id the key keeps, or the job it names. A job another attempt
 * committed is answered free (that attempt paid for it); one whose creation never committed (its attempt failed, its
 * units refunded, or died) is created by this attempt, which reserved its units: it is the one charged.
 */
async function createOnce (context: JobRouteContext, request: FastifyRequest, input: CreateJobInput, key: string): Promise<JobRecord> {
  const jobs = context.engine()
  const keyHash = sha256(key)
  const bodyHash = bodyHashOf(request.body)
  const jobId = `job_${sha256(`${input.owner} ${keyHash} ${Date.now()} ${Math.random()}`).slice(0, 24)}`
  const existing = await jobs.store.claimIdempotencyKey(input.owner, keyHash, jobId, bodyHash)
  if (existing !== null && existing.bodyHash !== bodyHash) throw keyReused()
  // A claim is kept when its creation fails: the retry continues that job (it takes the creation over, never a job
  // that committed twice), and a release that Redis refused could not be relied on anyway
  const creation = await jobs.begin({ ...input, id: existing?.jobId ?? jobId }, existing !== null)
  if (creation === null) throw new HttpError(404, 'Job not found', {}, 'job_not_found')
  // the same job again, paid for by the attempt that committed it: this answer costs nothing
  if (!creation.committedHere) request.quotaCharge?.setUnits(0)
  return creation.job
}

function created (reply: FastifyReply, path: string, job: JobRecord) {
  reply.code(202).header('location', `${path}/${job.id}`)
  return {
    id: job.id,
    status: job.status,
    total: job.total,
    created_at: job.createdAt,
    ...(job.callbackSecret === null ? {} : { callback_secret: job.callbackSecret })
  }
}

/**
 * A retried creation, decided before the quota: the job its Idempotency-Key already names for this owner and body,
 * once that job's creation committed (and was paid for), or null for the handler to decide after the quota: a key
 * naming no job, or a job whose creation did not commit (its units were refunded, or its attempt is still on it).
 * So a job is only ever made by an attempt that reserved its units, and two first attempts at once still meet at the
 * claim (`createOnce`). Another body under the key is the 422.
 */
async function replayed (context: JobRouteContext, request: FastifyRequest): Promise<JobRecord | null> {
  const key = request.headers['idempotency-key']
  if (typeof key !== 'string') return null
  const owner = context.owner(request)
  const jobs = context.engine()
  const claim = await jobs.store.idempotencyClaim(owner, sha256(key))
  if (claim === null) return null
  if (claim.bodyHash !== bodyHashOf(request.body)) throw keyReused()
  return await jobs.replay(claim.jobId, owner, jobInput(context, request).inputs)
}

function keyReused (): RequestValidationError {
  return new RequestValidationError([{
    type: 'idempotency_key_reused',
    loc: ['header', 'idempotency-key'],
    msg: 'This Idempotency-Key was used with another request body in the last 24 hours'
  }])
}

function bodyHashOf (body: unknown): string {
  return sha256(JSON.stringify(body))
}

function sha256 (text: string): string {
  return createHash('sha256').update(text).digest('hex')
}
