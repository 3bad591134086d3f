import { randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import { gunzip, gzip } from 'node:zlib'
import type { Cluster, Redis } from 'ioredis'
import type { JobKeys } from './keys.js'
import { BEGIN_CHUNK, CANCEL_JOB, COMMIT_JOB, COMPACT_CHUNK, CREATE_JOB, CREATION_STATE, FINISH_CHUNK, RECORD_CALLBACK, WRITE_ITEM } from './scripts.js'
import type { CallbackStatus, JobState, JobStatus, ResultLine } from './types.js'

const gzipAsync = promisify(gzip)
const gunzipAsync = promisify(gunzip)

export type RedisConnection = Redis | Cluster

/** The stored record of a job; `callback_secret` never leaves the engine except in the creation answer. */
export interface JobRecord {
  id: string
  owner: string
  status: JobState
  total: number
  done: number
  failed: number
  chunks: number
  chunkSize: number
  createdAt: string
  startedAt: string | null
  finishedAt: string | null
  callbackUrl: string | null
  callbackSecret: string | null
  windowId: string
  /** The quota store's key id the units were reserved under; null when they are not ours to refund. */
  quotaKey: string | null
  /** Items written per second over the last minute or since the job started (`itemsPerSecond`); null before any. */
  itemsPerSecond: number | null
  /** How its callback is going (`recordCallback`); null without `callbackUrl`. */
  callback: CallbackStatus | null
}

export interface NewJob {
  id?: string
  owner: string
  total: number
  chunkSize: number
  callbackUrl: string | null
  windowId: string
  quotaKey: string | null
  /** The service's item options (JSON-serialisable); null without. */
  itemOptions?: unknown
}

/** What an Idempotency-Key holds: the job it names and the hash of the body it was first sent with. */
export interface IdempotencyClaim {
  jobId: string
  bodyHash: string
}

/**
 * Where a creation attempt stands (COMMIT_JOB, CREATION_STATE): `committed` by this attempt, by an `other` (which
 * paid for it), `open` (this attempt's, its commit may still run), `superseded` (another attempt's, which may still
 * commit), `abandoned` (another attempt's, past its deadline), `late` (this attempt's, past its deadline: never
 * committed now, unless a paid retry takes it over), `missing`.
 */
export type CreationState = 'committed' | 'other' | 'open' | 'superseded' | 'abandoned' | 'late' | 'missing'

/** What storing a creation attempt's record found: `created`, `taken` over (see CREATE_JOB) or the stored state. */
export type StoredCreation = 'created' | 'taken' | 'creating' | JobState

/** The stored status of a job whose creation has not committed: no route shows it, no worker runs it. */
const CREATING = 'creating'

export type WriteOutcome = 'written' | 'completed' | 'duplicate' | 'cancelled' | 'missing'

export interface ResultsPage {
  results: ResultLine[]
  /** Where the next page starts; null once the job is finished and every result was read. */
  nextCursor: number | null
}

/** Where WRITE_ITEM counts a job's failures by code (named from the job's key in the script, as its other keys). */
const failuresKey = (keys: JobKeys, id: string): string => `${keys.job(id)}:failures`

/** Longest code a failure is counted under: a field of the job's failures hash, never a processor's whole string. */
const MAX_CODE_LENGTH = 64

/** The code a failed line is counted under (`unknown` when its error names none); empty for a line that did not fail. */
function failureCode (line: ResultLine): string {
  if (line.ok) return ''
  const code = (line.error as { code?: unknown } | undefined)?.code
  return typeof code === 'string' && code !== '' ? code.slice(0, MAX_CODE_LENGTH) : 'unknown'
}

export function newJobId (): string {
  return `job_${randomBytes(12).toString('hex')}`
}

function newCallbackSecret (): string {
  return `whsec_${randomBytes(24).toString('base64')}`
}

const nullable = (value: string | undefined): string | null => value === undefined || value === '' ? null : value

function callbackOf (hash: Record<string, string>): CallbackStatus {
  return {
    state: (hash.cb_state ?? 'pending') as CallbackStatus['state'],
    attempts: Number(hash.cb_attempts ?? 0),
    last_attempt_at: nullable(hash.cb_last_at),
    last_error: nullable(hash.cb_last_error)
  }
}

/** Jobs, their compressed results per chunk and their idempotency keys, in Redis. */
export class JobStore {
  constructor (
    private readonly redis: RedisConnection,
    private readonly keys: JobKeys,
    private readonly retentionSeconds: number,
    /** Times what the store stamps itself: a cancelled job's `finished_at` when its last started chunk finishes. */
    private readonly clock: () => Date = () => new Date()
  ) {}

  /**
   * Stores the record of a creation attempt (`attempt`: its token), not runnable until `commit`. `takeover`: a paid
   * retry under the same Idempotency-Key takes over a creation that has not committed. What was found, and the record
   * (the stored one when there was one: its callback secret is the job's).
   */
  async create (job: NewJob, clock: () => Date, attempt: string, takeover = false, ticketingMs = 60_000): Promise<{ job: JobRecord, stored: StoredCreation }> {
    const record: JobRecord = {
      id: job.id ?? newJobId(),
      owner: job.owner,
      status: 'queued',
      total: job.total,
      done: 0,
      failed: 0,
      chunks: Math.ceil(job.total / job.chunkSize),
      chunkSize: job.chunkSize,
      createdAt: clock().toISOString(),
      startedAt: null,
      finishedAt: null,
      callbackUrl: job.callbackUrl,
      callbackSecret: job.callbackUrl === null ? null : newCallbackSecret(),
      windowId: job.windowId,
      quotaKey: job.quotaKey,
      itemsPerSecond: null,
      callback: job.callbackUrl === null ? null : { state: 'pending', attempts: 0, last_attempt_at: null, last_error: null }
    }
    const fields = {
      owner: record.owner,
      status: CREATING,
      total: record.total,
      done: 0,
      failed: 0,
      chunks: record.chunks,
      chunk_size: record.chunkSize,
      created_at: record.createdAt,
      callback_url: record.callbackUrl ?? '',
      callback_secret: record.callbackSecret ?? '',
      window_id: record.windowId,
      quota_key: record.quotaKey ?? '',
      item_options: job.itemOptions == null ? '' : JSON.stringify(job.itemOptions),
      // no chunk handed out before the commit sets it (FairScheduler.next)
      ticketed: 0
    }
    const stored = await this.redis.eval(CREATE_JOB, 1, this.keys.job(record.id), this.retentionSeconds, takeover ? 1 : 0, attempt,
      ticketingMs, ...Object.entries(fields).flat()) as StoredCreation
    if (stored === 'created') return { job: record, stored }
    // Two attempts of one Idempotency-Key: the record (and its callback secret) is the one stored first
    return { job: await this.read(record.id) ?? record, stored }
  }

  /** Makes the attempt's job runnable (COMMIT_JOB): `committed`, or why not. */
  async commit (job: JobRecord, attempt: string): Promise<CreationState> {
    return await this.redis.eval(COMMIT_JOB, 3, this.keys.job(job.id), this.keys.ownerRing(job.owner), this.keys.keyRing(),
      attempt, job.id, job.owner) as CreationState
  }

  /** Where the attempt's creation stands, read (CREATION_STATE). */
  async creationState (id: string, attempt: string): Promise<CreationState> {
    return await this.redis.eval(CREATION_STATE, 1, this.keys.job(id), attempt) as CreationState
  }

  /** How many of the job's chunks have their tickets queued (all of them for a record from before this was counted). */
  async ticketedChunks (id: string): Promise<number> {
    const [ticketed, chunks] = await this.redis.hmget(this.keys.job(id), 'ticketed', 'chunks')
    return Number(ticketed ?? chunks ?? 0)
  }

  /** How many times each of these items was run again because its host asked for time (0 for none), in their order. */
  async itemRetries (id: string, indexes: number[]): Promise<number[]> {
    if (indexes.length === 0) return []
    const counts = await this.redis.hmget(this.keys.itemRetries(id), ...indexes.map(String))
    return counts.map((count) => Number(count ?? 0))
  }

  /** Counts one more attempt of an item whose host asked for time; the attempts so far, this one included. */
  async countItemRetry (id: string, index: number): Promise<number> {
    const key = this.keys.itemRetries(id)
    const [[, retries]] = await this.redis.multi().hincrby(key, String(index), 1).expire(key, this.retentionSeconds).exec() as Array<[Error | null, number]>
    return retries
  }

  /**
   * The job's failed items by error code, every one written so far (WRITE_ITEM counts them; past MAX_FAILURE_CODES
   * distinct codes, under `other`). Empty before the first failure, and for a job whose failures were written before
   * they were counted.
   */
  async failuresByCode (id: string): Promise<Record<string, number>> {
    const hash = await this.redis.hgetall(failuresKey(this.keys, id))
    return Object.fromEntries(Object.entries(hash).map(([code, count]) => [code, Number(count)]))
  }

  /** The job once its creation committed; null for one that did not (yet), and for none. */
  async get (id: string): Promise<JobRecord | null> {
    const hash = await this.redis.hgetall(this.keys.job(id))
    return hash.status === CREATING ? null : recordOf(id, hash)
  }

  /** The job's record whatever its creation's state (a creation not committed reads `queued`). */
  private async read (id: string): Promise<JobRecord | null> {
    const hash = await this.redis.hgetall(this.keys.job(id))
    return recordOf(id, hash.status === CREATING ? { ...hash, status: 'queued' } : hash)
  }

  /** One delivery attempt of the job's callback, as its status shows it; nothing for a job that is gone. */
  async recordCallback (id: string, attempt: { state: CallbackStatus['state'], at: Date, error: string | null }): Promise<void> {
    await this.redis.eval(RECORD_CALLBACK, 1, this.keys.job(id), attempt.state, attempt.at.toISOString(), attempt.error ?? '')
  }

  /** The job's item options as created, or null (none, or the job is gone). */
  async itemOptions (id: string): Promise<unknown> {
    const stored = await this.redis.hget(this.keys.job(id), 'item_options')
    return stored === null || stored === '' ? null : JSON.parse(stored) as unknown
  }

  async status (id: string): Promise<JobState | null> {
    return await this.redis.hget(this.keys.job(id), 'status') as JobState | null
  }

  /**
   * Marks the job running on its first chunk, its status before; `flush` when the job was cancelled after this chunk
   * began and it was never finished (finish it: its items without a result are refunded).
   */
  async beginChunk (id: string, chunk: number, now: Date): Promise<JobState | 'flush' | 'missing'> {
    return await this.redis.eval(BEGIN_CHUNK, 1, this.keys.job(id), now.toISOString(), chunk) as JobState | 'flush' | 'missing'
  }

  /** The indexes of a chunk's items whose results are written (a redelivered or resumed chunk skips them). */
  async writtenItems (id: string, chunk: number): Promise<Set<number>> {
    return new Set((await this.readChunks(id, chunk, 1))[0].keys())
  }

  /** A chunk whose `count` items are all written becomes one compressed field; false when it is not complete. */
  async compactChunk (id: string, chunk: number, count: number): Promise<boolean> {
    const [lines] = await this.readChunks(id, chunk, 1)
    if (lines.size !== count) return false
    const blob = await gzipAsync(JSON.stringify([...lines.values()].sort((a, b) => a.index - b.index)))
    return await this.redis.eval(COMPACT_CHUNK, 1, this.keys.chunk(id, chunk), count, blob) === 1
  }

  /**
   * Writes one item's result line once; the job's `done`/`failed` move with it, and the refund of the chunk's failed
   * items (when this write completes the chunk) and the completion callback go to the outbox in the same script.
   */
  async writeItem (id: string, chunk: number, line: ResultLine, now: Date): Promise<WriteOutcome> {
    const blob = await gzipAsync(JSON.stringify(line))
    return await this.redis.eval(WRITE_ITEM, 3, this.keys.job(id), this.keys.chunk(id, chunk), this.keys.outbox(),
      line.index, blob, line.ok ? 0 : 1, now.toISOString(), this.retentionSeconds, chunk, id, failureCode(line)) as WriteOutcome
  }

  /**
   * A chunk with every item written, or stopped by a cancel, leaves the job's started chunks; of a cancelled job its
   * items without a result are refunded (through the outbox), once, and the last such chunk settles the job: its
   * `finished_at` and `job.cancelled` callback, with the final counts. How many outbox entries it made due (drain them).
   */
  async finishChunk (id: string, chunk: number, inputs: number): Promise<number> {
    return await this.redis.eval(FINISH_CHUNK, 3, this.keys.job(id), this.keys.chunk(id, chunk), this.keys.outbox(), chunk, inputs, id,
      this.clock().toISOString(), this.retentionSeconds) as number
  }

  /**
   * Cancels a queued or running job of `owner`: the refund of its items that never began goes to the outbox in the
   * same script, and, when no chunk had begun, its `finished_at` and callback (else the last started chunk's finish
   * makes them, once its items in flight are written). `cancelledNow` is false when it was finished already.
   */
  async cancel (id: string, owner: string, now: Date): Promise<{ status: JobState | 'missing', cancelledNow: boolean }> {
    const [status, cancelledNow] = await this.redis.eval(CANCEL_JOB, 2, this.keys.job(id), this.keys.outbox(), owner, now.toISOString(),
      this.retentionSeconds, id) as [JobState | 'missing', number]
    return { status, cancelledNow: cancelledNow === 1 }
  }

  /** True once no chunk that began before a cancel is still to be written. */
  async settled (job: JobRecord): Promise<boolean> {
    if (job.status === 'completed') return true
    return job.status === 'cancelled' && await this.redis.scard(`${this.keys.job(job.id)}:started`) === 0
  }

  /**
   * Up to `limit` results from index `cursor`, in input order. A page ends early at the first item still being
   * worked on; a cancelled job's items that never ran are skipped.
   */
  async results (job: JobRecord, cursor: number, limit: number): Promise<ResultsPage> {
    const results: ResultLine[] = []
    let index = cursor
    // a cancelled job's chunks that had begun are still written after the cancel: until then they are awaited
    const finished = await this.settled(job)
    while (results.length < limit && index < job.total) {
      const first = Math.floor(index / job.chunkSize)
      const count = Math.min(job.chunks - first, Math.ceil((limit - results.length) / job.chunkSize) + 1)
      const chunks = await this.readChunks(job.id, first, count)
      for (const [offset, lines] of chunks.entries()) {
        const end = Math.min((first + offset + 1) * job.chunkSize, job.total)
        for (; index < end; index++) {
          const line = lines.get(index)
          if (line === undefined) {
            if (!finished) return { results, nextCursor: index }
            continue
          }
          if (results.length === limit) return { results, nextCursor: index }
          results.push(line)
        }
      }
    }
    return { results, nextCursor: index < job.total || !finished ? index : null }
  }

  /** The written lines of `count` chunks from `first`, by item index. */
  private async readChunks (id: string, first: number, count: number): Promise<Array<Map<number, ResultLine>>> {
    const pipeline = this.redis.pipeline()
    for (let i = 0; i < count; i++) pipeline.hgetallBuffer(this.keys.chunk(id, first + i))
    const replies = await pipeline.exec() ?? []
    return await Promise.all(replies.map(async ([error, hash]) => {
      if (error !== null) throw error
      const lines = new Map<number, ResultLine>()
      for (const [field, blob] of Object.entries(hash as Record<string, Buffer>)) {
        const parsed = JSON.parse((await gunzipAsync(blob)).toString('utf8')) as ResultLine | ResultLine[]
        // a compacted chunk: every line in one field
        for (const line of Array.isArray(parsed) ? parsed : [parsed]) lines.set(field === 'all' ? line.index : Number(field), line)
      }
      return lines
    }))
  }

  /**
   * Claims an Idempotency-Key of `owner` for 24 h: null when it was free (the caller creates the job), else the
   * job id and body hash it already names.
   */
  async claimIdempotencyKey (owner: string, keyHash: string, jobId: string, bodyHash: string): Promise<IdempotencyClaim | null> {
    const key = this.keys.idempotency(owner, keyHash)
    // SET NX then GET: the GET may find the key just expired, so once more (it cannot expire twice in a row)
    for (let attempt = 0; attempt < 2; attempt++) {
      const claimed = await this.redis.set(key, `${jobId} ${bodyHash}`, 'EX', 24 * 3600, 'NX')
      if (claimed === 'OK') return null
      const existing = await this.idempotencyClaim(owner, keyHash)
      if (existing !== null) return existing
    }
    throw new Error('The idempotency key could not be claimed')
  }

  /** The job id and body hash an Idempotency-Key of `owner` names, read without claiming it; null when it is free. */
  async idempotencyClaim (owner: string, keyHash: string): Promise<IdempotencyClaim | null> {
    const value = await this.redis.get(this.keys.idempotency(owner, keyHash))
    if (value === null) return null
    const [jobId, bodyHash] = value.split(' ')
    return { jobId, bodyHash }
  }

  async releaseIdempotencyKey (owner: string, keyHash: string): Promise<void> {
    await this.redis.del(this.keys.idempotency(owner, keyHash))
  }
}

function recordOf (id: string, hash: Record<string, string>): JobRecord | null {
  if (hash.status === undefined) return null
  return {
    id,
    owner: hash.owner,
    status: hash.status as JobState,
    total: Number(hash.total),
    done: Number(hash.done),
    failed: Number(hash.failed),
    chunks: Number(hash.chunks),
    chunkSize: Number(hash.chunk_size),
    createdAt: hash.created_at,
    startedAt: nullable(hash.started_at),
    finishedAt: nullable(hash.finished_at),
    callbackUrl: nullable(hash.callback_url),
    callbackSecret: nullable(hash.callback_secret),
    windowId: hash.window_id,
    quotaKey: nullable(hash.quota_key),
    itemsPerSecond: itemsPerSecond(hash, Date.now()),
    callback: hash.callback_url === undefined || hash.callback_url === '' ? null : callbackOf(hash)
  }
}

/**
 * Items per second at `nowMs` from the job's ring of per-second counts (Redis's clock) and its `started_at` and
 * `done`: the items of the last minute over min(60 s, time since the job started), at least 1 s. Measured from the
 * start, not from the first second that had a write, so a first burst after a slow start is not taken for the pace.
 * Null before it started or before its first item finished (no pace to tell yet).
 */
export function itemsPerSecond (hash: Record<string, string>, nowMs: number): number | null {
  const started = Date.parse(hash.started_at ?? '')
  if (Number.isNaN(started) || !(Number(hash.done) > 0)) return null
  const now = nowMs / 1000
  let items = 0
  for (let slot = 0; slot < 60; slot++) {
    const [at, count] = (hash[`r${slot}`] ?? '0:0').split(':').map(Number)
    if (at > now - 60 && at <= now) items += count
  }
  const seconds = Math.min(60, Math.max(1, now - started / 1000))
  return Math.round(items / seconds * 100) / 100
}

export function statusOf (job: JobRecord, resultsUrl: string, now: Date = new Date()): JobStatus {
  const pace = job.status === 'running' ? job.itemsPerSecond : null
  return {
    id: job.id,
    status: job.status,
    total: job.total,
    done: job.done,
    failed: job.failed,
    created_at: job.createdAt,
    started_at: job.startedAt,
    finished_at: job.finishedAt,
    charged: job.done - job.failed,
    results_url: resultsUrl,
    items_per_second: pace,
    // no item in the last minute: no pace to estimate from
    estimated_finish_at: pace !== null && pace > 0 ? new Date(now.getTime() + (job.total - job.done) / pace * 1000).toISOString() : null,
    callback: job.callback
  }
}
