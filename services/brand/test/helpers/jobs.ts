import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
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

export { dropPrefix } from '../../../../packages/jobs/test/helpers.js'
