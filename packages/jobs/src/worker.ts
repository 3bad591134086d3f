import { performance } from 'node:perf_hooks'
import type { SafeFetcher } from '@utility-apis/safe-fetch'
import { UnrecoverableError, Worker, type Job } from 'bullmq'
import { callbackBackoffMs, deliver, signDelivery } from './callbacks.js'
import { CALLBACKS_QUEUE, ITEMS_QUEUE, type CallbackData, type ChunkData, type JobEngine } from './engine.js'
import { INTERNAL_ITEM_ERROR } from './item-processor.js'
import type { ErrorPlace } from './log.js'
import { HostPoliteness } from './politeness.js'
import type { ItemOutcome, ItemProcessor, ResultLine } from './types.js'

export interface WorkerOptions {
  processor: ItemProcessor
  /** The answer's field in a result line: `profile`, `analysis`. */
  resultField: string
  /** Items worked on at the same time by this process (WORKER_CONCURRENCY). */
  concurrency: number
  /** Items of one host at the same time across all workers. */
  perHostConcurrency: number
  /** The fetcher of callbacks: the same SSRF policy as every other fetch. */
  callbackFetcher: Pick<SafeFetcher, 'fetch'>
  /** A chunk whose worker stopped renewing its lock (killed) is given to another worker after this. Default 30 s. */
  lockMs?: number
  /** Longest time one item may hold a host's lease. */
  itemLeaseMs?: number
  /** How often this worker makes the refunds and queues the callbacks the outbox holds (default 1 s). */
  outboxPollMs?: number
  /** Test hook (NODE_ENV=test, JOBS_TEST_CRASH_AT): `after-last-write` exits 137 right after a job's last results. */
  crashAt?: string | null
}

export interface JobWorker {
  close: () => Promise<void>
}

const INTERNAL_ERROR: ItemOutcome = { ok: false, error: INTERNAL_ITEM_ERROR }

export function lineOf (index: number, input: string, outcome: ItemOutcome, resultField: string): ResultLine {
  return outcome.ok
    ? { index, input, ok: true, [resultField]: outcome.value }
    : { index, input, ok: false, error: outcome.error }
}

/**
 * Works the engine's chunks, `concurrency` at a time, one item of a chunk after the other (so `concurrency` items are
 * in flight), and delivers callbacks. A chunk delivered twice (its worker was killed) is worked again but written
 * once: the first complete write wins and the others change nothing.
 */
export function startWorker (engine: JobEngine, options: WorkerOptions): JobWorker {
  const politeness = new HostPoliteness(engine.connect('api'), engine.keys, {
    perHost: options.perHostConcurrency,
    leaseMs: options.itemLeaseMs ?? 120_000
  })
  const stopping = new AbortController()
  const { metrics, store } = engine

  const runItem = async (input: string, place: Required<ErrorPlace>): Promise<ItemOutcome> => {
    const started = performance.now()
    const host = options.processor.hostOf(input)
    const release = host === null ? null : await politeness.acquire(host, stopping.signal)
    try {
      return countedFailure(engine, await options.processor.run(input, stopping.signal), place)
    } catch (error) {
      if (stopping.signal.aborted) throw stopping.signal.reason
      engine.logError('item', error, place)
      metrics.count('job_item_failures', { reason: 'exception' })
      return INTERNAL_ERROR
    } finally {
      await release?.().catch(() => {})
      metrics.itemSeconds.observe((performance.now() - started) / 1000)
    }
  }

  /** The chunk's items one after the other; a cancellation stops it between items, keeping what was finished. */
  const runChunk = async ({ job: id, chunk, start, inputs }: ChunkData): Promise<ResultLine[]> => {
    const lines: ResultLine[] = []
    for (const [offset, input] of inputs.entries()) {
      if (offset > 0 && await store.status(id) === 'cancelled') break
      const outcome = await runItem(input, { job: id, chunk, index: start + offset })
      lines.push(lineOf(start + offset, input, outcome, options.resultField))
    }
    return lines
  }

  const work = async (job: Job<ChunkData>): Promise<string> => {
    const { job: id, chunk, inputs } = job.data
    const begun = await store.beginChunk(id, chunk, engine.clock())
    if (begun === 'flush') return await writeLines(id, chunk, [], inputs.length)
    if (begun !== 'queued' && begun !== 'running') return begun
    return await writeLines(id, chunk, await runChunk(job.data), inputs.length)
  }

  /** Writes what a chunk delivered; its refunds and a completion callback are then due, and made at once. */
  const writeLines = async (id: string, chunk: number, lines: ResultLine[], inputs: number): Promise<string> => {
    const written = await store.writeChunk(id, chunk, lines, engine.clock(), inputs)
    if (written === 'written' || written === 'completed') {
      const failed = lines.filter((line) => !line.ok).length
      metrics.count('job_items', 'ok', lines.length - failed)
      metrics.count('job_items', 'failed', failed)
    }
    if (written === 'completed') {
      if (options.crashAt === 'after-last-write') process.exit(137)
      metrics.count('jobs', 'completed')
    }
    if (written === 'written' || written === 'completed') engine.drainOutbox().catch(() => {}) // it never throws
    return written
  }

  const lockDuration = options.lockMs ?? 30_000
  const items = new Worker<ChunkData>(ITEMS_QUEUE, work, {
    connection: engine.connect('worker'),
    prefix: engine.keys.prefix,
    concurrency: options.concurrency,
    lockDuration,
    stalledInterval: lockDuration,
    // a chunk redelivered after a crash is not a poison chunk: give it many chances
    maxStalledCount: 100
  })
  const callbacks = new Worker<CallbackData>(CALLBACKS_QUEUE, callbackDeliverer(engine, options.callbackFetcher), {
    connection: engine.connect('worker'),
    prefix: engine.keys.prefix,
    concurrency: 4,
    settings: { backoffStrategy: (attemptsMade: number) => callbackBackoffMs(attemptsMade) }
  })
  // Redis away: BullMQ reconnects; a chunk whose processing threw is retried (its attempts are logged)
  for (const worker of [items, callbacks]) worker.on('error', (error) => { engine.logError(`worker ${worker.name}`, error) })
  items.on('failed', (job, error) => { engine.logError('chunk', error, { job: job?.data.job, chunk: job?.data.chunk }) })
  const drain = drainEvery(engine, options.outboxPollMs ?? 1000)
  return {
    async close () {
      stopping.abort(new Error('worker closing'))
      drain.stop()
      await Promise.allSettled([items.close(), callbacks.close()])
      await drain.idle()
    }
  }
}

// Item errors that are the service's own doing (a bug, an internal timeout, the renderer away), not the target's
const OWN_STATUSES = new Set([500, 503])

/**
 * Counts and logs an item that failed for our own reasons (`job_item_failures_total{reason}`, the reason its code);
 * a refused or unreachable target is the target's doing and counts only in `job_items_total{outcome="failed"}`.
 */
function countedFailure (engine: JobEngine, outcome: ItemOutcome, place: Required<ErrorPlace>): ItemOutcome {
  if (!outcome.ok && OWN_STATUSES.has(outcome.error.status)) {
    engine.metrics.count('job_item_failures', { reason: outcome.error.code })
    engine.logError('item', { name: 'ItemError', code: outcome.error.code }, place)
  }
  return outcome
}

/** Drains the engine's outbox every `ms` (what a worker that died left due is made by the others). */
function drainEvery (engine: JobEngine, ms: number): { stop: () => void, idle: () => Promise<void> } {
  let running: Promise<unknown> | null = null
  const timer = setInterval(() => {
    running ??= engine.drainOutbox().finally(() => { running = null })
  }, ms)
  timer.unref()
  return { stop: () => clearInterval(timer), idle: async () => { await running } }
}

/** Delivers one job's callback: signed anew each attempt, with the same `webhook-id`. */
function callbackDeliverer (engine: JobEngine, fetcher: Pick<SafeFetcher, 'fetch'>): (job: Job<CallbackData>) => Promise<string> {
  const { metrics, store } = engine
  return async (job: Job<CallbackData>): Promise<string> => {
    const record = await store.get(job.data.job)
    if (record?.callbackUrl == null || record.callbackSecret === null) return 'gone'
    const delivery = signDelivery(record.callbackSecret, job.data.type, engine.status(record), engine.clock())
    const outcome = await deliver(fetcher, record.callbackUrl, delivery)
    metrics.count('job_callbacks', outcome)
    if (outcome !== 'delivered') engine.logError('callback', { name: 'CallbackError', code: outcome }, { job: job.data.job })
    if (outcome === 'not_allowed') throw new UnrecoverableError('The callback URL resolves to an address that is not allowed')
    if (outcome !== 'delivered') throw new Error(`callback ${outcome}`)
    return outcome
  }
}
