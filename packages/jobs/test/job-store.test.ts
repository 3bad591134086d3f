import { describe, expect, it } from 'vitest'
import { itemsPerSecond, statusOf, type JobRecord } from '../src/job-store.js'

const NOW = Date.parse('2026-11-29T02:00:00.500Z')
const second = Math.floor(NOW / 1000)
const ring = (entries: Array<[number, number]>) => Object.fromEntries(entries.map(([at, count]) => [`r${at % 60}`, `${at}:${count}`]))
/** A job's hash: started `startedMsAgo` before NOW, `done` items, its ring. */
const hash = (startedMsAgo: number, done: number, entries: Array<[number, number]>) =>
  ({ started_at: new Date(NOW - startedMsAgo).toISOString(), done: String(done), ...ring(entries) })

describe('items per second', () => {
  it('counts the last minute of the ring over the minute, or over the time since the job started when shorter', () => {
    expect(itemsPerSecond(hash(600_000, 60, [[second - 10, 20], [second - 5, 30], [second, 10]]), NOW)).toBeCloseTo(60 / 60, 2)
    // a minute-old count is out of the window
    expect(itemsPerSecond(hash(600_000, 560, [[second - 70, 500], [second - 30, 60]]), NOW)).toBeCloseTo(60 / 60, 2)
    expect(itemsPerSecond(hash(30_000, 60, [[second - 20, 30], [second - 1, 30]]), NOW)).toBeCloseTo(60 / 30, 2)
  })

  it('measures from the job\'s start, not from its first write: a first burst after a slow start is not the pace', () => {
    // QA: 29 items in the job's 4th second, asked at +3.9 s: 29/3.9 items/s, not 29 (its first second with a write)
    expect(itemsPerSecond(hash(3900, 29, [[second, 29]]), NOW)).toBeCloseTo(29 / 3.9, 2)
    expect(itemsPerSecond(hash(10_500, 20, [[second - 1, 10], [second, 10]]), NOW)).toBeCloseTo(20 / 10.5, 2)
    // at least a second: a job started 200 ms ago is not measured over 0.2 s
    expect(itemsPerSecond(hash(200, 3, [[second, 3]]), NOW)).toBe(3)
  })

  it('is null before the job started and before its first item finished', () => {
    expect(itemsPerSecond(hash(3000, 0, []), NOW)).toBeNull()
    expect(itemsPerSecond({ done: '0' }, NOW)).toBeNull()
    expect(itemsPerSecond({ done: '2', ...ring([[second, 2]]) }, NOW)).toBeNull()
    // items finished, but none in the last minute: a pace of 0 (no estimate from it)
    expect(itemsPerSecond(hash(600_000, 5, [[second - 100, 5]]), NOW)).toBe(0)
  })
})

describe('job status', () => {
  const job: JobRecord = {
    id: 'job_000000000000000000000001',
    owner: 'o',
    status: 'running',
    total: 1000,
    done: 400,
    failed: 3,
    chunks: 50,
    chunkSize: 20,
    createdAt: '2026-11-29T01:59:00.000Z',
    startedAt: '2026-11-29T01:59:00.000Z',
    finishedAt: null,
    callbackUrl: null,
    callbackSecret: null,
    windowId: 'w',
    quotaKey: null,
    itemsPerSecond: 20,
    callback: null
  }
  it('estimates the finish of a running job from its pace, and says neither once it is finished', () => {
    expect(statusOf(job, '/r', new Date(NOW))).toMatchObject({ items_per_second: 20, estimated_finish_at: '2026-11-29T02:00:30.500Z' })
    expect(statusOf({ ...job, itemsPerSecond: 0 }, '/r', new Date(NOW))).toMatchObject({ items_per_second: 0, estimated_finish_at: null })
    expect(statusOf({ ...job, status: 'completed', done: 1000 }, '/r', new Date(NOW))).toMatchObject({ items_per_second: null, estimated_finish_at: null })
  })

  it('says neither while the job runs before its first item finished', () => {
    const started = { ...job, done: 0, failed: 0, startedAt: new Date(NOW - 3000).toISOString() }
    const pace = itemsPerSecond(hash(3000, 0, []), NOW)
    expect(statusOf({ ...started, itemsPerSecond: pace }, '/r', new Date(NOW))).toMatchObject({ items_per_second: null, estimated_finish_at: null })
  })

  it('estimates from the pace since the start early in a job (QA: 29 items by +3.9 s of a 200-item job)', () => {
    const early = { ...job, total: 200, done: 29, failed: 0, startedAt: new Date(NOW - 3900).toISOString() }
    const pace = itemsPerSecond(hash(3900, 29, [[second, 29]]), NOW)
    // 171 items left at 7.44 items/s (29 in 3.9 s): +22.98 s, not +5.9 s at 29 items/s
    expect(statusOf({ ...early, itemsPerSecond: pace }, '/r', new Date(NOW))).toMatchObject({
      items_per_second: 7.44,
      estimated_finish_at: new Date(NOW + 171 / 7.44 * 1000).toISOString()
    })
  })
})
