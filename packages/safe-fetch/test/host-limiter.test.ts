import { describe, expect, test } from 'vitest'
import { HostLimiter } from '../src/host-limiter.js'

describe('HostLimiter', () => {
  test('admits at most the limit per host, then hands slots over in order', async () => {
    const limiter = new HostLimiter(2)
    const first = await limiter.acquire('a.test')
    await limiter.acquire('a.test')
    const order: string[] = []
    const third = limiter.acquire('a.test').then((release) => { order.push('third'); return release })
    const fourth = limiter.acquire('a.test').then((release) => { order.push('fourth'); return release })
    await limiter.acquire('b.test')
    expect(limiter.active('a.test')).toBe(2)
    expect(limiter.active('b.test')).toBe(1)
    expect(order).toEqual([])

    first()
    first()
    await third
    expect(order).toEqual(['third'])
    expect(limiter.active('a.test')).toBe(2)
    ;(await third)()
    await fourth
    expect(order).toEqual(['third', 'fourth'])
  })

  test('a waiter whose signal aborts leaves the queue with the signal reason', async () => {
    const limiter = new HostLimiter(1)
    const release = await limiter.acquire('a.test')
    const controller = new AbortController()
    const waiting = limiter.acquire('a.test', controller.signal)
    controller.abort(new Error('gave up'))
    await expect(waiting).rejects.toThrow('gave up')
    release()
    expect(limiter.active('a.test')).toBe(0)
    await expect(limiter.acquire('a.test', controller.signal)).rejects.toThrow('gave up')
  })
})
