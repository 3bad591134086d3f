import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { QuotaStore } from '@utility-apis/auth-quota'
import { Redis } from 'ioredis'
import { JobEngine } from '../src/engine.js'
import type { JobLog } from '../src/log.js'
import type { MetricsSink } from '../src/metrics.js'
import type { ItemProcessor } from '../src/types.js'

export const REDIS_URL = process.env.REDIS_URL

export interface TestEngineOptions {
  /** `null` sizes chunks to each job as in production. */
  chunkSize?: number | null
  quota?: QuotaStore
  outboxLeaseMs?: number
  log?: JobLog
  metrics?: MetricsSink
  chunkAttempts?: number
}

/** An engine of its own prefix. */
export function testEngine (options: TestEngineOptions = {}): JobEngine {
  return new JobEngine({
    service: 'test',
    prefix: `{jobs-test-${randomBytes(6).toString('hex')}}`,
    redis: REDIS_URL as string,
    jobsPath: '/v1/things/jobs',
    chunkSize: options.chunkSize === null ? undefined : options.chunkSize ?? 4,
    quota: options.quota,
    outboxLeaseMs: options.outboxLeaseMs,
    log: options.log,
    metrics: options.metrics,
    chunkAttempts: options.chunkAttempts
  })
}

/** Inputs `host/n`; each item takes `ms` and is tracked: how many of a host run at once, and every run. */
export function trackingProcessor (ms: number) {
  const active = new Map<string, number>()
  const peak = new Map<string, number>()
  const runs: string[] = []
  let activeAll = 0
  let peakAll = 0
  const processor: ItemProcessor = {
    hostOf: (input) => input.split('/')[0],
    run: async (input) => {
      const host = input.split('/')[0]
      runs.push(input)
      active.set(host, (active.get(host) ?? 0) + 1)
      peak.set(host, Math.max(peak.get(host) ?? 0, active.get(host) ?? 0))
      peakAll = Math.max(peakAll, ++activeAll)
      await sleep(ms)
      active.set(host, (active.get(host) ?? 0) - 1)
      activeAll--
      return { ok: true, value: { echo: input } }
    }
  }
  return { processor, peak, runs, peakAll: () => peakAll }
}

export async function until<T> (read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`not done after ${timeoutMs} ms: ${JSON.stringify(value)}`)
    await sleep(50)
  }
}

/** Deletes every key of a test's prefix (BullMQ's queue keys have no TTL and would stay in the shared Redis). */
export async function dropPrefix (prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL as string)
  try {
    let cursor = '0'
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000)
      if (found.length > 0) await redis.del(...found)
      cursor = next
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
}

/**
 * `fast…` inputs finish at once; `slow…` ones wait until `release()`: they are in flight until then. Each answers
 * `valueOf(input)`, the input itself unless told.
 */
export function gatedProcessor (valueOf: (input: string) => unknown = (input) => input): { processor: ItemProcessor, blocked: string[], release: () => void } {
  let release = (): void => {}
  const gate = new Promise<void>((resolve) => { release = resolve })
  const blocked: string[] = []
  const processor: ItemProcessor = {
    hostOf: () => null,
    run: async (input) => {
      if (input.startsWith('slow')) {
        blocked.push(input)
        await gate
      }
      return { ok: true, value: valueOf(input) }
    }
  }
  return { processor, blocked, release }
}
