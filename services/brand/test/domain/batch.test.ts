import { describe, expect, it } from 'vitest'
import { runBatch } from '../../src/domain/batch.js'
import type { DomainTarget } from '../../src/domain/normalize-domain.js'
import type { BrandProfile } from '../../src/domain/brand-profile.js'
import { TargetNotAllowedError } from '@utility-apis/homepage-fetch'
import type { ProfileRequest } from '../../src/domain/profiler.js'

const fake = (target: DomainTarget) => ({ domain: target.domain, reachable: true }) as unknown as BrandProfile

describe('runBatch', () => {
  it('keeps input order and profiles each origin once', async () => {
    const seen: string[] = []
    const result = await runBatch(['b.test', 'a.test', 'B.TEST', 'https://a.test/'], {
      timeoutMs: 1000,
      concurrency: 4,
      deadlineMs: 5000,
      profile: async (target) => { seen.push(target.candidates.join()); return fake(target) }
    })
    expect(result.results.map((item) => item.ok && item.profile.domain)).toEqual(['b.test', 'a.test', 'b.test', 'a.test'])
    // the https URL is a different origin set from the bare domain, so it is its own fetch
    expect(seen.sort()).toEqual(['https://a.test/', 'https://a.test/,http://a.test/', 'https://b.test/,http://b.test/'])
    expect(result).toMatchObject({ succeeded: 4, failed: 0 })
  })

  it('never runs more than `concurrency` profiles at once', async () => {
    let active = 0
    let peak = 0
    await runBatch(Array.from({ length: 10 }, (_, i) => `s${i}.test`), {
      timeoutMs: 1000,
      concurrency: 3,
      deadlineMs: 5000,
      profile: async (target) => {
        active++
        peak = Math.max(peak, active)
        await new Promise((resolve) => setTimeout(resolve, 5))
        active--
        return fake(target)
      }
    })
    expect(peak).toBe(3)
  })

  it('turns failures into per-item errors', async () => {
    const result = await runBatch(['ok.test', 'denied.test', 'bad domain', 'boom.test'], {
      timeoutMs: 1000,
      concurrency: 2,
      deadlineMs: 5000,
      profile: async (target) => {
        if (target.domain === 'denied.test') throw new TargetNotAllowedError()
        if (target.domain === 'boom.test') throw new Error('secret internal detail')
        return fake(target)
      }
    })
    expect(result.results.map((item) => item.ok ? 'ok' : item.error)).toEqual([
      'ok',
      { status: 400, detail: 'Target address is not allowed', code: 'target_not_allowed' },
      { status: 422, detail: 'domain must not contain whitespace', code: 'validation_failed' },
      { status: 500, detail: 'Internal Server Error', code: 'internal_error' }
    ])
    expect(result).toMatchObject({ succeeded: 1, failed: 3 })
  })

  it('answers at the deadline even when a profile ignores the abort', async () => {
    const requests: ProfileRequest[] = []
    const result = await runBatch(['fast.test', 'stuck.test', 'queued.test'], {
      timeoutMs: 10_000,
      concurrency: 2,
      deadlineMs: 50,
      profile: async (target, request) => {
        requests.push(request)
        if (target.domain === 'fast.test') return fake(target)
        return await new Promise<BrandProfile>(() => {})
      }
    })
    expect(result.results.map((item) => item.ok ? 'ok' : item.error.status)).toEqual(['ok', 504, 504])
    expect(requests.every((request) => request.timeoutMs <= 50 && request.signal?.aborted === true)).toBe(true)
  })

  it('answers a timeout of the site\'s own as the item\'s answer, even when the deadline cut the item\'s budget', async () => {
    // 30 s asked for, 25 s of batch: the budget is cut to the deadline, but a fetch's own timeout long before it is the site's
    const timedOut = (target: DomainTarget) => ({ ...fake(target), error: { code: 'timeout', message: 'Timed out waiting for the response headers' } }) as BrandProfile
    const result = await runBatch(['slow.test'], { timeoutMs: 30_000, concurrency: 2, deadlineMs: 25_000, profile: async (target) => timedOut(target) })
    expect(result.results[0]).toMatchObject({ ok: true, profile: { error: { code: 'timeout' } } })
    // one that timed out at the deadline is the batch's
    const cut = await runBatch(['slow.test'], {
      timeoutMs: 30_000,
      concurrency: 2,
      deadlineMs: 60,
      profile: async (target, request) => { await new Promise((resolve) => setTimeout(resolve, request.timeoutMs)); return timedOut(target) }
    })
    expect(cut.results[0]).toMatchObject({ ok: false, error: { status: 504, code: 'batch_deadline_exceeded' } })
  })

  it('stops at once when its caller is gone: no item starts, the running ones are told', async () => {
    const gone = new AbortController()
    const started: string[] = []
    const requests: ProfileRequest[] = []
    const running = runBatch(['a.test', 'b.test', 'c.test'], {
      timeoutMs: 10_000,
      concurrency: 1,
      // far past the test's own timeout: the batch ends because its caller left, not at its deadline
      deadlineMs: 600_000,
      signal: gone.signal,
      profile: async (target, request) => {
        started.push(target.domain)
        requests.push(request)
        return await new Promise<BrandProfile>((_resolve, reject) => request.signal?.addEventListener('abort', () => reject(request.signal?.reason)))
      }
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    gone.abort()
    const result = await running
    expect(started).toEqual(['a.test'])
    expect(requests[0].signal?.aborted).toBe(true)
    expect(result).toMatchObject({ succeeded: 0, failed: 3 })
  })
})
