import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { withRequestGate, type SafeFetcher } from '@utility-apis/safe-fetch'
import { DelayedError, UnrecoverableError, Worker, type Job } from 'bullmq'
import { callbackBackoffMs, deliver, signDelivery } from './callbacks.js'
import { CALLBACKS_QUEUE, ITEMS_QUEUE, type CallbackData, type ChunkData, type JobEngine } from './engine.js'
import { INTERNAL_ITEM_ERROR, refusedByPause } from './item-processor.js'
import type { ErrorPlace } from './log.js'
import type { BoundChunk, HostLimits } from './scheduler.js'
import { DEFAULT_LEASE_MS, HostPoliteness, type ItemWatch, type Release } from './politeness.js'
import type { ItemOutcome, ItemProcessor, ResultLine } from './types.js'
import { DEFAULT_LOCK_MS } from './settings.js'

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
  /**
   * How long a host's item and request leases last unless renewed (default 15 s, renewed every third of it while the
   * item or request runs): how long a killed worker blocks its hosts, never a limit on an item's time.
   */
  itemLeaseMs?: number
  /** How long a chunk whose next item's host is busy waits before it is tried again (plus as much jitter). */
  hostBusyDelayMs?: number
  /** How often this worker makes the refunds and queues the callbacks the outbox holds (default 1 s). */
  outboxPollMs?: number
  /** Test hook (NODE_ENV=test, JOBS_TEST_CRASH_AT): `after-last-write` exits 137 right after a job's last results. */
  crashAt?: string | null
}

export interface JobWorker {
  close: () => Promise<void>
}

const INTERNAL_ERROR: ItemOutcome = { ok: false, error: INTERNAL_ITEM_ERROR }
/** An item whose site asked for time while it ran: not written, worked again after the pause. */
const AGAIN = Symbol('again')
/** Attempts of one item beyond its first that its site's 429s may cost; the last attempt's answer is delivered. */
const MAX_ITEM_RETRIES = 2

export function lineOf (index: number, input: string, outcome: ItemOutcome, resultField: string): ResultLine {
  return outcome.ok
    ? { index, input, ok: true, [resultField]: outcome.value }
    : { index, input, ok: false, error: outcome.error }
}

/**
 * A ticket whose chunk waits for a host, or that found no chunk ready, goes back to the queue a while: `delayMs` plus
 * up to `jitterMs` (as much again unless told), so tickets that waited together do not come back together.
 */
async function moveBack (ticket: Job<ChunkData>, token: string | undefined, delayMs: number, jitterMs = delayMs): Promise<never> {
  await ticket.moveToDelayed(Date.now() + delayMs + Math.floor(Math.random() * jitterMs), token)
  throw new DelayedError()
}

// The longest a begun chunk waiting only for hosts that asked for time sleeps before it looks again, whatever their
// pauses (up to 10 minutes): a cancel settles once its started chunks are back to be finished, so this bounds how late
// a cancelled job's `finished_at` and callback may come (as JOBS_LOCK_MS does for a killed worker's chunk).
const PAUSED_WAIT_MAX_MS = 30_000

// Chunks one ticket may defer (their hosts busy) before it lets its worker slot go to another ticket a while
const DEFERRALS_PER_TAKE = 16
// A ticket taken while its job's creation is queuing tickets asks again this often, this many times, before it goes
// back to the queue: the creation counts its tickets a few milliseconds after queuing them. (Sent back for a second
// at once, the first WORKER_CONCURRENCY tickets of every job started a second late: a 200-item job's 2-worker speed
// fell from 1.71x its 1-worker speed to 1.0-1.1x.)
const TICKETING_POLL_MS = 20
const TICKETING_POLLS = 10

/** The ticket's chunk (FairScheduler.next), asked again briefly while the tickets of its job are being counted. */
async function nextChunk (work: ChunkWork, ticket: string): Promise<BoundChunk | 'wait' | 'none'> {
  for (let polls = 0; ; polls++) {
    const bound = await work.engine.scheduler.next(ticket, work.limits)
    if (bound !== 'ticketing') return bound
    // its creator is slow or died half-way: the ticket waits in the queue, not in the slot
    if (polls === TICKETING_POLLS) return 'wait'
    await sleep(TICKETING_POLL_MS)
  }
}

/**
 * Errors a worker's processor logged (and, a callback's, recorded in its job's status) before throwing them. BullMQ's
 * `failed` event fires for those too, and a handler logging them again would log each twice; what it is left with is
 * what BullMQ failed outside the processor (a job stalled past `maxStalledCount` is failed, unrun, by the next worker
 * that takes it) or what the processor threw without handling it.
 */
class HandledErrors {
  private readonly errors = new WeakSet<object>()

  mark<E> (error: E): E {
    if (typeof error === 'object' && error !== null) this.errors.add(error)
    return error
  }

  has (error: unknown): boolean {
    return typeof error === 'object' && error !== null && this.errors.has(error)
  }
}

interface ChunkWork {
  engine: JobEngine
  handled: HandledErrors
  /** Aborted when the worker closes: the items it stops are redelivered, not failed. */
  stopping: AbortSignal
  resultField: string
  hostBusyDelayMs: number
  limits: HostLimits
  hostOf: (input: string) => string | null
  /** The item lease of `host` (a no-op for none), renewed while held; null while the host has its items already. */
  takeHost: (host: string | null) => Promise<Release | null>
  /** Whether `host` asked for time (a 429): a lease held from the item before is not used until its pause ends. */
  hostPaused: (host: string) => Promise<boolean>
  /** Ms left of `host`'s pause, 0 when it has none. */
  pauseLeft: (host: string) => Promise<number>
  runItem: (input: string, place: Required<ErrorPlace>, options: unknown, attempt: number) => Promise<ItemOutcome | typeof AGAIN>
  writeItem: (id: string, chunk: number, line: ResultLine) => Promise<string>
}

/**
 * The item lease a chunk holds, kept from one item to the next of the same host: a chunk of one host's pages is
 * not overtaken between two of its items by a chunk handed out meanwhile (which would leave it parked half-way).
 */
class HeldHost {
  private held: { host: string | null, release: Release } | null = null

  constructor (private readonly work: Pick<ChunkWork, 'takeHost' | 'hostPaused'>) {}

  /**
   * Whether `host` is held now (kept from the previous item, or taken); false while it has its items already or asked
   * for time. The lease held before is let go only for another one taken: a chunk that skips an item of a busy host
   * keeps the host of its other items.
   */
  async hold (host: string | null): Promise<boolean> {
    if (this.held !== null && this.held.host === host) {
      if (host === null || !await this.work.hostPaused(host)) return true
      // its host asked for time: the lease is of no use to anyone until the pause ends
      await this.drop()
    }
    const release = await this.work.takeHost(host)
    if (release === null) return false
    await this.drop()
    this.held = { host, release }
    return true
  }

  async drop (): Promise<void> {
    const held = this.held
    this.held = null
    // a lease left behind by a failed release lapses by itself (its renewals stop at once)
    await held?.release().catch(() => {})
  }
}

/**
 * A ticket's work (bindTicket); what fails is logged once, here, under the chunk the ticket was bound to then, and
 * thrown on for BullMQ to try the ticket again. Not under the job that queued the ticket: tickets are interchangeable,
 * and the scheduler binds one to whichever key's chunk is next.
 */
async function workTicket (work: ChunkWork, ticket: Job<ChunkData>, token: string | undefined): Promise<string> {
  const at: { bound: BoundChunk | null } = { bound: null }
  try {
    return await bindTicket(work, ticket, token, at)
  } catch (error) {
    // a ticket moved back to the queue, or an item stopped by a closing worker (its chunk is redelivered): no failure
    if (!(error instanceof DelayedError) && !(work.stopping.aborted && error === work.stopping.reason)) {
      work.engine.logError('chunk', error, at.bound === null ? {} : { job: at.bound.job, chunk: at.bound.chunk })
    }
    throw work.handled.mark(error)
  }
}

/**
 * The chunk the fair scheduler binds the ticket to (kept in `at` while bound), worked to its end; the ticket is spent
 * with it. A chunk deferred for its busy host frees the ticket for the next chunk at once, so a busy host never idles
 * a worker slot.
 */
async function bindTicket (work: ChunkWork, ticket: Job<ChunkData>, token: string | undefined, at: { bound: BoundChunk | null }): Promise<string> {
  const id = ticket.id as string
  for (let deferred = 0; deferred < DEFERRALS_PER_TAKE; deferred++) {
    at.bound = null
    const bound = await nextChunk(work, id)
    if (bound === 'none') return 'none'
    // only chunks whose hosts are busy are left: this ticket may serve one of them (or a new job) later
    if (bound === 'wait') return await moveBack(ticket, token, 4 * work.hostBusyDelayMs)
    at.bound = bound
    const held = new HeldHost(work)
    try {
      const result = await startChunk(work, ticket, token, bound, held)
      if (result === 'deferred') continue
      await work.engine.scheduler.release(id, bound)
      return result
    } finally {
      await held.drop()
    }
  }
  // every chunk it was given waits for its host: the slot is let go, the ticket tries again soon
  return await moveBack(ticket, token, work.hostBusyDelayMs)
}

/**
 * A chunk that has not begun begins only once one of its items holds its host (its first item's, else another's: a
 * chunk of several hosts does what it can rather than wait whole for one): until then it is parked or deferred for
 * its first item's host (FairScheduler.waitForHost) and counts for nothing in its job (a cancel refunds it as never
 * begun).
 */
async function startChunk (work: ChunkWork, ticket: Job<ChunkData>, token: string | undefined, bound: BoundChunk, held: HeldHost): Promise<string> {
  const inputs = await work.engine.scheduler.inputs(bound)
  if (inputs === null) return 'missing'
  // a closing worker begins nothing: the chunk goes back unbegun (a cancel refunds it at once), its ticket still bound
  if (work.stopping.aborted) return await moveBack(ticket, token, 0, 0)
  if (!bound.begun && !await holdsAny(work, inputs, held)) {
    // none of its hosts is free (a null host always is): it waits for its first item's
    const host = work.hostOf(inputs[0]) as string
    const waiting = await work.engine.scheduler.waitForHost(ticket.id as string, bound, host, 2 * work.hostBusyDelayMs, work.limits.perHost)
    if (waiting === 'parked') return await moveBack(ticket, token, work.hostBusyDelayMs)
    // `deferred`, or the job's status once it is over: nothing is left for this chunk to do
    return waiting
  }
  return await workChunk(work, ticket, token, bound, inputs, held)
}

/** Whether one of the items' hosts is held now (each distinct host tried once, in input order). */
async function holdsAny (work: ChunkWork, inputs: string[], held: HeldHost): Promise<boolean> {
  const tried = new Set<string | null>()
  for (const input of inputs) {
    const host = work.hostOf(input)
    if (tried.has(host)) continue
    if (await held.hold(host)) return true
    tried.add(host)
  }
  return false
}

/**
 * The items of a chunk not written yet, one after the other. An item whose host is busy or asked for time (before it
 * began, or while it ran: AGAIN) is skipped and the chunk goes on with the others: results are written per index, in
 * any order. Once only such items are left the chunk waits for their hosts (parkBegun) and comes back for them.
 */
async function workChunk (work: ChunkWork, ticket: Job<ChunkData>, token: string | undefined, bound: BoundChunk,
  inputs: string[], held: HeldHost): Promise<string> {
  const { engine } = work
  const { store } = engine
  const begun = await store.beginChunk(bound.job, bound.chunk, engine.clock())
  // a chunk of a cancelled job that had begun: what it finished is delivered, the rest refunded
  if (begun === 'flush') return await finishChunk(work, bound, inputs.length, 'cancelled')
  if (begun !== 'queued' && begun !== 'running') return begun
  const written = await store.writtenItems(bound.job, bound.chunk)
  const itemOptions = await store.itemOptions(bound.job)
  const start = bound.chunk * bound.chunkSize
  // only a begun chunk has items run again (a retry waits for its chunk's next pass, after its host's pause)
  const retries = bound.begun ? await store.itemRetries(bound.job, inputs.map((_, offset) => start + offset)) : []
  // the hosts of the items skipped: each asked for once a pass (a null host never waits)
  const waiting = new Set<string>()
  for (const [offset, input] of inputs.entries()) {
    const index = start + offset
    const host = work.hostOf(input)
    // skipped before anything is asked of Redis: a host already found waiting costs its other items nothing
    if (written.has(index) || (host !== null && waiting.has(host))) continue
    // a cancellation stops the chunk between items, keeping what was finished
    if (offset > 0 && await store.status(bound.job) === 'cancelled') return await finishChunk(work, bound, inputs.length, 'cancelled')
    // a closing worker (a rollout) starts no new item: its chunk goes back to the queue at once, its ticket still bound,
    // for another worker to go on with. Items started one after the other until its lock ran out were cut when the
    // process was killed, and fetched again by the worker that took the chunk over.
    if (work.stopping.aborted) return await moveBack(ticket, token, 0, 0)
    // (a null host is always held: an item without one lets the lease of the item before go)
    if (!await held.hold(host)) {
      waiting.add(host as string)
      continue
    }
    const outcome = await work.runItem(input, { job: bound.job, chunk: bound.chunk, index }, itemOptions, retries[offset] ?? 0)
    // its site asked for time (its host is paused now; an item without a host never is): worked again after the pause
    if (outcome === AGAIN) {
      waiting.add(host as string)
      // its lease is of no use until the pause ends, and the chunk's next items may be of hosts it cannot take
      await held.drop()
      continue
    }
    const result = await work.writeItem(bound.job, bound.chunk, lineOf(index, input, outcome, work.resultField))
    if (result === 'cancelled' || result === 'missing') return await finishChunk(work, bound, inputs.length, result)
  }
  // not finished while an item is unwritten: the chunk stays started, its items neither counted nor compacted
  if (waiting.size > 0) return await parkBegun(work, ticket, token, bound, waiting)
  return await finishChunk(work, bound, inputs.length, 'done')
}

/**
 * A begun chunk whose items left all wait for `hosts` gives its worker slot up, its ticket still bound (it must be the
 * one to finish it). Hosts that all asked for time: it sleeps until the first pause ends (at most PAUSED_WAIT_MAX_MS),
 * uncounted, so its job keeps getting new chunks: it does not poll, and its ticket is the one delayed job it has
 * anyway. A busy host: it is parked for it and counted (PARK_BEGUN), polling, and as many of those stop its job's new
 * chunks.
 */
async function parkBegun (work: ChunkWork, ticket: Job<ChunkData>, token: string | undefined, bound: BoundChunk,
  hosts: Set<string>): Promise<never> {
  const pauses = await Promise.all([...hosts].map(async (host) => ({ host, left: await work.pauseLeft(host) })))
  const busy = pauses.find(({ left }) => left === 0)
  if (busy === undefined) {
    const wait = Math.min(PAUSED_WAIT_MAX_MS, ...pauses.map(({ left }) => left))
    return await moveBack(ticket, token, wait, work.hostBusyDelayMs)
  }
  const wait = await work.engine.scheduler.park(ticket.id as string, bound, busy.host, work.hostBusyDelayMs, work.limits)
  return await moveBack(ticket, token, wait)
}

/**
 * A chunk leaves its job's started chunks (of a cancelled job, its items without a result are refunded); a complete
 * one's results are compacted: counted and readable item by item, as one blob they take several times less memory.
 */
async function finishChunk (work: ChunkWork, bound: BoundChunk, inputs: number, outcome: string): Promise<string> {
  const { store } = work.engine
  if (await store.finishChunk(bound.job, bound.chunk, inputs) > 0) work.engine.drainOutbox().catch(() => {}) // it never throws
  if (outcome === 'done') await store.compactChunk(bound.job, bound.chunk, inputs)
  return outcome
}

/**
 * What a chunk does with its items on this worker: each item run through its host's request gate (its outcome, or
 * AGAIN when its site asked for time while it ran: a 429), each result written once, and the leases of hosts.
 */
function chunkWorkOf (engine: JobEngine, options: WorkerOptions, politeness: HostPoliteness, stopping: AbortSignal,
  handled: HandledErrors): ChunkWork {
  const { metrics, store } = engine

  /**
   * Whether the item is worked again after a pause: its site asked for time, or a site its page led to did (its
   * document refused; `outcome` null when the work threw). Its host is held back as long as a twin's or that site's
   * pause when the pause was not its own host's; at most MAX_ITEM_RETRIES times, then the answer is delivered.
   */
  const refusedThisTime = async (watch: ItemWatch, place: Required<ErrorPlace>, outcome: ItemOutcome | null): Promise<boolean> => {
    const asked = watch.askedToWait()
    if (asked) await watch.holdForRefusals()
    const waits = asked || (outcome !== null && refusedByPause(outcome) && await watch.holdForRefusals())
    return waits && await store.countItemRetry(place.job, place.index) <= MAX_ITEM_RETRIES
  }

  /** The item's outcome; worked again after its site's pause at most MAX_ITEM_RETRIES times, then delivered. */
  const runItem = async (input: string, place: Required<ErrorPlace>, itemOptions: unknown, attempt: number): Promise<ItemOutcome | typeof AGAIN> => {
    const started = performance.now()
    // every request the item makes, however deep, passes the host's shared request leases
    const watch = politeness.itemGate(options.processor.hostOf(input))
    try {
      const outcome = await withRequestGate(watch.gate, async () => await options.processor.run(input, stopping, itemOptions, attempt))
      if (await refusedThisTime(watch, place, outcome)) return AGAIN
      return countedFailure(engine, outcome, place)
    } catch (error) {
      if (stopping.aborted) throw stopping.reason
      // work that did not survive its own site's refusal is the site's answer too, not our failure
      if (await refusedThisTime(watch, place, null)) return AGAIN
      engine.logError('item', error, place)
      metrics.count('job_item_failures', { reason: 'exception' })
      return INTERNAL_ERROR
    } finally {
      metrics.itemSeconds.observe((performance.now() - started) / 1000)
    }
  }

  /**
   * Writes one item's result. The refund of its chunk's failed items is due with the chunk's last write, the
   * completion callback with the job's; the outbox is drained at once after a failed item's write (a job under 257
   * items has chunks of one) and the job's last, else by the next drain (`outboxPollMs`).
   */
  const writeItem = async (id: string, chunk: number, line: ResultLine): Promise<string> => {
    const written = await store.writeItem(id, chunk, line, engine.clock())
    if (written === 'written' || written === 'completed') metrics.count('job_items', line.ok ? 'ok' : 'failed')
    if (written === 'completed') {
      if (options.crashAt === 'after-last-write') process.exit(137)
      metrics.count('jobs', 'completed')
    }
    if (written === 'completed' || (written === 'written' && !line.ok)) engine.drainOutbox().catch(() => {}) // it never throws
    return written
  }

  return {
    engine,
    handled,
    stopping,
    resultField: options.resultField,
    hostBusyDelayMs: options.hostBusyDelayMs ?? 250,
    limits: { perHost: options.perHostConcurrency, concurrency: options.concurrency },
    hostOf: (input) => options.processor.hostOf(input),
    takeHost: async (host) => host === null ? NO_LEASE : await politeness.tryItem(host),
    hostPaused: async (host) => await politeness.paused(host),
    pauseLeft: async (host) => await politeness.pauseLeft(host),
    runItem,
    writeItem
  }
}

/**
 * Works the engine's chunks, `concurrency` at a time, one item of a chunk after the other (so `concurrency` items are
 * in flight), and delivers callbacks. Each item's result is written as it finishes, once: a chunk delivered twice
 * (its worker was killed) or moved back (its host was busy) skips the items already written.
 */
export function startWorker (engine: JobEngine, options: WorkerOptions): JobWorker {
  const politeness = hostPoliteness(engine, options)
  const stopping = new AbortController()
  const handled = new HandledErrors()
  const chunkWork = chunkWorkOf(engine, options, politeness, stopping.signal, handled)
  const work = async (ticket: Job<ChunkData>, token?: string): Promise<string> => await workTicket(chunkWork, ticket, token)

  const lockDuration = options.lockMs ?? DEFAULT_LOCK_MS
  const items = new Worker<ChunkData>(ITEMS_QUEUE, work, {
    connection: engine.connect('worker'),
    prefix: engine.keys.prefix,
    concurrency: options.concurrency,
    lockDuration,
    stalledInterval: lockDuration,
    // a chunk redelivered after a crash is not a poison chunk: give it many chances
    maxStalledCount: 100
  })
  const callbacks = new Worker<CallbackData>(CALLBACKS_QUEUE, callbackDeliverer(engine, options.callbackFetcher, handled), {
    connection: engine.connect('worker'),
    prefix: engine.keys.prefix,
    concurrency: 4,
    // a delivery whose worker was killed (a receiver that hangs, a redeploy) is a delivery to make again, not one for
    // BullMQ to fail unseen at its second stall (its default limit is 1)
    maxStalledCount: 100,
    settings: { backoffStrategy: (attemptsMade: number) => callbackBackoffMs(attemptsMade) }
  })
  // Redis away: BullMQ reconnects; a chunk whose processing threw is retried (workTicket logged it, with its chunk)
  for (const worker of [items, callbacks]) worker.on('error', (error) => { engine.logError(`worker ${worker.name}`, error) })
  // the rest, failed by BullMQ outside the processors: a ticket's chunk is the scheduler's, not its job's
  items.on('failed', (_, error) => { if (!handled.has(error)) engine.logError('ticket', error) })
  callbacks.on('failed', (job, error) => { if (!handled.has(error)) callbackFailed(engine, job, error).catch(() => {}) }) // it never throws
  const drain = drainEvery(engine, options.outboxPollMs ?? 1000)
  return {
    async close () {
      stopping.abort(new Error('worker closing'))
      drain.stop()
      await Promise.allSettled([items.close(), callbacks.close()])
      // the items have ended and released their leases; a lease never released stops being renewed and lapses
      politeness.close()
      await drain.idle()
    }
  }
}

/** An input without a host spends no politeness budget. */
const NO_LEASE: Release = async () => {}

/**
 * The worker's per-host leases: short and renewed while held (politeness.ts). A lease that lapsed while its item or
 * request still ran is taken back and reported (logged once a minute, counted in `job_host_leases_lost_total`).
 */
function hostPoliteness (engine: JobEngine, options: WorkerOptions): HostPoliteness {
  return new HostPoliteness(engine.connect('api'), engine.keys, {
    perHost: options.perHostConcurrency,
    leaseMs: options.itemLeaseMs ?? DEFAULT_LEASE_MS,
    onHostPaused: (status) => { engine.metrics.count('job_host_pauses', { status: String(status) }) },
    onLeaseLost: ({ kind, overLimit }) => {
      const limit = overLimit ? 'exceeded' : 'kept'
      engine.metrics.count('job_host_leases_lost', { kind, limit })
      engine.logError('politeness', { name: 'HostLeaseLost', code: `${kind}_lease_lost_limit_${limit}` })
    }
  })
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

/**
 * A callback that failed without its deliverer recording it: BullMQ failed it outside the deliverer (stalled past its
 * limit), or the deliverer threw before it could (Redis away). Logged once (the job and the error's type, never the
 * secret or the payload); once BullMQ tries it no more, recorded `failed` in the job's status, which its owner reads
 * instead of a `pending` that never moves (its outbox entry is gone: nothing else would tell).
 */
async function callbackFailed (engine: JobEngine, job: Job<CallbackData> | undefined, error: Error): Promise<void> {
  engine.logError('callback', error, { job: job?.data.job })
  if (typeof job?.finishedOn !== 'number') return
  await engine.store.recordCallback(job.data.job, { state: 'failed', at: engine.clock(), error: 'internal_error' })
    .catch((recording: unknown) => { engine.logError('callback', recording, { job: job.data.job }) })
}

/** Delivers one job's callback: signed anew each attempt, with the same `webhook-id`; each attempt is recorded. */
function callbackDeliverer (engine: JobEngine, fetcher: Pick<SafeFetcher, 'fetch'>, handled: HandledErrors): (job: Job<CallbackData>) => Promise<string> {
  const { metrics, store } = engine
  return async (job: Job<CallbackData>): Promise<string> => {
    const record = await store.get(job.data.job)
    if (record?.callbackUrl == null || record.callbackSecret === null) return 'gone'
    const delivery = signDelivery(record.callbackSecret, job.data.type, engine.status(record), engine.clock())
    const { outcome, status, retry } = await deliver(fetcher, record.callbackUrl, delivery)
    metrics.count('job_callbacks', outcome)
    if (outcome === 'delivered') {
      await store.recordCallback(job.data.job, { state: 'delivered', at: engine.clock(), error: null })
      return outcome
    }
    // the owner follows it in the job's status: a receiver that is down is seen, not only missed
    const last = !retry || job.attemptsMade + 1 >= (job.opts.attempts ?? 1)
    const error = outcome === 'rejected' ? `HTTP ${status ?? 0}` : outcome
    await store.recordCallback(job.data.job, { state: last ? 'failed' : 'retrying', at: engine.clock(), error })
    engine.logError('callback', { name: 'CallbackError', code: outcome }, { job: job.data.job })
    if (!retry) throw handled.mark(new UnrecoverableError(`The callback was refused for good (${error})`))
    throw handled.mark(new Error(`callback ${outcome}`))
  }
}
