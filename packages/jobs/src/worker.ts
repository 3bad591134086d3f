import { performance } from 'node:perf_hooks'
import type { SafeFetcher } from '@utility-apis/safe-fetch'
import { UnrecoverableError, Worker, type Job } from 'bullmq'
import { callbackBackoffMs, deliver, signDelivery } from './callbacks.js'
import { CALLBACKS_QUEUE, ITEMS_QUEUE, type CallbackData, type ChunkData, type JobEngine } from './engine.js'
import { INTERNAL_ITEM_ERROR } from './item-processor.js'
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

  const runItem = async (input: string): Promise<ItemOutcome> => {
    const started = performance.now()
    const host = options.processor.hostOf(input)
    const release = host === null ? null : await politeness.acquire(host, stopping.signal)
    try {
      return await options.processor.run(input, stopping.signal)
    } catch {
      if (stopping.signal.aborted) throw stopping.signal.reason
      return INTERNAL_ERROR
    } finally {
      await release?.().catch(() => {})
      metrics.itemSeconds.observe((performance.now() - started) / 1000)
    }
  }

  const work = async (job: Job<ChunkData>): Promise<string> => {
    const { job: id, chunk, start, inputs } = job.data
    const begun = await store.beginChunk(id, chunk, engine.clock())
    if (begun !== 'queued' && begun !== 'running') return begun
    const lines: ResultLine[] = []
    for (const [offset, input] of inputs.entries()) {
      // a cancellation stops the chunk between items; what was done of it is never written
      if (offset > 0 && await store.status(id) === 'cancelled') return 'cancelled'
      lines.push(lineOf(start + offset, input, await runItem(input), options.resultField))
    }
    const written = await store.writeChunk(id, chunk, lines, engine.clock())
    if (written === 'written' || written === 'completed') {
      const failed = lines.filter((line) => !line.ok).length
      metrics.count('job_items', 'ok', lines.length - failed)
      metrics.count('job_items', 'failed', failed)
    }
    if (written === 'completed') await engine.finished(id, 'job.completed')
    return written
  }

  const deliverCallback = async (job: Job<CallbackData>): Promise<string> => {
    const record = await store.get(job.data.job)
    if (record?.callbackUrl == null || record.callbackSecret === null) return 'gone'
    const delivery = signDelivery(record.callbackSecret, job.data.type, engine.status(record), engine.clock())
    const outcome = await deliver(options.callbackFetcher, record.callbackUrl, delivery)
    metrics.count('job_callbacks', outcome)
    if (outcome === 'not_allowed') throw new UnrecoverableError('The callback URL resolves to an address that is not allowed')
    if (outcome !== 'delivered') throw new Error(`callback ${outcome}`)
    return outcome
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
  const callbacks = new Worker<CallbackData>(CALLBACKS_QUEUE, deliverCallback, {
    connection: engine.connect('worker'),
    prefix: engine.keys.prefix,
    concurrency: 4,
    settings: { backoffStrategy: (attemptsMade: number) => callbackBackoffMs(attemptsMade) }
  })
  for (const worker of [items, callbacks]) worker.on('error', () => {}) // Redis away: BullMQ reconnects
  return {
    async close () {
      stopping.abort(new Error('worker closing'))
      await Promise.allSettled([items.close(), callbacks.close()])
    }
  }
}
