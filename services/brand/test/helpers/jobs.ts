import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { testConfig, type ServiceConfig } from '@utility-apis/service-kit'
import { buildApp, type BuildAppOptions } from '../../src/app.js'
import { NO_SHEDDING } from './app.js'

export const REDIS_URL = process.env.REDIS_URL

/** A key of this test alone: the quota counters of the shared Redis are per key. */
export function testKey (): string {
  return `jobs-test-${randomBytes(6).toString('hex')}`
}

/** Keys of this test alone for the job engine on the shared Redis, so parallel tests never work each other's chunks. */
export function testPrefix (): string {
  return `{jobs-test-${randomBytes(6).toString('hex')}}`
}

export interface JobsAppOptions {
  keys: string
  hosts: string[]
  prefix: string
  redisUrl?: string | null
  config?: Partial<ServiceConfig>
  overrides?: Partial<BuildAppOptions>
}

/** The brand service with jobs on Redis and the worker inline, fixture hosts mapped to 127.0.0.1. */
export async function buildJobsApp (options: JobsAppOptions): Promise<FastifyInstance> {
  return await buildApp({
    config: testConfig({ keys: options.keys, redisUrl: options.redisUrl === undefined ? REDIS_URL ?? null : options.redisUrl, ...options.config }),
    pressure: NO_SHEDDING,
    processMetrics: false,
    fetchPolicy: { allowCidrs: ['127.0.0.1/32'], hostMap: Object.fromEntries(options.hosts.map((host) => [host, '127.0.0.1'])) },
    jobs: { inlineWorker: true, concurrency: 8, perHostConcurrency: 4 },
    jobEngine: { prefix: options.prefix, chunkSize: 5, lockMs: 2000 },
    ...options.overrides
  })
}

export async function waitFor<T> (read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`still not done after ${timeoutMs} ms: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Deletes every key of a test's prefix (BullMQ's queue keys have no TTL and would stay in the shared Redis). */
export async function dropPrefix (redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl)
  try {
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000)
      if (keys.length > 0) await redis.del(...keys)
      cursor = next
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
}
