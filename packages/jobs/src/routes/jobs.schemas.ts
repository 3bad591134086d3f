import { Type, type TSchema } from '@sinclair/typebox'
import { unavailable, type Cause } from '@utility-apis/service-kit'

export const MAX_PAGE = 1000
const STATES = ['queued', 'running', 'completed', 'cancelled']

export interface JobSchemaNames {
  /** PascalCase stem of the schema titles, e.g. `DomainProfile` gives `DomainProfileJobRequest`. */
  stem: string
  /** `domains`, `urls`. */
  inputField: string
  /** `profile`, `analysis`. */
  resultField: string
  maxInputs: number
  input: TSchema
  result: TSchema
  /**
   * A service's own options for every item of a job, as one optional body field (brand's `logo`): validated here,
   * stored with the job and handed to the item processor's `run`.
   */
  itemOptions?: { field: string, schema: TSchema }
}

const JobState = Type.Unsafe<'queued' | 'running' | 'completed' | 'cancelled'>({ type: 'string', enum: STATES })
const Timestamp = Type.String({ format: 'date-time' })
const NullableTimestamp = Type.Union([Timestamp, Type.Null()])

const CallbackStatus = Type.Object({
  state: Type.Unsafe<'pending' | 'retrying' | 'delivered' | 'failed'>({
    type: 'string',
    enum: ['pending', 'retrying', 'delivered', 'failed'],
    description: '`pending` until its first attempt (the job has not ended), `retrying` after an attempt that failed, ' +
      '`delivered` once the receiver answered 2xx, `failed` when 24 hours of attempts are spent, the URL now leads to an ' +
      'address that is not allowed, or the receiver answered 410 Gone (no attempt follows).'
  }),
  attempts: Type.Integer({ minimum: 0, description: 'Attempts made so far (the callback\'s own `data` counts those before it).' }),
  last_attempt_at: NullableTimestamp,
  last_error: Type.Union([Type.String(), Type.Null()], {
    description: 'Why the last attempt failed: `HTTP <status>` (the receiver answered other than 2xx), `unreachable` (no ' +
      'answer within 10 s), `not_allowed`; null when it did not fail.'
  })
}, { title: 'JobCallbackStatus' })

const CallbackUrlField = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'Receives `{"type": "job.completed"|"job.cancelled", "data": <the job status>}` signed per Standard Webhooks ' +
    'with the job\'s `callback_secret`, retried with backoff for 24 h until it answers 2xx. Must be a public http(s) URL.'
})

// The 503s of the job routes beside the kit's: every job route answers one without Redis (the engine is none), and
// a creation while the results store is near full
const NO_REDIS: Cause = ['jobs need Redis, and this deployment sets neither REDIS_URL nor REDIS_CLUSTER_NODES', 'jobs_need_redis']
const STORAGE_FULL: Cause = ['the job results store is near full until older results expire: nothing is reserved, and `Retry-After` says when to ' +
  'try again', 'jobs_storage_full']

const JOBS_DOWN: Cause = ['the jobs\' own Redis cannot be reached right now (or a creation lost it half-way: that job is never run): ' +
  'nothing is charged, and `Retry-After` says when to try again', 'jobs_unavailable']

/** The 503 of reading or cancelling a job: never charged (a cancel's refunds wait in the outbox), so never the quota store's. */
export const JobReadUnavailable = unavailable(false, NO_REDIS, JOBS_DOWN)
/** The 503 of creating a job, which the quota charges. */
export const JobCreationUnavailable = unavailable(true, NO_REDIS, JOBS_DOWN, STORAGE_FULL)

/** The schemas of one service's jobs, titled after `stem`. */
export function jobSchemas (names: JobSchemaNames) {
  const request = Type.Object({
    [names.inputField]: Type.Array(names.input, {
      minItems: 1,
      maxItems: names.maxInputs,
      description: `1 to ${names.maxInputs.toLocaleString('en-US')} inputs, each checked up front; one unit of quota each.`
    }),
    callback_url: Type.Optional(CallbackUrlField),
    ...(names.itemOptions === undefined ? {} : { [names.itemOptions.field]: Type.Optional(names.itemOptions.schema) })
  }, { title: `${names.stem}JobRequest`, additionalProperties: false })

  const created = Type.Object({
    id: Type.String({ description: 'The job id, in `Location` too.' }),
    status: JobState,
    total: Type.Integer({ description: 'Inputs in the job; the units of quota reserved.' }),
    created_at: Timestamp,
    callback_secret: Type.Optional(Type.String({
      description: 'The `whsec_` secret the callbacks are signed with: shown here only, never logged. Present with `callback_url`.'
    }))
  }, { title: `${names.stem}JobCreated` })

  const status = Type.Object({
    id: Type.String(),
    status: JobState,
    total: Type.Integer(),
    done: Type.Integer({ description: 'Items finished, failed ones included.' }),
    failed: Type.Integer({ description: 'Items finished with an error (`ok: false`).' }),
    created_at: Timestamp,
    started_at: NullableTimestamp,
    finished_at: Type.Union([Timestamp, Type.Null()], {
      description: 'When the job completed, or when a cancelled one settled: null until the items in flight at the cancel ' +
        'are written (`done` and `charged` may still grow until then; the `job.cancelled` callback carries the final counts).'
    }),
    charged: Type.Integer({
      description: 'Units of quota this job costs so far: its items delivered with a result. A job costs what its inputs ' +
        'would cost as single calls: failed items (`ok: false`) and items a cancel stopped before they ran are refunded.'
    }),
    results_url: Type.String(),
    items_per_second: Type.Union([Type.Number({ minimum: 0 }), Type.Null()], {
      description: 'Items finished per second over the last minute while the job runs; null once it is finished or before it runs.'
    }),
    estimated_finish_at: Type.Union([Timestamp, Type.Null()], {
      description: 'When the job should finish at `items_per_second`, while it runs; null before its first item and once finished.'
    }),
    callback: Type.Union([CallbackStatus, Type.Null()], { description: 'How the job\'s callback is going; null without `callback_url`.' })
  }, { title: `${names.stem}JobStatus` })

  const line = Type.Object({
    index: Type.Integer({ description: 'Position of the input in the request, from 0.' }),
    input: Type.String(),
    ok: Type.Boolean(),
    [names.resultField]: Type.Optional(names.result),
    error: Type.Optional(Type.Object({
      status: Type.Integer({ description: 'The status the single call would have answered: 400 address not allowed, 500 internal error.' }),
      detail: Type.String(),
      code: Type.String({ description: 'The code the single call would have answered: `target_not_allowed`, `internal_error`.' })
    }, { title: 'JobItemError' }))
  }, { title: `${names.stem}JobResult` })

  const results = Type.Object({
    results: Type.Array(line, { description: 'In input order.' }),
    next_cursor: Type.Union([Type.String(), Type.Null()], {
      description: 'Pass as `cursor` for the next page; null once the job is finished and every result was read.'
    })
  }, { title: `${names.stem}JobResults` })

  const params = Type.Object({ id: Type.String({ maxLength: 64 }) })
  const query = Type.Object({
    cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,6}$', description: 'From `next_cursor` of the previous page.' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 100 }))
  })
  return { request, created, status, line, results, params, query }
}
