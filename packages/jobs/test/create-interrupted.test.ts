import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { afterEach, describe, expect, it } from 'vitest'
import { freePort, hasRedisServer, startRedis } from '../../service-kit/test/helpers/redis-servers.js'
import { JobEngine } from '../src/engine.js'
import type { CreationState, JobRecord } from '../src/job-store.js'
import { startWorker, type JobWorker } from '../src/worker.js'
import { REDIS_URL, testEngine, trackingProcessor, until } from './helpers.js'

// A job is worked only once its creation committed (engine.begin): a creation that fails at any point, its caller
// refunded, leaves nothing that runs, and a commit that got no answer is waited out before the creation answers.

const closing: Array<{ close: () => Promise<void> }> = []
const fetcher = { fetch: async () => { throw new Error('no callbacks in these tests') } }

function worker (jobs: JobEngine, processor: Parameters<typeof startWorker>[1]['processor']): JobWorker {
  const started = startWorker(jobs, { processor, resultField: 'thing', concurrency: 8, perHostConcurrency: 8, callbackFetcher: fetcher, outboxPollMs: 100 })
  closing.unshift(started)
  return started
}

const jobId = (): string => `job_${randomBytes(12).toString('hex')}`

afterEach(async () => {
  for (const item of closing.splice(0)) {
    // BullMQ's queue keys have no TTL: a test's own prefix is removed whole from the shared Redis
    if (item instanceof JobEngine && item.options.redis === REDIS_URL) await Promise.all([item.items.obliterate({ force: true }), item.callbacks.obliterate({ force: true })])
    await item.close()
  }
})

describe.skipIf(!hasRedisServer)('a creation whose Redis goes away half-way (a redis-server of its own)', () => {
  let server: ChildProcess | null = null
  let dir = ''
  afterEach(async () => {
    // closed while their Redis still runs: a client left reconnecting to nothing is slow to quit
    for (const item of closing.splice(0)) await item.close()
    server?.kill('SIGKILL')
    server = null
    if (dir !== '') rmSync(dir, { recursive: true, force: true })
  })

  it('runs nothing of it once Redis is back from its dump, shows it to no one, and other jobs still run', async () => {
    dir = mkdtempSync(join(tmpdir(), 'jobs-interrupted-'))
    const port = await freePort()
    // saved on shutdown and loaded on start: what the creation had written when Redis went away is still there
    const args = ['--dir', dir, '--dbfilename', 'dump.rdb']
    server = await startRedis(port, args)
    const url = `redis://127.0.0.1:${port}`
    const jobs = new JobEngine({ service: 'test', prefix: '{jobs-interrupted}', redis: url, jobsPath: '/v1/things/jobs', chunkSize: 20 })
    closing.push(jobs)
    const probe = new Redis(url, { maxRetriesPerRequest: 1 })
    // it goes down with the server: its reconnection attempts are expected
    probe.on('error', () => {})
    closing.push({ close: async () => { probe.disconnect() } })

    const id = jobId()
    const inputs = Array.from({ length: 100_000 }, (_, i) => `big${i % 50}.test/${i}`)
    const creation = jobs.create({ owner: 'o', inputs, callbackUrl: null, windowId: 'w', quotaKey: 'k', id })
    const failed = creation.then(() => 'answered', () => 'failed')
    // two batches of its tickets queued (and the first counted): then Redis is shut down, saving what it holds
    await until(async () => await probe.llen(`${jobs.keys.prefix}:items:wait`), (waiting) => waiting >= 1000, 20_000)
    await probe.shutdown('SAVE').catch(() => {}) // the connection closes with the server: no answer comes
    expect(await failed).toBe('failed')

    server = await startRedis(port, args)
    expect(await probe.exists(jobs.keys.job(id))).toBe(1)
    const tracking = trackingProcessor(1)
    worker(jobs, tracking.processor)
    // the engine's connections come back by themselves; a creation tried before then fails whole (and never runs)
    const small = { owner: 'p', inputs: ['small.test/0', 'small.test/1', 'small.test/2'], callbackUrl: null, windowId: 'w', quotaKey: null }
    const other = await until(async () => await jobs.create(small).catch(() => null), (job) => job !== null, 20_000) as JobRecord
    await until(async () => await jobs.get(other.id, 'p'), (job) => job?.status === 'completed', 20_000)
    // its tickets came back to the queue and find nothing of it to work (they wait out its creator's time, then are
    // spent): before, its record and counted chunks were left, and a worker worked 15,000 of its items, free
    await new Promise((resolve) => setTimeout(resolve, 2000))
    expect(tracking.runs.filter((input) => input.startsWith('big'))).toEqual([])
    expect(await jobs.get(id, 'o')).toBeNull()
    expect(await jobs.cancel(id, 'o')).toBeNull()
    expect(await jobs.outbox.claim(10)).toEqual([])
  }, 90_000)
})

describe.skipIf(REDIS_URL === undefined)('a commit without an answer (REDIS_URL)', () => {
  const input = { owner: 'o', inputs: ['a.test/0', 'b.test/1'], callbackUrl: null, windowId: 'w', quotaKey: null }

  it('is waited out and read: the commit ran (its answer lost), so the creation answers its job', async () => {
    const jobs = testEngine({ chunkSize: 1 })
    closing.push(jobs)
    const commit = jobs.store.commit.bind(jobs.store)
    jobs.store.commit = async (job, attempt) => {
      await commit(job, attempt)
      throw new Error('Connection is closed.')
    }
    const started = Date.now()
    const job = await jobs.create(input)
    // answered only once no commit of it could still run: it did, so it is the caller's, charged
    expect(Date.now() - started).toBeGreaterThanOrEqual(5000)
    expect(await jobs.get(job.id, 'o')).toMatchObject({ status: 'queued', total: 2 })
  }, 20_000)

  it('fails the creation when the commit did not run, and a commit arriving after that (a Redis paused) is refused', async () => {
    const jobs = testEngine({ chunkSize: 1 })
    closing.push(jobs)
    const commit = jobs.store.commit.bind(jobs.store)
    const late: Array<() => Promise<CreationState>> = []
    jobs.store.commit = async (job, attempt) => {
      late.push(async () => await commit(job, attempt))
      throw new Error('Command timed out')
    }
    const id = jobId()
    const started = Date.now()
    // its own error: a route answers it 503 jobs_unavailable (jobs_storage_full for a full store)
    await expect(jobs.create({ ...input, id })).rejects.toThrow('Command timed out')
    // not before any commit of it still on its way is refused
    expect(Date.now() - started).toBeGreaterThanOrEqual(5000)
    // the command a paused Redis runs when it wakes: the caller has been answered (and refunded) by now
    expect(await late[0]()).toBe('late')
    expect(await jobs.get(id, 'o')).toBeNull()
    expect(await jobs.scheduler.next('t0')).toBe('none')
  }, 20_000)

  // The takeover kept the first attempt's window and key: a retry in the next month (or through the fail-open
  // fallback) paid in one place, and its cancel refunded the first attempt's, refunded already
  it('lets a paid retry take over a creation that did not commit, with the retry\'s own reservation', async () => {
    const jobs = testEngine({ chunkSize: 1 })
    closing.push(jobs)
    const commit = jobs.store.commit.bind(jobs.store)
    // an error Redis answered (a full store): nothing of the commit ran, and the creation fails at once
    jobs.store.commit = async () => { throw Object.assign(new Error('OOM command not allowed'), { name: 'ReplyError' }) }
    const id = jobId()
    await expect(jobs.create({ ...input, id, windowId: '2026-11', quotaKey: 'key-a' })).rejects.toThrow('OOM')
    jobs.store.commit = commit
    const retried = await jobs.begin({ ...input, id, windowId: '2026-12', quotaKey: 'key-b' }, true)
    expect(retried?.committedHere).toBe(true)
    expect(await jobs.store.get(id)).toMatchObject({ status: 'queued', windowId: '2026-12', quotaKey: 'key-b' })
  })
})
