import { randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import { gunzip, gzip } from 'node:zlib'
import type { Cluster, Redis } from 'ioredis'
import type { JobKeys } from './keys.js'
import { BEGIN_CHUNK, CANCEL_JOB, CREATE_JOB, REFUND_SETTLED, WRITE_CHUNK } from './scripts.js'
import type { JobState, JobStatus, ResultLine } from './types.js'

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
}

export interface NewJob {
  id?: string
  owner: string
  total: number
  chunkSize: number
  callbackUrl: string | null
  windowId: string
}

export type WriteOutcome = 'written' | 'completed' | 'duplicate' | 'cancelled' | 'missing'

export interface ResultsPage {
  results: ResultLine[]
  /** Where the next page starts; null once the job is finished and every result was read. */
  nextCursor: number | null
}

export function newJobId (): string {
  return `job_${randomBytes(12).toString('hex')}`
}

export function newCallbackSecret (): string {
  return `whsec_${randomBytes(24).toString('base64')}`
}

const nullable = (value: string | undefined): string | null => value === undefined || value === '' ? null : value

/** Jobs, their compressed results per chunk and their idempotency keys, in Redis. */
export class JobStore {
  constructor (
    private readonly redis: RedisConnection,
    private readonly keys: JobKeys,
    private readonly retentionSeconds: number
  ) {}

  async create (job: NewJob, clock: () => Date): Promise<JobRecord> {
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
      windowId: job.windowId
    }
    const fields = {
      owner: record.owner,
      status: record.status,
      total: record.total,
      done: 0,
      failed: 0,
      chunks: record.chunks,
      chunk_size: record.chunkSize,
      created_at: record.createdAt,
      callback_url: record.callbackUrl ?? '',
      callback_secret: record.callbackSecret ?? '',
      window_id: record.windowId
    }
    const created = await this.redis.eval(CREATE_JOB, 1, this.keys.job(record.id), this.retentionSeconds, ...Object.entries(fields).flat())
    // Two attempts of one Idempotency-Key raced: the record (and its callback secret) is the one stored first
    if (created === 0) return await this.get(record.id) ?? record
    return record
  }

  async get (id: string): Promise<JobRecord | null> {
    const hash = await this.redis.hgetall(this.keys.job(id))
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
      windowId: hash.window_id
    }
  }

  async status (id: string): Promise<JobState | null> {
    return await this.redis.hget(this.keys.job(id), 'status') as JobState | null
  }

  /** Marks the job running on its first chunk; `written` when this chunk's results are already stored. */
  async beginChunk (id: string, chunk: number, now: Date): Promise<JobState | 'written' | 'missing'> {
    return await this.redis.eval(BEGIN_CHUNK, 2, this.keys.job(id), this.keys.chunk(id, chunk), now.toISOString()) as JobState | 'written' | 'missing'
  }

  async writeChunk (id: string, chunk: number, lines: ResultLine[], now: Date): Promise<WriteOutcome> {
    const blob = await gzipAsync(JSON.stringify(lines))
    const failed = lines.filter((line) => !line.ok).length
    return await this.redis.eval(WRITE_CHUNK, 2, this.keys.job(id), this.keys.chunk(id, chunk),
      blob, lines.length, failed, now.toISOString(), this.retentionSeconds) as WriteOutcome
  }

  /**
   * Cancels a queued or running job of `owner`. `refund` is what this call must give back: the unwritten items for
   * the call that cancelled it, or for a later one once the claim of an earlier refund lapsed (`claimMs`) unsettled.
   */
  async cancel (id: string, owner: string, now: Date, claimMs: number): Promise<{ status: JobState | 'missing', refund: number, cancelledNow: boolean }> {
    const [status, refund, cancelledNow] = await this.redis.eval(CANCEL_JOB, 1, this.keys.job(id), owner, now.toISOString(),
      this.retentionSeconds, claimMs) as [JobState | 'missing', number, number]
    return { status, refund, cancelledNow: cancelledNow === 1 }
  }

  /** The claimed refund was made (nothing stays due) or failed (due again at once). */
  async refundSettled (id: string, made: boolean): Promise<void> {
    await this.redis.eval(REFUND_SETTLED, 1, this.keys.job(id), made ? 1 : 0)
  }

  /**
   * Up to `limit` results from index `cursor`, in input order. A page ends early at the first chunk still being
   * worked on; a cancelled job's chunks that never ran are skipped.
   */
  async results (job: JobRecord, cursor: number, limit: number): Promise<ResultsPage> {
    const results: ResultLine[] = []
    let index = cursor
    const finished = job.status === 'completed' || job.status === 'cancelled'
    while (results.length < limit && index < job.total) {
      const first = Math.floor(index / job.chunkSize)
      const count = Math.min(job.chunks - first, Math.ceil((limit - results.length) / job.chunkSize) + 1)
      const blobs = await this.redis.mgetBuffer(...Array.from({ length: count }, (_, i) => this.keys.chunk(job.id, first + i)))
      for (const [offset, blob] of blobs.entries()) {
        const chunkStart = (first + offset) * job.chunkSize
        if (blob === null) {
          if (!finished) return { results, nextCursor: index }
          index = chunkStart + job.chunkSize
          continue
        }
        const lines = JSON.parse((await gunzipAsync(blob)).toString('utf8')) as ResultLine[]
        for (const line of lines) {
          if (line.index < index) continue
          if (results.length === limit) return { results, nextCursor: line.index }
          results.push(line)
          index = line.index + 1
        }
      }
    }
    return { results, nextCursor: index < job.total || !finished ? index : null }
  }

  /**
   * Claims an Idempotency-Key of `owner` for 24 h: null when it was free (the caller creates the job), else the
   * job id and body hash it already names.
   */
  async claimIdempotencyKey (owner: string, keyHash: string, jobId: string, bodyHash: string): Promise<{ jobId: string, bodyHash: string } | null> {
    const key = this.keys.idempotency(owner, keyHash)
    // SET NX then GET: the GET may find the key just expired, so once more (it cannot expire twice in a row)
    for (let attempt = 0; attempt < 2; attempt++) {
      const claimed = await this.redis.set(key, `${jobId} ${bodyHash}`, 'EX', 24 * 3600, 'NX')
      if (claimed === 'OK') return null
      const value = await this.redis.get(key)
      if (value === null) continue
      const [existing, hash] = value.split(' ')
      return { jobId: existing, bodyHash: hash }
    }
    throw new Error('The idempotency key could not be claimed')
  }

  async releaseIdempotencyKey (owner: string, keyHash: string): Promise<void> {
    await this.redis.del(this.keys.idempotency(owner, keyHash))
  }
}

export function statusOf (job: JobRecord, resultsUrl: string): JobStatus {
  return {
    id: job.id,
    status: job.status,
    total: job.total,
    done: job.done,
    failed: job.failed,
    created_at: job.createdAt,
    started_at: job.startedAt,
    finished_at: job.finishedAt,
    results_url: resultsUrl
  }
}
