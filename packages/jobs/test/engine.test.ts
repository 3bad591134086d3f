import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { Redis } from 'ioredis'
import { afterEach, describe, expect, it } from 'vitest'
import { MemoryQuotaStore, RedisQuotaStore, type QuotaStore } from '@utility-apis/auth-quota'
import { chunkSizeFor, type JobEngine } from '../src/engine.js'
import type { JobRecord } from '../src/job-store.js'
import type { ItemProcessor } from '../src/types.js'
import { startWorker, type JobWorker } from '../src/worker.js'
import { REDIS_URL, testEngine, trackingProcessor, until } from './helpers.js'

const CREATOR = fileURLToPath(new URL('./fixtures/job-creator.ts', import.meta.url))
const closing: Array<JobEngine | JobWorker> = []
const fetcher = { fetch: async () => { throw new Error('no callbacks in these tests') } }

function engine (chunkSize: number | null = 4, quota?: QuotaStore, outboxLeaseMs?: number): JobEngine {
  const created = testEngine({ chunkSize, quota, outboxLeaseMs })
  closing.push(created)
  return created
}

function worker (jobs: JobEngine, processor: ItemProcessor, concurrency: number, perHost = 2): JobWorker {
  const started = startWorker(jobs, { processor, resultField: 'thing', concurrency, perHostConcurrency: perHost, callbackFetcher: fetcher, outboxPollMs: 100 })
  closing.unshift(started)
  return started
}

afterEach(async () => {
  for (const item of closing.splice(0)) {
    // BullMQ's queue keys have no TTL: a test's own prefix is removed whole from the shared Redis
    if ('items' in item) await Promise.all([item.items.obliterate({ force: true }), item.callbacks.obliterate({ force: true })])
    await item.close()
  }
})

describe('chunk sizes', () => {
  it('splits a job into 256 chunks or more while it can, of 1 to 20 items', () => {
    expect([1, 200, 256, 257, 1000, 5120, 10_000, 100_000].map(chunkSizeFor)).toEqual([1, 1, 1, 2, 4, 20, 20, 20])
  })
})

describe.skipIf(REDIS_URL === undefined)('job engine on Redis (skipped without REDIS_URL)', () => {
  it('leaves nothing to work of a creation that failed after registering its chunks: other jobs keep every ticket', async () => {
    const healthy = engine(1)
    // Redis refuses the queue's writes (its meta key of the wrong type) after the job and its chunks were written
    const redis = new Redis(REDIS_URL as string)
    const meta = `${healthy.keys.prefix}:${healthy.items.name}:meta`
    await redis.set(meta, 'not a hash')
    const failed = { owner: 'a', inputs: ['a.test/0', 'a.test/1', 'a.test/2', 'a.test/3'], callbackUrl: null, windowId: 'w', quotaKey: null }
    await expect(healthy.create(failed)).rejects.toThrow(/WRONGTYPE/)
    await redis.del(meta)
    redis.disconnect()
    const tracking = trackingProcessor(5)
    worker(healthy, tracking.processor, 2)
    const job = await healthy.create({ ...failed, owner: 'b', inputs: ['b.test/0', 'b.test/1', 'b.test/2', 'b.test/3'] })
    const done = await until(async () => healthy.status((await healthy.get(job.id, 'b'))!), (status) => status.status === 'completed', 10_000)
    expect(done).toMatchObject({ done: 4, failed: 0 })
    expect(tracking.runs.filter((input) => input.startsWith('a.test'))).toEqual([])
  })

  it('finishes every job whose creation answered while the creating process is killed at any moment (SIGKILL)', async () => {
    const jobs = engine(null)
    worker(jobs, trackingProcessor(2).processor, 16, 4)
    const answered: Array<{ id: string, owner: string }> = []
    for (let kill = 0; kill < 8; kill++) {
      const creator = spawn(process.execPath, ['--import', 'tsx', '--conditions=@utility-apis/source', CREATOR], {
        env: { PATH: process.env.PATH, REDIS_URL, JOBS_PREFIX: jobs.keys.prefix, FIRST_JOB: String(kill * 1000) },
        stdio: ['ignore', 'pipe', 'inherit']
      })
      const lines = createInterface({ input: creator.stdout })
      await new Promise<void>((resolve) => lines.on('line', (line) => {
        if (line === 'ready') return resolve()
        const [id, owner] = line.split(' ')
        answered.push({ id, owner })
      }))
      // somewhere inside one of the creations it is making
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 300))
      const exited = new Promise((resolve) => creator.once('exit', resolve))
      creator.kill('SIGKILL')
      await exited
    }
    expect(answered.length).toBeGreaterThan(8)
    const statuses = async () => await Promise.all(answered.map(async ({ id, owner }) => (await jobs.get(id, owner))?.status))
    // before, a creator killed between registering its chunks and queuing their tickets left other jobs short of theirs
    await until(statuses, (all) => all.every((status) => status === 'completed'), 60_000)
  }, 90_000)

  it('moves done and failed per item, and says items per second and an estimated finish while it runs', async () => {
    const jobs = engine(10)
    const tracking = trackingProcessor(60)
    worker(jobs, tracking.processor, 1)
    const job = await jobs.create({ owner: 'o', inputs: Array.from({ length: 10 }, (_, i) => `h${i}.test/`), callbackUrl: null, windowId: 'w', quotaKey: null })
    const seen = new Set<number>()
    let running = null
    for (;;) {
      const status = jobs.status((await jobs.get(job.id, 'o'))!)
      seen.add(status.done)
      if (status.status === 'running' && status.done >= 3 && running === null) running = status
      if (status.status === 'completed') {
        expect(status).toMatchObject({ done: 10, items_per_second: null, estimated_finish_at: null })
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 15))
    }
    // one chunk of 10 items: its progress was seen between 0 and 10, not only at its end
    expect([...seen].filter((done) => done > 0 && done < 10).length).toBeGreaterThanOrEqual(3)
    expect(running?.items_per_second).toBeGreaterThan(0)
    expect(Date.parse(running?.estimated_finish_at ?? '')).toBeGreaterThan(Date.now() - 60_000)
  })

  it('spreads a 200-item job over the slots of two workers: more items run at once than one worker has slots', async () => {
    const jobs = engine(null)
    const tracking = trackingProcessor(30)
    worker(jobs, tracking.processor, 8, 1000)
    worker(jobs, tracking.processor, 8, 1000)
    const job = await jobs.create({ owner: 'o', inputs: Array.from({ length: 200 }, (_, i) => `h${i}.test/`), callbackUrl: null, windowId: 'w', quotaKey: null })
    expect(job.chunks).toBe(200)
    await until(async () => await jobs.get(job.id, 'o'), (record) => record?.status === 'completed', 30_000)
    expect(tracking.peakAll()).toBeGreaterThan(8)
  })

  it('works at most JOBS_HOST_CONCURRENCY items of one host at once across worker processes, others alongside', async () => {
    const jobs = engine(1)
    // items long enough that the quiet hosts' overlap the busy one's however slowly a loaded machine hands out chunks
    // (at 100 ms, a CI run once saw no moment with more than 2 at once)
    const tracking = trackingProcessor(400)
    worker(jobs, tracking.processor, 6)
    worker(jobs, tracking.processor, 6)
    const inputs = [...Array.from({ length: 16 }, (_, i) => `busy.test/${i}`), ...Array.from({ length: 8 }, (_, i) => `quiet${i}.test/`)]
    const job = await jobs.create({ owner: 'o', inputs, callbackUrl: null, windowId: 'w', quotaKey: 'k' })
    await until(async () => await jobs.get(job.id, 'o'), (record) => record?.status === 'completed')
    expect(tracking.peak.get('busy.test')).toBe(2)
    expect(tracking.peakAll()).toBeGreaterThan(2)
  })

  it('writes an item delivered twice once: progress moves per item, the second write changes no counter', async () => {
    const jobs = engine(2)
    const job = await jobs.create({ owner: 'o', inputs: ['a', 'b', 'c'], callbackUrl: null, windowId: 'w', quotaKey: 'k' })
    const lines = [{ index: 0, input: 'a', ok: true, thing: 1 }, { index: 1, input: 'b', ok: false, error: { status: 500, detail: 'x' } }]
    expect(await jobs.store.writeItem(job.id, 0, lines[0], new Date())).toBe('written')
    expect(await jobs.get(job.id, 'o')).toMatchObject({ done: 1, failed: 0 })
    expect(await jobs.store.writeItem(job.id, 0, lines[1], new Date())).toBe('written')
    expect(await jobs.store.writeItem(job.id, 0, lines[1], new Date())).toBe('duplicate')
    expect(await jobs.get(job.id, 'o')).toMatchObject({ done: 2, failed: 1, status: 'queued' })
    expect(await jobs.store.writeItem(job.id, 1, { index: 2, input: 'c', ok: true, thing: 3 }, new Date())).toBe('completed')
    expect(await jobs.get(job.id, 'o')).toMatchObject({ done: 3, failed: 1, status: 'completed' })
  })

  it("records each callback attempt in the job's status, and leaves a job that is gone gone", async () => {
    const jobs = engine(2)
    const job = await jobs.create({ owner: 'o', inputs: ['a'], callbackUrl: 'https://hooks.example/jobs', windowId: 'w', quotaKey: null })
    expect((await jobs.get(job.id, 'o'))?.callback).toEqual({ state: 'pending', attempts: 0, last_attempt_at: null, last_error: null })
    await jobs.store.recordCallback(job.id, { state: 'retrying', at: new Date('2026-11-29T03:00:05Z'), error: 'HTTP 503' })
    await jobs.store.recordCallback(job.id, { state: 'delivered', at: new Date('2026-11-29T03:00:15Z'), error: null })
    expect(jobs.status(await jobs.get(job.id, 'o') as JobRecord).callback)
      .toEqual({ state: 'delivered', attempts: 2, last_attempt_at: '2026-11-29T03:00:15.000Z', last_error: null })
    const silent = await jobs.create({ owner: 'o', inputs: ['a'], callbackUrl: null, windowId: 'w', quotaKey: null })
    expect(jobs.status(await jobs.get(silent.id, 'o') as JobRecord).callback).toBeNull()
    // an attempt for a job whose record expired makes no record of it
    await jobs.store.recordCallback('job_000000000000000000000000', { state: 'failed', at: new Date(), error: 'unreachable' })
    expect(await jobs.connect('api').exists(jobs.keys.job('job_000000000000000000000000'))).toBe(0)
  })

  it('says no pace and no estimate for a running job until its first item finished, then a pace since its start', async () => {
    const jobs = engine(2)
    const job = await jobs.create({ owner: 'o', inputs: ['a', 'b', 'c'], callbackUrl: null, windowId: 'w', quotaKey: null })
    expect(await jobs.store.beginChunk(job.id, 0, new Date())).toBe('queued')
    expect(jobs.status((await jobs.get(job.id, 'o'))!)).toMatchObject({ status: 'running', done: 0, items_per_second: null, estimated_finish_at: null })
    await jobs.store.writeItem(job.id, 0, { index: 0, input: 'a', ok: true, thing: 0 }, new Date())
    const status = jobs.status((await jobs.get(job.id, 'o'))!)
    // one item over the time since the job started (at least 1 s): 1 item/s at most
    expect(status).toMatchObject({ status: 'running', done: 1 })
    expect(status.items_per_second).toBeGreaterThan(0)
    expect(status.items_per_second).toBeLessThanOrEqual(1)
    expect(Date.parse(status.estimated_finish_at ?? '')).toBeGreaterThan(Date.now())
  })

  it('compacts a finished chunk into one blob: the same results, and an item written again still counts once', async () => {
    const jobs = engine(2)
    const job = await jobs.create({ owner: 'o', inputs: ['a', 'b', 'c'], callbackUrl: null, windowId: 'w', quotaKey: null })
    const line = (index: number) => ({ index, input: 'abc'[index], ok: true, thing: index })
    await jobs.store.writeItem(job.id, 0, line(0), new Date())
    // not every item of the chunk is there: left as it is
    expect(await jobs.store.compactChunk(job.id, 0, 2)).toBe(false)
    await jobs.store.writeItem(job.id, 0, line(1), new Date())
    await jobs.store.writeItem(job.id, 1, line(2), new Date())
    const before = await jobs.results((await jobs.get(job.id, 'o'))!, 0, 10)
    expect(await jobs.store.compactChunk(job.id, 0, 2)).toBe(true)
    expect(await jobs.store.compactChunk(job.id, 0, 2)).toBe(false)
    const redis = jobs.connect('api')
    expect(await redis.hkeys(jobs.keys.chunk(job.id, 0))).toEqual(['all'])
    expect(await redis.ttl(jobs.keys.chunk(job.id, 0))).toBeGreaterThan(7 * 86400 - 60)
    expect(await jobs.store.writeItem(job.id, 0, line(1), new Date())).toBe('duplicate')
    expect([...await jobs.store.writtenItems(job.id, 0)].sort()).toEqual([0, 1])
    expect(await jobs.results((await jobs.get(job.id, 'o'))!, 0, 10)).toEqual(before)
    expect(before.results.map((result) => result.index)).toEqual([0, 1, 2])
    expect(await jobs.get(job.id, 'o')).toMatchObject({ done: 3, status: 'completed' })
  })

  it('keeps a finished job and its results for the retention period from its end, then Redis deletes them', async () => {
    const jobs = engine(2)
    const job = await jobs.create({ owner: 'o', inputs: ['a', 'b', 'c'], callbackUrl: null, windowId: 'w', quotaKey: 'k' })
    for (const [index, input] of ['a', 'b', 'c'].entries()) await jobs.store.writeItem(job.id, Math.floor(index / 2), { index, input, ok: true }, new Date())
    const redis = jobs.connect('api')
    for (const key of [jobs.keys.job(job.id), jobs.keys.chunk(job.id, 0), jobs.keys.chunk(job.id, 1)]) {
      const ttl = await redis.ttl(key)
      expect(ttl, key).toBeGreaterThan(7 * 86400 - 60)
      expect(ttl, key).toBeLessThanOrEqual(7 * 86400)
    }
  })

  it('pages a running job up to its first unfinished chunk, and a cancelled one past the chunks that never ran', async () => {
    const jobs = engine(2)
    const job = await jobs.create({ owner: 'o', inputs: ['a', 'b', 'c', 'd', 'e', 'f'], callbackUrl: null, windowId: 'w', quotaKey: 'k' })
    const line = (index: number) => ({ index, input: 'abcdef'[index], ok: true, thing: index })
    for (const index of [0, 1, 4, 5]) await jobs.store.writeItem(job.id, Math.floor(index / 2), line(index), new Date())
    const running = await jobs.results((await jobs.get(job.id, 'o'))!, 0, 10)
    expect(running.results.map((r) => r.index)).toEqual([0, 1])
    expect(running.nextCursor).toBe(2)
    await jobs.cancel(job.id, 'o')
    const cancelled = await jobs.results((await jobs.get(job.id, 'o'))!, 0, 10)
    expect(cancelled.results.map((r) => r.index)).toEqual([0, 1, 4, 5])
    expect(cancelled.nextCursor).toBeNull()
    const paged = await jobs.results((await jobs.get(job.id, 'o'))!, 1, 2)
    expect(paged.results.map((r) => r.index)).toEqual([1, 4])
    expect(paged.nextCursor).toBe(5)
  })

  it('cancels keeping what was finished: nothing starts after it, every item run is delivered and charged, the rest refunded once', async () => {
    const quota = new MemoryQuotaStore()
    const jobs = engine(5, quota)
    const tracking = trackingProcessor(60)
    worker(jobs, tracking.processor, 3)
    const inputs = Array.from({ length: 60 }, (_, i) => `h${i}.test/`)
    quota.consume('k', 'w', inputs.length, 1000)
    const job = await jobs.create({ owner: 'o', inputs, callbackUrl: null, windowId: 'w', quotaKey: 'k' })
    await until(async () => tracking.runs.length, (runs) => runs >= 8)
    const cancelled = await jobs.cancel(job.id, 'o')
    expect(cancelled?.status).toBe('cancelled')
    const runsAtCancel = tracking.runs.length
    expect(await jobs.cancel(job.id, 'o')).toMatchObject({ status: 'cancelled' })
    expect(await jobs.cancel(job.id, 'someone else')).toBeNull()
    // the chunks open at the cancel are written with what they finished; then the results are complete
    const settled = await until(async () => (await jobs.get(job.id, 'o'))!, (record) => record.status === 'cancelled' && record.done >= runsAtCancel)
    await until(async () => await jobs.store.settled(settled), (done) => done)
    await new Promise((resolve) => setTimeout(resolve, 300))
    // an item already past its check may start as the cancel lands: at most one per chunk in flight (3)
    expect(tracking.runs.length).toBeLessThanOrEqual(runsAtCancel + 3)
    const final = (await jobs.get(job.id, 'o'))!
    const results = await jobs.results(final, 0, 1000)
    expect(results.nextCursor).toBeNull()
    expect(results.results.map((line) => line.input).sort()).toEqual([...tracking.runs].sort())
    expect(final.done).toBe(tracking.runs.length)
    await until(async () => quota.consume('k', 'w', 0, 1000).used, (used) => used === final.done)
    expect(jobs.status(final).charged).toBe(final.done)
    // drained again (a retried refund): nothing more is given back
    await jobs.drainOutbox()
    expect(quota.consume('k', 'w', 0, 1000).used).toBe(final.done)
  })

  it('refunds an item that failed the way its single call fails, uncharged, when its result is written', async () => {
    const quota = new MemoryQuotaStore()
    const jobs = engine(3, quota)
    const refusing: ItemProcessor = {
      hostOf: () => null,
      run: async (input) => input.startsWith('bad')
        ? { ok: false, error: { status: 400, detail: 'The target address is not allowed', code: 'target_not_allowed' } }
        : { ok: true, value: { echo: input } }
    }
    worker(jobs, refusing, 2)
    const inputs = ['a', 'bad1', 'b', 'bad2', 'bad3', 'c', 'bad4']
    quota.consume('k', 'w', inputs.length, 100)
    const job = await jobs.create({ owner: 'o', inputs, callbackUrl: null, windowId: 'w', quotaKey: 'k' })
    const done = await until(async () => (await jobs.get(job.id, 'o'))!, (record) => record.status === 'completed')
    expect(jobs.status(done)).toMatchObject({ done: 7, failed: 4, charged: 3 })
    await until(async () => quota.consume('k', 'w', 0, 100).used, (used) => used === 3)
  })

  it('refunds every failed item of a job with one refund per chunk at most: the quota store keeps no record per item', async () => {
    const redis = new Redis(REDIS_URL as string)
    const prefix = `q-jobs-test-${Math.random().toString(16).slice(2)}`
    const quota = new RedisQuotaStore(redis, prefix)
    const jobs = engine(4, quota)
    const refused = { status: 400, detail: 'The target address is not allowed', code: 'target_not_allowed' }
    worker(jobs, { hostOf: () => null, run: async () => ({ ok: false, error: refused }) }, 4)
    const inputs = Array.from({ length: 40 }, (_, i) => `10.0.0.${i}`)
    try {
      await quota.consume('k', 'w', inputs.length, 1000)
      const job = await jobs.create({ owner: 'o', inputs, callbackUrl: null, windowId: 'w', quotaKey: 'k' })
      const done = await until(async () => (await jobs.get(job.id, 'o'))!, (record) => record.status === 'completed')
      expect(jobs.status(done)).toMatchObject({ done: 40, failed: 40, charged: 0 })
      await until(async () => (await quota.consume('k', 'w', 0, 1000)).used, (used) => used === 0)
      // 10 chunks of 4: at most 10 refund records for 40 refunded units
      expect(await redis.hlen(`${RedisQuotaStore.keyFor(prefix, 'k', 'w')}:refunds`)).toBeLessThanOrEqual(done.chunks)
      // nothing left of the per-chunk counts once every chunk was refunded
      expect(await redis.exists(`${jobs.keys.job(job.id)}:failed`)).toBe(0)
    } finally {
      await redis.del(RedisQuotaStore.keyFor(prefix, 'k', 'w'), `${RedisQuotaStore.keyFor(prefix, 'k', 'w')}:refunds`)
      redis.disconnect()
    }
  })

  it('refunds a cancelled chunk\'s failed and unwritten items with one refund of the chunk, once', async () => {
    const quota = new MemoryQuotaStore()
    const jobs = engine(2, quota)
    quota.consume('k', 'w', 5, 100)
    const job = await jobs.create({ owner: 'o', inputs: ['a', 'b', 'c', 'd', 'e'], callbackUrl: null, windowId: 'w', quotaKey: 'k' })
    const refused = { status: 400, detail: 'The target address is not allowed', code: 'target_not_allowed' }
    // chunk 0 begun, its first item failed, its second in flight at the cancel
    expect(await jobs.store.beginChunk(job.id, 0, new Date())).toBe('queued')
    expect(await jobs.store.writeItem(job.id, 0, { index: 0, input: 'a', ok: false, error: refused }, new Date())).toBe('written')
    expect(await jobs.store.cancel(job.id, 'o', new Date())).toEqual({ status: 'cancelled', cancelledNow: true })
    // stopped before its second item: the chunk's two units in one refund, made once however often it finishes
    expect(await jobs.store.finishChunk(job.id, 0, 2)).toBe(1)
    expect(await jobs.store.finishChunk(job.id, 0, 2)).toBe(0)
    const outbox = await jobs.connect('api').zrange(jobs.keys.outbox(), 0, -1)
    expect(outbox.map((raw) => JSON.parse(raw) as unknown)).toEqual(expect.arrayContaining([
      { t: 'refund', job: job.id, id: 'cancel', units: 3 },
      { t: 'refund', job: job.id, id: 'chunk:0', units: 2 }
    ]))
    expect(outbox).toHaveLength(2)
    expect(await jobs.drainOutbox()).toBe(2)
    expect(quota.consume('k', 'w', 0, 100).used).toBe(0)
    expect(jobs.status((await jobs.get(job.id, 'o'))!)).toMatchObject({ status: 'cancelled', done: 1, failed: 1, charged: 0 })
  })

  it('keeps a refund due until the quota store takes it, and applies it once however often it is drained', async () => {
    let refusals = 1
    const memory = new MemoryQuotaStore()
    const quota: QuotaStore = {
      kind: 'memory',
      consume: (...args) => memory.consume(...args),
      refund: (...args) => {
        if (refusals-- > 0) throw new Error('quota store away')
        return memory.refund(...args)
      },
      close: async () => {}
    }
    const jobs = engine(2, quota, 100)
    memory.consume('k', 'w', 3, 10)
    const job = await jobs.create({ owner: 'o', inputs: ['a.test/', 'b.test/', 'c.test/'], callbackUrl: null, windowId: 'w', quotaKey: 'k' })
    // the cancel's own drain meets a store that refuses: the refund stays in the outbox
    await jobs.cancel(job.id, 'o')
    expect(memory.consume('k', 'w', 0, 10).used).toBe(3)
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(await jobs.drainOutbox()).toBe(1)
    expect(memory.consume('k', 'w', 0, 10).used).toBe(0)
    // the same refund met again (a drainer that died before removing it) gives nothing more
    memory.consume('k', 'w', 3, 10)
    await quota.refund('k', 'w', 3, `${job.id}:cancel`)
    expect(memory.consume('k', 'w', 0, 10).used).toBe(3)
    expect(await jobs.drainOutbox()).toBe(0)
  })

  it('finishes on a retried creation a job whose first attempt died after storing it, before queuing its chunks', async () => {
    const jobs = engine(2)
    const tracking = trackingProcessor(5)
    worker(jobs, tracking.processor, 2)
    const inputs = Array.from({ length: 7 }, (_, i) => `h${i}.test/`)
    const input = { owner: 'o', inputs, callbackUrl: 'https://hooks.example/jobs', windowId: 'w', quotaKey: 'k', id: 'job_00000000000000000000dead' }
    // what the dead attempt left: the record (its answer, with the callback secret, never reached the client), no chunks
    const { job: stored } = await jobs.store.create({ ...input, total: inputs.length, chunkSize: 2 }, jobs.clock, 'dead')
    await new Promise((resolve) => setTimeout(resolve, 200))
    // not committed: no one is shown it, and nothing of it runs
    expect(await jobs.get(stored.id, 'o')).toBeNull()
    expect(tracking.runs).toEqual([])

    const resumed = await jobs.resume(input)
    expect(resumed).toMatchObject({ id: stored.id, callbackSecret: stored.callbackSecret })
    const done = await until(async () => await jobs.get(stored.id, 'o'), (job) => job?.status === 'completed')
    expect(done).toMatchObject({ done: 7, failed: 0 })
    expect([...tracking.runs].sort()).toEqual([...inputs].sort())
    // once more: nothing runs twice
    expect(await jobs.resume(input)).toMatchObject({ status: 'completed' })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(tracking.runs).toHaveLength(7)
  })

  it('queues nothing again for a retried creation of a job whose chunks are all queued: no ticket, no input stored again', async () => {
    const jobs = engine(1)
    let open = (): void => {}
    const gate = new Promise<void>((resolve) => { open = resolve })
    const runs: string[] = []
    worker(jobs, {
      hostOf: () => null,
      run: async (item) => {
        runs.push(item)
        if (item === 'last') await gate
        return { ok: true, value: item }
      }
    }, 1)
    const input = { owner: 'o', inputs: ['a', 'b', 'c', 'd', 'last'], callbackUrl: null, windowId: 'w', quotaKey: null, id: 'job_0000000000000000000000aa' }
    await jobs.create(input)
    await until(async () => await jobs.get(input.id, 'o'), (job) => job?.done === 4)
    try {
      // a client that did not hear the answer tries again, three times, while the last item runs
      for (let replay = 0; replay < 3; replay++) expect(await jobs.resume(input)).toMatchObject({ id: input.id, status: 'running' })
      expect(await jobs.items.getJobCounts('waiting', 'prioritized', 'delayed')).toEqual({ waiting: 0, prioritized: 0, delayed: 0 })
      // the inputs of finished chunks are gone and stay gone (they were stored for the retention, 7 days, again)
      expect(await jobs.connect('api').exists(...[0, 1, 2, 3].map((chunk) => jobs.keys.inputs(input.id, chunk)))).toBe(0)
    } finally {
      open()
    }
    expect(await until(async () => await jobs.get(input.id, 'o'), (job) => job?.status === 'completed')).toMatchObject({ done: 5 })
    expect(runs).toEqual(input.inputs)
  })

  it('creates on a retried creation the job of a first attempt that died before storing it, and one record for two racing', async () => {
    const jobs = engine(2)
    const input = { owner: 'o', inputs: ['a.test/', 'b.test/', 'c.test/'], callbackUrl: 'https://hooks.example/jobs', windowId: 'w', quotaKey: 'k', id: 'job_00000000000000000000beef' }
    const [first, second] = await Promise.all([jobs.create(input), jobs.resume(input)])
    expect(second?.callbackSecret).toBe(first.callbackSecret)
    expect((await jobs.get(input.id, 'o'))?.callbackSecret).toBe(first.callbackSecret)
    expect(await jobs.resume({ ...input, owner: 'someone else' })).toBeNull()
    // each attempt queued tickets of its own (one that took the creation over never reuses another's): the spare
    // ones find nothing to work and are spent; every item runs once
    const tracking = trackingProcessor(1)
    worker(jobs, tracking.processor, 2)
    await until(async () => await jobs.get(input.id, 'o'), (job) => job?.status === 'completed')
    await until(async () => await jobs.items.getJobCounts('waiting', 'delayed', 'active'), (counts) => counts.waiting + counts.delayed + counts.active === 0)
    expect([...tracking.runs].sort()).toEqual(input.inputs)
  })
})
