import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { callbackBackoffMs, CALLBACK_ATTEMPTS, signDelivery } from '../src/callbacks.js'
import type { JobStatus } from '../src/types.js'

const STATUS: JobStatus = {
  id: 'job_000000000000000000000001',
  status: 'completed',
  total: 2,
  done: 2,
  failed: 0,
  created_at: '2026-11-27T09:00:00.000Z',
  started_at: '2026-11-27T09:00:00.100Z',
  finished_at: '2026-11-27T09:00:01.000Z',
  items_per_second: null,
  estimated_finish_at: null,
  charged: 2,
  results_url: '/v1/things/jobs/job_000000000000000000000001/results',
  callback: { state: 'pending', attempts: 0, last_attempt_at: null, last_error: null }
}
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'

describe('signDelivery', () => {
  it('signs the event so that the official Standard Webhooks package verifies it', () => {
    const now = new Date()
    const delivery = signDelivery(SECRET, 'job.completed', STATUS, now)
    expect(delivery.headers['webhook-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)))
    expect(delivery.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/)
    expect(new Webhook(SECRET).verify(delivery.body, delivery.headers)).toEqual({ type: 'job.completed', data: STATUS })
  })

  it('keeps the message id of a job across attempts, and a signature that another secret does not verify', () => {
    const first = signDelivery(SECRET, 'job.cancelled', STATUS, new Date())
    const later = signDelivery(SECRET, 'job.cancelled', STATUS, new Date(Date.now() + 5000))
    expect(later.headers['webhook-id']).toBe(first.headers['webhook-id'])
    expect(() => new Webhook('whsec_' + Buffer.from('another secret!!').toString('base64')).verify(first.body, first.headers)).toThrow()
  })
})

describe('callback retries', () => {
  it('back off from 5 s doubling to an hour, and last about 24 hours in all', () => {
    expect([1, 2, 3].map(callbackBackoffMs)).toEqual([5000, 10_000, 20_000])
    expect(callbackBackoffMs(20)).toBe(3_600_000)
    const total = Array.from({ length: CALLBACK_ATTEMPTS - 1 }, (_, i) => callbackBackoffMs(i + 1)).reduce((a, b) => a + b, 0)
    expect(total).toBeGreaterThanOrEqual(23 * 3_600_000)
    expect(total).toBeLessThanOrEqual(25 * 3_600_000)
  })
})
