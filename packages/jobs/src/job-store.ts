import { randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import { gunzip, gzip } from 'node:zlib'
import type { Cluster, Redis } from 'ioredis'
import type { JobKeys } from './keys.js'
import { BEGIN_CHUNK, CANCEL_JOB, CREATE_JOB, WRITE_CHUNK } from './scripts.js'
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
  /** The quota store's key id the units were reserved under; null when they are not ours to refund. */
  quotaKey: string | null
}

export interface NewJob {
  id?: string
  owner: string
  total: number
  chunkSize: number
  callbackUrl: string | null
  windowId: string
  quotaKey: string | null
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

function newCallbackSecret (): string {
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
      windowId: job.windowId,
      quotaKey: job.quotaKey
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
      window_id: record.windowId,
      quota_key: record.quotaKey ?? ''
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
      windowId: hash.window_id,
      quotaKey: nullable(hash.quota_key)
    }
  }

  async status (id: string): Promise<JobState | null> {
    return await this.redis.hget(this.keys.job(id), 'status') as JobState | null
  }

  /**
   * Marks the job running on its first chunk; `written` when this chunk's results are already stored, `flush` when
   * the job was cancelled after this chunk began and it was never written (write what it finished: nothing).
   */
  async beginChunk (id: string, chunk: number, now: Date): Promise<JobState | 'written' | 'flush' | 'missing'> {
    return await this.redis.eval(BEGIN_CHUNK, 2, this.keys.job(id), this.keys.chunk(id, chunk), now.toISOString(), chunk) as
      JobState | 'written' | 'flush' | 'missing'
  }

  /**
   * Writes a chunk's results once; `inputs` is how many inputs the chunk has (fewer lines: the job was cancelled and
   * the rest never ran). The refunds of failed and unrun items and the completion callback go to the outbox with it.
   */
  async writeChunk (id: string, chunk: number, lines: ResultLine[], now: Date, inputs = lines.length): Promise<WriteOutcome> {
    const blob = await gzipAsync(JSON.stringify(lines))
    const failed = lines.filter((line) => !line.ok).length
    return await this.redis.eval(WRITE_CHUNK, 3, this.keys.job(id), this.keys.chunk(id, chunk), this.keys.outbox(),
      blob, lines.length, failed, now.toISOString(), this.retentionSeconds, chunk, inputs, id) as WriteOutcome
  }

  /**
   * Cancels a queued or running job of `owner`: the refund of its items that never began and its callback go to the
   * outbox in the same script. `cancelledNow` is false when it was finished already.
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
   * Up to `limit` results from index `cursor`, in input order. A page ends early at the first chunk still being
   * worked on; a cancelled job's chunks that never ran are skipped.
   */
  async results (job: JobRecord, cursor: number, limit: number): Promise<ResultsPage> {
    const results: ResultLine[] = []
    let index = cursor
    // a cancelled job's chunks that had begun are still written after the cancel: until then they are awaited
    const finished = await this.settled(job)
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
    charged: job.done - job.failed,
    results_url: resultsUrl
  }
}
