import { afterEach, describe, expect, it } from 'vitest'
import type { JobEngine } from '../src/engine.js'
import type { JobRecord } from '../src/job-store.js'
import type { BoundChunk } from '../src/scheduler.js'
import { startWorker, type JobWorker } from '../src/worker.js'
import { REDIS_URL, testEngine, trackingProcessor, until } from './helpers.js'

const closing: Array<JobEngine | JobWorker> = []
const fetcher = { fetch: async () => { throw new Error('no callbacks in these tests') } }

function engine (chunkSize: number | null): JobEngine {
  const created = testEngine({ chunkSize })
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
})
