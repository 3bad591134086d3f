import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { MemoryQuotaStore } from '@utility-apis/auth-quota'
import { createSafeFetcher } from '@utility-apis/safe-fetch'
import { Redis } from 'ioredis'
import { afterEach, describe, expect, it } from 'vitest'
import type { JobEngine } from '../src/engine.js'
import type { ItemProcessor } from '../src/types.js'
import { startWorker } from '../src/worker.js'
import { gatedProcessor, REDIS_URL, testEngine, until } from './helpers.js'

/** A callback's own state in the data of its first attempt: none made before it. */
const FIRST_ATTEMPT = { state: 'pending', attempts: 0, last_attempt_at: null, last_error: null }

// A cancelled job's `job.cancelled` callback is queued when the job is settled (no chunk that began is still open),
// not at the cancel: the items in flight at the cancel are written after it, and the callback must carry them.

const closing: Array<() => Promise<void>> = []

afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close()
})

async function receiver (): Promise<{ url: string, received: string[] }> {
  const received: string[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => { body += chunk.toString('utf8') })
    request.on('end', () => {
      received.push(body)
      response.writeHead(204).end()
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  closing.push(async () => { server.close() })
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received }
}

function engine (quota: MemoryQuotaStore): JobEngine {
  const jobs = testEngine({ chunkSize: 2, quota })
  closing.push(async () => {
    await Promise.all([jobs.items.obliterate({ force: true }), jobs.callbacks.obliterate({ force: true })])
    await jobs.close()
  })
  return jobs
}

function worker (jobs: JobEngine, processor: ItemProcessor, concurrency: number): void {
  const fetcher = createSafeFetcher({ allowCidrs: ['127.0.0.1/32'] })
  const started = startWorker(jobs, { processor, resultField: 'thing', concurrency, perHostConcurrency: 2, callbackFetcher: fetcher, outboxPollMs: 100 })
  closing.push(async () => { await started.close(); await fetcher.close() })
}

describe.skipIf(REDIS_URL === undefined)('a cancelled job settles when its last started chunk finishes (REDIS_URL)', () => {
  it('sends job.cancelled once, after the items in flight at the cancel are written, with the final done and charged', async () => {
    const hook = await receiver()
    const quota = new MemoryQuotaStore()
    const jobs = engine(quota)
    const gated = gatedProcessor()
    worker(jobs, gated.processor, 3)
    // the gate opened before the worker closes (closed in reverse order), whatever the test did
    closing.push(async () => { gated.release() })
    // chunks of 2: the first three chunks (one per worker slot) write their fast item, then wait on their slow one
    const inputs = ['fast0', 'slow0', 'fast1', 'slow1', 'fast2', 'slow2', 'never0', 'never1', 'never2', 'never3', 'never4', 'never5']
    quota.consume('k', 'w', inputs.length, 100)
    const job = await jobs.create({ owner: 'o', inputs, callbackUrl: hook.url, windowId: 'w', quotaKey: 'k' })
    await until(async () => ({ blocked: gated.blocked.length, done: (await jobs.get(job.id, 'o'))!.done }), (now) => now.blocked === 3 && now.done === 3)

    const answer = jobs.status((await jobs.cancel(job.id, 'o'))!)
    // the DELETE answers the counts of its moment; the job is not settled: three items are in flight, no callback yet
    expect(answer).toMatchObject({ status: 'cancelled', done: 3, charged: 3 })
    await sleep(500)
    expect(hook.received.map((body) => (JSON.parse(body) as { data: { done: number } }).data.done)).toEqual([])
    expect(answer.finished_at).toBeNull()

    gated.release()
    await until(async () => hook.received.length, (count) => count > 0)
    const final = jobs.status((await jobs.get(job.id, 'o'))!)
    expect(final).toMatchObject({ status: 'cancelled', done: 6, failed: 0, charged: 6 })
    expect(Date.parse(final.finished_at ?? '')).toBeGreaterThanOrEqual(Date.parse(final.started_at ?? ''))
    const delivery = JSON.parse(hook.received[0]) as { type: string, data: unknown }
    // the final counts; its own callback as it stood at this first attempt
    expect(delivery).toEqual({ type: 'job.cancelled', data: { ...final, callback: FIRST_ATTEMPT } })
    // charged what was delivered: the six items never begun and nothing else refunded, once
    await until(async () => quota.consume('k', 'w', 0, 100).used, (used) => used === 6)
    await sleep(500)
    await jobs.drainOutbox()
    expect(quota.consume('k', 'w', 0, 100).used).toBe(6)
    expect(hook.received).toHaveLength(1)
    expect((await jobs.get(job.id, 'o'))!.finishedAt).toBe(final.finished_at)
  })

  it('settles a job cancelled while its begun chunks sleep through a host\'s pause: their unwritten items refunded, once', async () => {
    const hook = await receiver()
    const quota = new MemoryQuotaStore()
    const jobs = engine(quota)
    // the paused host asked for 2.5 s before the job begins; each chunk of 2 pairs one of its items with one needing none
    const redis = new Redis(REDIS_URL as string)
    closing.push(async () => { redis.disconnect() })
    await redis.set(jobs.keys.hostPause('paused.test'), '1', 'PX', 2500)
    const runs: string[] = []
    worker(jobs, { hostOf: (input) => input.startsWith('p') ? 'paused.test' : null, run: async (input) => { runs.push(input); return { ok: true, value: input } } }, 3)
    const inputs = ['p0', 'f0', 'p1', 'f1', 'p2', 'f2']
    quota.consume('k', 'w', inputs.length, 100)
    const job = await jobs.create({ owner: 'o', inputs, callbackUrl: hook.url, windowId: 'w', quotaKey: 'k' })
    // the free items are written while the pause lasts; their chunks have begun and wait for it, holding no slot
    await until(async () => (await jobs.get(job.id, 'o'))!.done, (done) => done === 3)
    expect(await redis.pttl(jobs.keys.hostPause('paused.test'))).toBeGreaterThan(0)
    expect(jobs.status((await jobs.cancel(job.id, 'o'))!)).toMatchObject({ status: 'cancelled', done: 3, finished_at: null })
    // settled once the sleeping chunks come back after the pause and finish, refunding the paused host's items
    await until(async () => hook.received.length, (count) => count > 0, 10_000)
    const final = jobs.status((await jobs.get(job.id, 'o'))!)
    expect(final).toMatchObject({ status: 'cancelled', done: 3, failed: 0, charged: 3, finished_at: expect.any(String) })
    await until(async () => quota.consume('k', 'w', 0, 100).used, (used) => used === 3)
    await sleep(500)
    await jobs.drainOutbox()
    expect(quota.consume('k', 'w', 0, 100).used).toBe(3)
    expect(hook.received).toHaveLength(1)
    expect(runs.sort()).toEqual(['f0', 'f1', 'f2'])
  })

  it('settles through the redelivery of a chunk whose worker died open: the callback comes then, once, with the final counts', async () => {
    const hook = await receiver()
    const quota = new MemoryQuotaStore()
    const jobs = engine(quota)
    quota.consume('k', 'w', 5, 100)
    const job = await jobs.create({ owner: 'o', inputs: ['a', 'b', 'c', 'd', 'e'], callbackUrl: hook.url, windowId: 'w', quotaKey: 'k' })
    // what a worker killed mid-chunk leaves: its ticket bound to chunk 0, the chunk begun, one of its two items written
    // (tickets are interchangeable: any of the job's queued ones is the one that worker held)
    const [ticket] = await jobs.items.getWaiting(0, 0)
    expect(await jobs.scheduler.next(ticket.id as string)).toMatchObject({ job: job.id, chunk: 0 })
    expect(await jobs.store.beginChunk(job.id, 0, new Date())).toBe('queued')
    expect(await jobs.store.writeItem(job.id, 0, { index: 0, input: 'a', ok: true, thing: 'a' }, new Date())).toBe('written')

    // the cancel's script alone: chunk 0 is still open, so the job is not settled and no callback is due yet
    expect(await jobs.store.cancel(job.id, 'o', new Date())).toEqual({ status: 'cancelled', cancelledNow: true })
    const outbox = await jobs.connect('api').zrange(jobs.keys.outbox(), 0, -1)
    expect(outbox.map((raw) => JSON.parse(raw) as unknown)).toEqual([{ t: 'refund', job: job.id, id: 'cancel', units: 3 }])
    expect((await jobs.get(job.id, 'o'))!.finishedAt).toBeNull()

    // another worker: chunk 0's ticket comes back, finishes the chunk (its unwritten item refunded) and settles the job
    const runs: string[] = []
    worker(jobs, { hostOf: () => null, run: async (input) => { runs.push(input); return { ok: true, value: input } } }, 2)
    await until(async () => hook.received.length, (count) => count > 0)
    const final = jobs.status((await jobs.get(job.id, 'o'))!)
    expect(final).toMatchObject({ status: 'cancelled', done: 1, charged: 1, finished_at: expect.any(String) })
    expect(JSON.parse(hook.received[0])).toEqual({ type: 'job.cancelled', data: { ...final, callback: FIRST_ATTEMPT } })
    // charged the one item delivered: the cancel's 3 units and the chunk's unwritten item refunded, once
    await until(async () => quota.consume('k', 'w', 0, 100).used, (used) => used === 1)
    await sleep(300)
    expect(runs).toEqual([])
    expect(hook.received).toHaveLength(1)
  })
})
