import { MemoryQuotaStore } from '@utility-apis/auth-quota'
import { afterEach, describe, expect, it } from 'vitest'
import type { JobEngine } from '../src/engine.js'
import type { JobRecord } from '../src/job-store.js'
import type { BoundChunk } from '../src/scheduler.js'
import type { ItemProcessor } from '../src/types.js'
import { startWorker, type JobWorker } from '../src/worker.js'
import { REDIS_URL, testEngine, trackingProcessor, until } from './helpers.js'

const closing: Array<JobEngine | JobWorker> = []
const fetcher = { fetch: async () => { throw new Error('no callbacks in these tests') } }

function engine (chunkSize: number | null, quota?: MemoryQuotaStore): JobEngine {
  const created = testEngine({ chunkSize, quota })
  closing.push(created)
  return created
}

afterEach(async () => {
  for (const item of closing.splice(0)) {
    if ('items' in item) await Promise.all([item.items.obliterate({ force: true }), item.callbacks.obliterate({ force: true })])
    await item.close()
  }
})

const inputs = (name: string, count: number) => Array.from({ length: count }, (_, i) => `${name}${i}.test/`)

/** Items of `busy.test` wait until `open()`; every other host's finish at once. Tracks what runs, and x's peak. */
function busyHostProcessor () {
  let open = (): void => {}
  const gate = new Promise<void>((resolve) => { open = resolve })
  const runs: string[] = []
  const finished: string[] = []
  let busy = 0
  let peak = 0
  const processor: ItemProcessor = {
    hostOf: (input) => input.split('/')[0],
    run: async (input) => {
      runs.push(input)
      if (input.startsWith('busy.test/')) {
        peak = Math.max(peak, ++busy)
        await gate
        busy--
      }
      finished.push(input)
      return { ok: true, value: input }
    }
  }
  return { processor, runs, finished, open: () => { open() }, peak: () => peak }
}

function startBusyWorker (jobs: JobEngine, processor: ItemProcessor, concurrency: number, perHostConcurrency: number): void {
  const worker = startWorker(jobs, { processor, resultField: 'thing', concurrency, perHostConcurrency, callbackFetcher: fetcher })
  closing.unshift(worker)
}

describe.skipIf(REDIS_URL === undefined)('fair scheduler (REDIS_URL)', () => {
  it('serves keys round-robin, then a key\'s jobs round-robin, and binds a ticket to its chunk until it is released', async () => {
    const jobs = engine(1)
    const a: JobRecord[] = []
    for (let i = 0; i < 3; i++) a.push(await jobs.create({ owner: 'key-a', inputs: inputs(`a${i}-`, 4), callbackUrl: null, windowId: 'w', quotaKey: null }))
    const b = await jobs.create({ owner: 'key-b', inputs: inputs('b', 4), callbackUrl: null, windowId: 'w', quotaKey: null })
    const owners = new Map([...a.map((job) => [job.id, 'A'] as const), [b.id, 'B']])
    const picks: BoundChunk[] = []
    for (let i = 0; i < 8; i++) picks.push(await jobs.scheduler.next(`t${i}`) as BoundChunk)
    // one chunk of key A for one of key B, and key A's turns go to its three jobs in turn
    expect(picks.map((pick) => owners.get(pick.job))).toEqual(['A', 'B', 'A', 'B', 'A', 'B', 'A', 'B'])
    expect(picks.filter((pick) => owners.get(pick.job) === 'A').map((pick) => pick.job)).toEqual([a[0].id, a[1].id, a[2].id, a[0].id])
    expect(picks.filter((pick) => pick.job === b.id).map((pick) => pick.chunk)).toEqual([0, 1, 2, 3])
    // a redelivered ticket gets its own chunk again; a released one moves on
    expect(await jobs.scheduler.next('t0')).toEqual(picks[0])
    await jobs.scheduler.release('t0', picks[0])
    expect(await jobs.scheduler.next('t0')).not.toEqual(picks[0])
    // a cancelled job is given no more chunks; once every chunk is handed out a ticket is spent
    await jobs.cancel(a[1].id, 'key-a')
    const rest: BoundChunk[] = []
    for (let i = 0; i < 10; i++) {
      const next = await jobs.scheduler.next(`r${i}`)
      if (next === 'none') break
      rest.push(next as BoundChunk)
    }
    expect(rest.map((pick) => pick.job).filter((id) => id === a[1].id)).toEqual([])
    // 16 chunks: 9 handed out above (a[1]'s first two among them), a[1]'s other two dropped
    expect(rest).toHaveLength(16 - 9 - 2)
    expect(await jobs.scheduler.next('spent')).toBe('none')
  })

  it('registers no job whose record is gone (a failed creation removed it): no partial record is left without its TTL', async () => {
    const jobs = engine(2)
    const id = 'job_0000000000000000000000ff'
    await jobs.scheduler.register(id, 'o', [['a.test/']], 1000)
    const redis = jobs.connect('api')
    expect(await redis.exists(jobs.keys.job(id))).toBe(0)
    expect(await redis.llen(jobs.keys.ownerRing('o'))).toBe(0)
    expect(await jobs.scheduler.next('ticket-1')).toBe('none')
  })

  it('gives a job created later a share at once: the older job keeps going', async () => {
    const jobs = engine(1)
    const first = await jobs.create({ owner: 'key-a', inputs: inputs('old', 6), callbackUrl: null, windowId: 'w', quotaKey: null })
    const early = [await jobs.scheduler.next('e0'), await jobs.scheduler.next('e1')] as BoundChunk[]
    const later = await jobs.create({ owner: 'key-a', inputs: inputs('new', 6), callbackUrl: null, windowId: 'w', quotaKey: null })
    const next = [] as BoundChunk[]
    for (let i = 0; i < 4; i++) next.push(await jobs.scheduler.next(`n${i}`) as BoundChunk)
    expect(early.map((pick) => pick.job)).toEqual([first.id, first.id])
    expect(next.map((pick) => pick.job).sort()).toEqual([first.id, first.id, later.id, later.id].sort())
  })

  it('completes key B\'s 10-item job within 10 s while key A runs ten 10,000-item jobs, and A\'s jobs all move', async () => {
    const jobs = engine(null)
    const tracking = trackingProcessor(5)
    const worker = startWorker(jobs, { processor: tracking.processor, resultField: 'thing', concurrency: 8, perHostConcurrency: 4, callbackFetcher: fetcher })
    closing.unshift(worker)
    const big: JobRecord[] = []
    for (let i = 0; i < 10; i++) big.push(await jobs.create({ owner: 'key-a', inputs: inputs(`big${i}-`, 10_000), callbackUrl: null, windowId: 'w', quotaKey: null }))
    await until(async () => await jobs.get(big[9].id, 'key-a'), (job) => (job?.done ?? 0) >= 20, 30_000)
    const small = await jobs.create({ owner: 'key-b', inputs: inputs('small', 10), callbackUrl: null, windowId: 'w', quotaKey: null })
    const done = await until(async () => await jobs.get(small.id, 'key-b'), (job) => job?.status === 'completed', 10_000)
    expect(done).toMatchObject({ done: 10, failed: 0 })
    const progress = await Promise.all(big.map(async (job) => (await jobs.get(job.id, 'key-a'))!))
    for (const job of progress) expect(job).toMatchObject({ status: 'running' })
    for (const job of progress) expect(job.done).toBeGreaterThan(0)
  }, 90_000)
  it('hands a deferred chunk out again once its host has room, even after its job left the ring (its last chunk out)', async () => {
    const jobs = engine(1)
    const limits = { perHost: 1, concurrency: 4 }
    const job = await jobs.create({ owner: 'key-a', inputs: ['h.test/0', 'h.test/1', 'h.test/2'], callbackUrl: null, windowId: 'w', quotaKey: null })
    const bound: BoundChunk[] = []
    for (let i = 0; i < 3; i++) bound.push(await jobs.scheduler.next(`t${i}`, limits) as BoundChunk)
    expect(bound).toMatchObject([{ chunk: 0, begun: false }, { chunk: 1, begun: false }, { chunk: 2, begun: false }])
    // every chunk is out and none deferred: the job leaves its ring, a ticket without a chunk is spent
    expect(await jobs.scheduler.next('spent', limits)).toBe('none')
    // the host is busy: t0's chunk parks (the host's one parked chunk), t1's is deferred and t1 unbound
    const redis = jobs.connect('api')
    await redis.zadd(jobs.keys.host('h.test'), Date.now() + 60_000, 'busy')
    expect(await jobs.scheduler.waitForHost('t0', bound[0], 'h.test', 60_000, 1)).toBe('parked')
    expect(await jobs.scheduler.waitForHost('t1', bound[1], 'h.test', 60_000, 1)).toBe('deferred')
    expect(await jobs.scheduler.next('t3', limits)).toBe('wait')
    // the host has room: the deferred chunk is handed out again, to any ticket, once
    await redis.del(jobs.keys.host('h.test'))
    expect(await jobs.scheduler.next('t3', limits)).toEqual({ job: job.id, chunk: 1, chunkSize: 1, begun: false })
    await jobs.scheduler.release('t3', bound[1])
    expect(await jobs.scheduler.next('spent', limits)).toBe('none')
    // a worker of a version without deferral dropped the job from its ring with a chunk deferred: enlisted again
    expect(await jobs.scheduler.waitForHost('t2', bound[2], 'h.test', 60_000, 1)).toBe('deferred')
    await redis.del(jobs.keys.ownerRing('key-a'), jobs.keys.keyRing())
    expect(await jobs.scheduler.next('t4', limits)).toEqual({ job: job.id, chunk: 2, chunkSize: 1, begun: false })
    // the parked one comes back to its own ticket
    expect(await jobs.scheduler.next('t0', limits)).toEqual({ ...bound[0], begun: false })
  })

  it('works a job\'s other hosts while one host has its items: they finish while that host\'s are blocked', async () => {
    const jobs = engine(1)
    const busy = busyHostProcessor()
    startBusyWorker(jobs, busy.processor, 8, 2)
    // the gate opens before the worker closes, whatever the test did
    closing.unshift({ close: async () => { busy.open() } })
    const xs = Array.from({ length: 30 }, (_, i) => `busy.test/${i}`)
    const others = inputs('other', 8)
    const job = await jobs.create({ owner: 'key-a', inputs: [...xs, ...others], callbackUrl: null, windowId: 'w', quotaKey: null })
    // every other host's item is written while busy.test's first two are still blocked (it was 30 s and more)
    await until(async () => (await jobs.get(job.id, 'key-a'))!.done, (done) => done === others.length, 10_000)
    expect(busy.finished.sort()).toEqual([...others].sort())
    expect(busy.runs.filter((input) => input.startsWith('busy.test/'))).toHaveLength(2)
    busy.open()
    const done = await until(async () => await jobs.get(job.id, 'key-a'), (record) => record?.status === 'completed', 60_000)
    expect(done).toMatchObject({ done: 38, failed: 0 })
    // each item once, and never more than the host's limit at once
    expect(busy.runs.sort()).toEqual([...xs, ...others].sort())
    expect(busy.peak()).toBe(2)
  }, 90_000)

  it('has not begun a chunk that waits for its host: a cancel refunds its items at once, and it never runs', async () => {
    const quota = new MemoryQuotaStore()
    const jobs = engine(1, quota)
    const busy = busyHostProcessor()
    startBusyWorker(jobs, busy.processor, 4, 1)
    closing.unshift({ close: async () => { busy.open() } })
    const xs = Array.from({ length: 10 }, (_, i) => `busy.test/${i}`)
    quota.consume('k', 'w', xs.length, 100)
    const job = await jobs.create({ owner: 'key-a', inputs: xs, callbackUrl: null, windowId: 'w', quotaKey: 'k' })
    await until(async () => busy.runs.length, (count) => count === 1)
    // the other slots' chunks wait (parked or deferred) without having begun
    await until(async () => await jobs.store.status(job.id), (status) => status === 'running')
    await new Promise((resolve) => setTimeout(resolve, 500))
    await jobs.cancel(job.id, 'key-a')
    // the cancel refunded every item but the one in flight, at once
    expect(quota.consume('k', 'w', 0, 100).used).toBe(1)
    busy.open()
    await until(async () => await jobs.queueDepth(), (depth) => depth.waiting + depth.delayed + depth.active === 0, 15_000)
    expect(busy.runs).toEqual(['busy.test/0'])
    expect(await jobs.get(job.id, 'key-a')).toMatchObject({ status: 'cancelled', done: 1 })
    expect(quota.consume('k', 'w', 0, 100).used).toBe(1)
  }, 30_000)

  it('hands out none of a job\'s chunks before its creation commits: a ticket that finds only those waits for them', async () => {
    const jobs = engine(1)
    const spec = { owner: 'key-a', total: 3, chunkSize: 1, callbackUrl: null, windowId: 'w', quotaKey: null }
    // its creator's time (2 s) outlasts the few round trips below on a loaded machine
    const { job } = await jobs.store.create(spec, () => new Date(), 'first', false, 2000)
    await jobs.scheduler.register(job.id, 'key-a', [['a0.test/'], ['a1.test/'], ['a2.test/']], 2000, 0, 'first')
    expect(await jobs.scheduler.next('t0')).toBe('ticketing')
    // every ticket queued and counted: still none before the commit (a creation may fail until it commits)
    await jobs.scheduler.countTickets(job.id, 3, 2000, 'first')
    expect(await jobs.scheduler.next('t0')).toBe('ticketing')
    expect(await jobs.store.commit(job, 'other')).toBe('superseded')
    expect(await jobs.store.commit(job, 'first')).toBe('committed')
    expect(await jobs.store.commit(job, 'first')).toBe('committed')
    expect(await jobs.scheduler.next('t0')).toMatchObject({ job: job.id, chunk: 0 })
    expect(await jobs.scheduler.next('t1')).toMatchObject({ job: job.id, chunk: 1 })
    expect(await jobs.scheduler.next('t2')).toMatchObject({ job: job.id, chunk: 2 })

    // a creator that died before its commit: once its time is over, no ticket waits for it, and it never commits
    const dead = (await jobs.store.create(spec, () => new Date(), 'dead', false, 300)).job
    await jobs.scheduler.register(dead.id, 'key-a', [['b0.test/'], ['b1.test/'], ['b2.test/']], 300, 0, 'dead')
    expect(await jobs.scheduler.next('t3')).toBe('ticketing')
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(await jobs.scheduler.next('t3')).toBe('none')
    expect(await jobs.store.commit(dead, 'dead')).toBe('late')
    expect(await jobs.get(dead.id, 'key-a')).toBeNull()
    expect(await jobs.scheduler.next('t3')).toBe('none')
  })

  it('works a ticket taken while its job\'s creation is committing, without sending it back to the queue', async () => {
    const jobs = engine(1)
    const tracking = trackingProcessor(5)
    startBusyWorker(jobs, tracking.processor, 4, 4)
    // a creation between queuing its tickets and committing (engine.begin), the worker taking them meanwhile
    const { job } = await jobs.store.create({ owner: 'key-a', total: 4, chunkSize: 1, callbackUrl: null, windowId: 'w', quotaKey: null }, () => new Date(), 'a1', false, 5000)
    await jobs.scheduler.register(job.id, 'key-a', inputs('a', 4).map((input) => [input]), 5000, 0, 'a1')
    await jobs.items.addBulk(Array.from({ length: 4 }, (_, chunk) => ({ name: 'ticket', data: { job: job.id }, opts: { jobId: `${job.id}-${chunk}` } })))
    await until(async () => await jobs.items.getActiveCount(), (active) => active === 4)
    await new Promise((resolve) => setTimeout(resolve, 60))
    // the tickets ask again in their slots: none was sent back to wait a second in the queue
    expect(await jobs.items.getDelayedCount()).toBe(0)
    await jobs.scheduler.countTickets(job.id, 4, 5000, 'a1')
    expect(await jobs.store.commit(job, 'a1')).toBe('committed')
    await until(async () => jobs.status((await jobs.get(job.id, 'key-a'))!), (status) => status.status === 'completed', 10_000)
    expect(await jobs.items.getDelayedCount()).toBe(0)
    expect(tracking.runs.sort()).toEqual(inputs('a', 4))
  })

  it('lends no other job\'s ticket to a creation that died after registering its chunks; its retry runs it', async () => {
    const jobs = engine(1)
    const tracking = trackingProcessor(5)
    const a = { owner: 'key-a', inputs: inputs('a', 4), callbackUrl: null, windowId: 'w', quotaKey: null }
    // what a creator killed between registering the chunks and queuing their tickets leaves
    const { job: dead } = await jobs.store.create({ owner: 'key-a', total: 4, chunkSize: 1, callbackUrl: null, windowId: 'w', quotaKey: null }, () => new Date(), 'dead', false, 200)
    await jobs.scheduler.register(dead.id, 'key-a', a.inputs.map((input) => [input]), 200, 0, 'dead')
    await new Promise((resolve) => setTimeout(resolve, 300))
    startBusyWorker(jobs, tracking.processor, 2, 2)
    const b = await jobs.create({ ...a, owner: 'key-b', inputs: inputs('b', 4) })
    const done = await until(async () => jobs.status((await jobs.get(b.id, 'key-b'))!), (status) => status.status === 'completed', 10_000)
    expect(done).toMatchObject({ done: 4, failed: 0 })
    expect(tracking.runs.filter((input) => input.startsWith('a'))).toEqual([])
    // the caller's retry with the same Idempotency-Key queues the tickets, and the job runs
    await jobs.resume({ ...a, id: dead.id })
    const resumed = await until(async () => jobs.status((await jobs.get(dead.id, 'key-a'))!), (status) => status.status === 'completed', 10_000)
    expect(resumed).toMatchObject({ done: 4, failed: 0 })
  })
})
