import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { QuotaStore } from '@utility-apis/auth-quota'
import { RedisMemoryGauge } from '@utility-apis/service-kit'
import { Queue, type JobsOptions } from 'bullmq'
import { CALLBACK_ATTEMPTS, type CallbackType } from './callbacks.js'
import { connectRedis, type RedisTarget } from './connection.js'
import { JobStore, newJobId, statusOf, type CreationState, type JobRecord, type RedisConnection, type ResultsPage } from './job-store.js'
import { jobsPrefix, JobKeys } from './keys.js'
import { errorLogger, type JobLog } from './log.js'
import { JobMetrics, type MetricsSink } from './metrics.js'
import { Outbox, type ClaimedEntry } from './outbox.js'
import { FairScheduler } from './scheduler.js'
import type { JobStatus } from './types.js'

export const ITEMS_QUEUE = 'items'
export const CALLBACKS_QUEUE = 'callbacks'
const ADD_BATCH = 500
// How long a creation may take to queue one batch of tickets (one addBulk of ADD_BATCH, well under a second) before
// its job's remaining chunks count as abandoned by a creator that died
const TICKETING_MS = 60_000
// How long a creation has to commit once its last batch of tickets is counted (COMMIT_JOB refuses it after). The commit
// is its next command, so this is slack for a busy Redis or event loop; it is also how long a creation whose commit got
// no answer waits before reading what became of it, for a commit still on its way can no longer run then
const COMMIT_WINDOW_MS = 5_000
// Redis's clock and this process's may drift apart a little over those seconds
const CLOCK_SLACK_MS = 500
// An attempt waiting for another attempt at the same job looks this often, for at most this long (the other renews
// its deadline with each batch of tickets, so it has given up or committed long before)
const OTHER_POLL_MS = 100
const OTHER_WAIT_MS = 2 * TICKETING_MS
/** The largest chunk, and the chunks a job is split into at least while it can (see `chunkSizeFor`). */
const MAX_CHUNK = 20
const MIN_CHUNKS = 256
// Outbox entries one drain takes at most
const DRAIN_BATCH = 100

/** A ticket for one chunk of work: the job that added it, for the record; which chunk it works is the scheduler's. */
export interface ChunkData {
  job: string
}

export interface CallbackData {
  job: string
  type: CallbackType
}

export interface JobEngineOptions {
  /** `brand`, `site`: names the hash-tagged prefix of every key. */
  service: string
  /** The hash-tagged key prefix; `{jobs:<service>}` unless given (tests keep theirs apart). */
  prefix?: string
  redis: RedisTarget
  /** The path jobs live under, e.g. `/v1/domain/profile/jobs` (for `results_url`). */
  jobsPath: string
  retentionDays?: number
  /** Inputs per chunk (one BullMQ job); by default sized to each job (`chunkSizeFor`). */
  chunkSize?: number
  /** Attempts of a chunk whose processing failed (Redis away mid-write); a killed worker's chunk is stalled, not failed. */
  chunkAttempts?: number
  metrics?: MetricsSink | null
  /**
   * Whether `metrics` gets `jobs_queue_depth` (default true). The depth is the whole queue's, read from Redis, so every
   * process exporting it reports the same number: the API alone does. From the workers too, a sum over pods would grow
   * with the very replicas it scales, and the worker autoscaler would climb to its maximum on a queue that is not there.
   */
  exportQueueDepth?: boolean
  clock?: () => Date
  /** Where refunds go (the service's quota store); null leaves them in the outbox for an engine that has one. */
  quota?: QuotaStore | null
  /** How long a drainer holds an outbox entry before another may take it (default 30 s). */
  outboxLeaseMs?: number
  /** Where engine, queue, worker and callback errors are logged (pino); none without it. */
  log?: JobLog | null
}

export interface CreateJobInput {
  owner: string
  inputs: string[]
  callbackUrl: string | null
  windowId: string
  /** The quota key id the units were reserved under; null when they are not ours to refund (see JobRecord). */
  quotaKey: string | null
  /** The service's item options from the body (JobSchemaNames.itemOptions); null without. */
  itemOptions?: unknown
  id?: string
}

/** A creation that did not commit: nothing of it runs, and its caller is answered a 503 (`jobs_unavailable`). */
class JobCreationInterruptedError extends Error {
  constructor (readonly state: CreationState) {
    super(`The job's creation did not commit (${state})`)
    this.name = 'JobCreationInterruptedError'
  }
}

/** One attempt's creation: the job, and whether this attempt's commit made it (the attempt to charge for it). */
export interface Creation {
  job: JobRecord
  committedHere: boolean
}

/**
 * Inputs per chunk of a job of `total`: at most 20 (a chunk is one BullMQ job, its overhead shared by its items), and
 * small enough that a job has 256 chunks or more, so every worker slot of several worker processes has chunks of it
 * to work (a 200-item job is 200 chunks of one; a 10,000-item job 500 of 20).
 */
export function chunkSizeFor (total: number): number {
  return Math.min(MAX_CHUNK, Math.max(1, Math.ceil(total / MIN_CHUNKS)))
}

/**
 * The jobs of one service on BullMQ. A job's inputs are split into chunks; the items queue holds one ticket per chunk
 * and the fair scheduler (scheduler.ts) says which chunk a ticket works: round-robin between API keys, then between a
 * key's jobs, so one key's 50 jobs get the share of another key's one and a new job never stops an older one.
 */
export class JobEngine {
  readonly keys: JobKeys
  readonly store: JobStore
  readonly items: Queue<ChunkData>
  readonly callbacks: Queue<CallbackData>
  readonly scheduler: FairScheduler
  readonly metrics: JobMetrics
  readonly chunkSize: number | null
  readonly clock: () => Date
  readonly retentionSeconds: number
  readonly outbox: Outbox
  /** Whether the results store is near full (job creation answers 503 then). */
  readonly storage: RedisMemoryGauge
  /** Logs an error once, with its job, chunk and item index where known, and its type (never its message). */
  readonly logError: ReturnType<typeof errorLogger>
  private readonly connections: RedisConnection[] = []

  constructor (readonly options: JobEngineOptions) {
    this.keys = new JobKeys(options.prefix ?? jobsPrefix(options.service))
    this.chunkSize = options.chunkSize ?? null
    this.clock = options.clock ?? (() => new Date())
    this.logError = errorLogger(options.log ?? null)
    this.retentionSeconds = Math.round((options.retentionDays ?? 7) * 86400)
    const client = this.connect('api')
    this.store = new JobStore(client, this.keys, this.retentionSeconds, this.clock)
    this.scheduler = new FairScheduler(client, this.keys, this.retentionSeconds)
    this.outbox = new Outbox(client, this.keys, options.outboxLeaseMs)
    // every key of its jobs carries the prefix's hash tag: on a cluster, the one primary holding that slot is their room
    this.storage = RedisMemoryGauge.ofSlot(client, this.keys.prefix)
    const queueOptions = { connection: this.connect('api'), prefix: this.keys.prefix }
    this.items = new Queue<ChunkData>(ITEMS_QUEUE, queueOptions)
    this.callbacks = new Queue<CallbackData>(CALLBACKS_QUEUE, queueOptions)
    // Redis away: commands fail and callers answer for it; the queues reconnect by themselves
    for (const queue of [this.items, this.callbacks]) queue.on('error', (error) => { this.logError(`queue ${queue.name}`, error) })
    this.metrics = new JobMetrics(options.metrics ?? null)
    if (options.exportQueueDepth !== false) this.metrics.exportQueueDepth(async () => await this.queueDepth())
  }

  /** A new connection of this engine, closed with it. */
  connect (role: 'worker' | 'api'): RedisConnection {
    const connection = connectRedis(this.options.redis, role)
    // reconnection is ioredis's; the callers see failed commands
    connection.on('error', (error) => { this.logError('redis', error) })
    this.connections.push(connection)
    return connection
  }

  resultsUrl (id: string): string {
    return `${this.options.jobsPath}/${id}/results`
  }

  status (job: JobRecord): JobStatus {
    return statusOf(job, this.resultsUrl(job.id), this.clock())
  }

  /** A new job, runnable once this returns (see `begin`). */
  async create (input: CreateJobInput): Promise<JobRecord> {
    const creation = await this.begin(input, false)
    if (creation === null) throw new Error('The job id names another owner\'s job')
    return creation.job
  }

  /**
   * A creation retried under its Idempotency-Key (`begin`, taking over a creation that did not commit). Null when the
   * id names another owner's job.
   */
  async resume (input: CreateJobInput & { id: string }): Promise<JobRecord | null> {
    return (await this.begin(input, true))?.job ?? null
  }

  /**
   * One attempt at creating a job. Its record is stored `creating`, its inputs and tickets queued, and then one script
   * commits it (COMMIT_JOB): before that no worker is handed its chunks, no route shows it and a replay of its key is
   * not answered with it, so a creation that fails at any point, its units refunded, leaves nothing that runs. A commit
   * without an answer is waited out (`settledState`). `takeover`: a paid retry of an Idempotency-Key continues the
   * creation of a first attempt that did not commit (that attempt can no longer commit it). A job committed already
   * is answered as it is (`committedHere` false: paid for by the attempt that committed it). Throws
   * JobCreationInterruptedError when it did not commit; null when the id names another owner's job.
   */
  async begin (input: CreateJobInput, takeover: boolean): Promise<Creation | null> {
    const attempt = randomBytes(8).toString('hex')
    const { job, stored } = await this.store.create(this.newJob(input), this.clock, attempt, takeover, TICKETING_MS)
    if (job.owner !== input.owner) return null
    // an attempt at the same job in flight (two first attempts of one key at once): its outcome is this one's
    if (stored === 'creating') return await this.otherAttempt(job, attempt)
    if (stored !== 'created' && stored !== 'taken') return { job: await this.finishQueuing(job, input.inputs), committedHere: false }
    const countedAt = await this.enqueue(job, input.inputs, 0, attempt)
    let state: CreationState
    try {
      state = await this.store.commit(job, attempt)
    } catch (error) {
      state = await this.settledState(job, attempt, countedAt, error)
    }
    return await this.decided(job, attempt, state)
  }

  /**
   * What became of a commit that got no answer. It may have run (its answer lost with the connection), or may still
   * run (a paused Redis runs it when it wakes), but never past the deadline the last count of tickets set: once that
   * is past, the record says for good. An error Redis answered (OOM while it is full) leaves no commit on its way: the
   * record says at once. Not committed (or not readable), the creation fails with the error that stopped it; the read
   * failing too is logged: the commit ran only if Redis went away in the instant between running it and answering,
   * and stayed away since.
   */
  private async settledState (job: JobRecord, attempt: string, countedAt: number, error: unknown): Promise<CreationState> {
    const answered = error instanceof Error && error.name === 'ReplyError'
    if (!answered) await sleep(Math.max(0, countedAt + COMMIT_WINDOW_MS + CLOCK_SLACK_MS - Date.now()))
    let state: CreationState
    try {
      state = await this.store.creationState(job.id, attempt)
      // still this attempt's and before its deadline by Redis's clock (behind this one's): a commit may yet run, so
      // this attempt commits now, and the answer says what the record will say for good
      if (state === 'open') state = await this.store.commit(job, attempt)
    } catch (unread) {
      this.logError('job creation outcome', unread, { job: job.id })
      throw error
    }
    if (state !== 'committed' && state !== 'other') throw error
    return state
  }

  private async decided (job: JobRecord, attempt: string, state: CreationState): Promise<Creation> {
    if (state === 'committed') {
      this.metrics.count('jobs', 'created')
      return { job, committedHere: true }
    }
    if (state === 'other') return { job: await this.store.get(job.id) ?? job, committedHere: false }
    if (state === 'superseded' || state === 'open') return await this.otherAttempt(job, attempt)
    throw new JobCreationInterruptedError(state)
  }

  /** Another attempt owns the job's creation: polled until it commits (this attempt then costs nothing) or gives up. */
  private async otherAttempt (job: JobRecord, attempt: string): Promise<Creation> {
    const until = Date.now() + OTHER_WAIT_MS
    for (;;) {
      const state = await this.store.creationState(job.id, attempt)
      if (state === 'committed' || state === 'other') return await this.decided(job, attempt, state)
      if ((state !== 'superseded' && state !== 'open') || Date.now() > until) throw new JobCreationInterruptedError(state)
      await sleep(OTHER_POLL_MS)
    }
  }

  /**
   * A committed job as stored, with the tickets a creator that died half-way never queued: a job of a version that
   * committed at its first write (its chunks before `ticketed` have theirs; queued again, a finished one's ticket and
   * inputs would be work and 7 days of inputs for nothing).
   */
  private async finishQueuing (job: JobRecord, inputs: string[]): Promise<JobRecord> {
    if (job.status === 'queued' || job.status === 'running') {
      const ticketed = await this.store.ticketedChunks(job.id)
      if (ticketed < job.chunks) await this.enqueue(job, inputs, ticketed)
    }
    return job
  }

  /** A committed job of `owner` as `finishQueuing` leaves it (an Idempotency-Key's replay); null for none. */
  async replay (id: string, owner: string, inputs: string[]): Promise<JobRecord | null> {
    const job = await this.store.get(id)
    return job === null || job.owner !== owner ? null : await this.finishQueuing(job, inputs)
  }

  private newJob (input: CreateJobInput) {
    return {
      id: input.id ?? newJobId(),
      owner: input.owner,
      total: input.inputs.length,
      chunkSize: this.chunkSize ?? chunkSizeFor(input.inputs.length),
      callbackUrl: input.callbackUrl,
      windowId: input.windowId,
      quotaKey: input.quotaKey,
      itemOptions: input.itemOptions ?? null
    }
  }

  /**
   * Registers the job with the fair scheduler and adds one ticket per chunk from `from` on (the chunks before it have
   * theirs); when the last is counted, when that was (the commit's deadline is counted from it). `attempt`: the
   * creating attempt's token, empty when finishing a committed job (`finishQueuing`).
   */
  private async enqueue (job: JobRecord, inputs: string[], from = 0, attempt = ''): Promise<number> {
    const chunks = Array.from({ length: job.chunks }, (_, chunk) => inputs.slice(chunk * job.chunkSize, (chunk + 1) * job.chunkSize))
    await this.scheduler.register(job.id, job.owner, chunks, TICKETING_MS, from, attempt)
    const options = (chunk: number): JobsOptions => ({
      // An attempt's own tickets: one of an attempt that gave up may be spent or in a worker's hands, and a ticket of
      // the same id added meanwhile would be taken for it (BullMQ adds an id once) and lost with it. A committed job's
      // finishing adds a queued ticket's id again as a no-op.
      jobId: attempt === '' ? `${job.id}-${chunk}` : `${job.id}-${attempt}-${chunk}`,
      attempts: this.options.chunkAttempts ?? 20,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: true,
      removeOnFail: { age: this.retentionSeconds }
    })
    let countedAt = Date.now()
    for (let first = from; first < job.chunks; first += ADD_BATCH) {
      const batch = []
      for (let chunk = first; chunk < Math.min(job.chunks, first + ADD_BATCH); chunk++) {
        batch.push({ name: 'ticket', data: { job: job.id }, opts: options(chunk) })
      }
      await this.items.addBulk(batch)
      // after the last batch only the commit is left, and it has less time: a creation whose commit is not answered
      // waits that time out
      const last = first + batch.length >= job.chunks && attempt !== ''
      await this.scheduler.countTickets(job.id, first + batch.length, last ? COMMIT_WINDOW_MS : TICKETING_MS, attempt)
      countedAt = Date.now()
    }
    return countedAt
  }

  /** The job when it exists and belongs to `owner`; another owner's job is as absent as a missing one. */
  async get (id: string, owner: string): Promise<JobRecord | null> {
    if (!/^job_[0-9a-f]{24}$/.test(id)) return null
    const job = await this.store.get(id)
    return job === null || job.owner !== owner ? null : job
  }

  /**
   * Cancels the job (null: no such job of `owner`), answering its counts of this moment: the items in flight are
   * still written. The refund of the items that never began is due from the cancel's own script on, and so is the
   * `job.cancelled` callback when nothing was in flight (else it is due once the last started chunk finishes, with
   * the final counts); this call makes what is due at once, and a worker does when this process cannot.
   */
  async cancel (id: string, owner: string): Promise<JobRecord | null> {
    if (!/^job_[0-9a-f]{24}$/.test(id)) return null
    const { status, cancelledNow } = await this.store.cancel(id, owner, this.clock())
    if (status === 'missing') return null
    if (cancelledNow) {
      this.metrics.count('jobs', 'cancelled')
      await this.drainOutbox()
    }
    return await this.store.get(id)
  }

  async results (job: JobRecord, cursor: number, limit: number): Promise<ResultsPage> {
    return await this.store.results(job, cursor, limit)
  }

  /**
   * Makes the refunds and queues the callbacks the outbox holds; an entry that fails stays for a later drain. Answers
   * how many were done. Never throws: what it could not do is due again.
   */
  async drainOutbox (): Promise<number> {
    let claimed: ClaimedEntry[]
    try {
      claimed = await this.outbox.claim(DRAIN_BATCH)
    } catch (error) {
      this.logError('outbox', error)
      return 0
    }
    let done = 0
    for (const item of claimed) {
      try {
        if (!await this.apply(item)) continue
        await this.outbox.done(item)
        done++
      } catch (error) {
        // due again once its lease runs out
        this.logError(`outbox ${item.entry.t}`, error, { job: item.entry.job })
      }
    }
    return done
  }

  /** False when this engine cannot apply it (no quota store): it stays for one that can. */
  private async apply ({ entry }: ClaimedEntry): Promise<boolean> {
    if (entry.t === 'callback') {
      await this.queueCallback(entry.job, entry.type)
      return true
    }
    const job = await this.store.get(entry.job)
    if (job?.quotaKey == null || entry.units <= 0) return true
    if (this.options.quota == null) return false
    try {
      await this.options.quota.refund(job.quotaKey, job.windowId, entry.units, `${entry.job}:${entry.id}`)
      this.metrics.count('job_refunds', 'refunded', entry.units)
      return true
    } catch (error) {
      this.metrics.count('job_refunds', 'failed', entry.units)
      throw error
    }
  }

  /** Queues a finished job's callback; the callback's BullMQ id is the job's, so it is queued once while pending. */
  private async queueCallback (id: string, type: CallbackType): Promise<void> {
    await this.callbacks.add('callback', { job: id, type }, {
      jobId: `cb-${id}`,
      attempts: CALLBACK_ATTEMPTS,
      backoff: { type: 'callback' },
      removeOnComplete: true,
      removeOnFail: { age: this.retentionSeconds }
    })
  }

  async queueDepth (): Promise<Record<string, number>> {
    const counts = await this.items.getJobCounts('waiting', 'prioritized', 'delayed', 'active')
    return { waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0), delayed: counts.delayed ?? 0, active: counts.active ?? 0 }
  }

  async close (): Promise<void> {
    await Promise.allSettled([this.items.close(), this.callbacks.close()])
    await Promise.allSettled(this.connections.map(async (connection) => await connection.quit()))
  }
}
