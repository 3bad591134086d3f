import { Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { JobMetrics } from '../src/metrics.js'

// /metrics is scraped with a timeout (Prometheus: 10 s) and answers every series of the service at once: the queue
// depth, read from Redis, must never hold it. A read that does not answer in time leaves the series as they were.

/** A depth read the test answers when it wants to, counting how many were asked for. */
function heldDepth () {
  let answer = (_depth: Record<string, number>): void => {}
  let reads = 0
  const depth = async (): Promise<Record<string, number>> => {
    reads++
    return await new Promise((resolve) => { answer = resolve })
  }
  return { depth, answer: (value: Record<string, number>) => answer(value), reads: () => reads }
}

describe('jobs_queue_depth', () => {
  it('answers scrapes while the depth is not answered, with one read for all of them, and shows it once it comes', async () => {
    const registry = new Registry()
    const held = heldDepth()
    new JobMetrics({ registry, count: () => {} }).exportQueueDepth(held.depth, 50)
    const scrapes = await Promise.all([registry.metrics(), registry.metrics()])
    for (const scrape of scrapes) expect(scrape).not.toMatch(/^jobs_queue_depth\{/m)
    expect(await registry.metrics()).not.toMatch(/^jobs_queue_depth\{/m)
    expect(held.reads()).toBe(1)
    held.answer({ waiting: 7, delayed: 1, active: 2 })
    // the late answer is a scrape's; the scrape after it reads again and, that read held too, shows the last depth
    expect(await registry.metrics()).toMatch(/^jobs_queue_depth\{state="waiting"\} 7$/m)
    expect(await registry.metrics()).toMatch(/^jobs_queue_depth\{state="waiting"\} 7$/m)
    expect(held.reads()).toBe(2)
  })

  it('keeps the last depth read when a read fails', async () => {
    const registry = new Registry()
    let fail = false
    const depth = async (): Promise<Record<string, number>> => {
      if (fail) throw new Error('Command timed out')
      return { waiting: 3, delayed: 0, active: 0 }
    }
    new JobMetrics({ registry, count: () => {} }).exportQueueDepth(depth)
    expect(await registry.metrics()).toMatch(/^jobs_queue_depth\{state="waiting"\} 3$/m)
    fail = true
    expect(await registry.metrics()).toMatch(/^jobs_queue_depth\{state="waiting"\} 3$/m)
  })
})
