import { describe, expect, it } from 'vitest'
import { itemsPerSecond, statusOf, type JobRecord } from '../src/job-store.js'

const NOW = Date.parse('2026-11-29T02:00:00.500Z')
const second = Math.floor(NOW / 1000)
const ring = (entries: Array<[number, number]>) => Object.fromEntries(entries.map(([at, count]) => [`r${at % 60}`, `${at}:${count}`]))

describe('items per second', () => {
  it('counts the last minute of the ring, over the time the job has been writing when that is shorter', () => {
    expect(itemsPerSecond(ring([[second - 10, 20], [second - 5, 30], [second, 10]]), NOW)).toBeCloseTo(60 / 10.5, 2)
    // a minute-old count is out of the window
    expect(itemsPerSecond(ring([[second - 70, 500], [second - 30, 60]]), NOW)).toBeCloseTo(60 / 30.5, 2)
    expect(itemsPerSecond(ring([[second - 59, 60], [second - 1, 60]]), NOW)).toBeCloseTo(120 / 59.5, 2)
    expect(itemsPerSecond({}, NOW)).toBe(0)
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
    itemsPerSecond: 20
  }
  it('estimates the finish of a running job from its pace, and says neither once it is finished', () => {
    expect(statusOf(job, '/r', new Date(NOW))).toMatchObject({ items_per_second: 20, estimated_finish_at: '2026-11-29T02:00:30.500Z' })
    expect(statusOf({ ...job, itemsPerSecond: 0 }, '/r', new Date(NOW))).toMatchObject({ items_per_second: 0, estimated_finish_at: null })
    expect(statusOf({ ...job, status: 'completed', done: 1000 }, '/r', new Date(NOW))).toMatchObject({ items_per_second: null, estimated_finish_at: null })
  })
})
