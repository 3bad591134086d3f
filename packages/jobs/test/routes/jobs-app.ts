import { randomBytes } from 'node:crypto'
import { Type } from '@sinclair/typebox'
import { buildService, testConfig, type LoggerSettings } from '@utility-apis/service-kit'
import type { SafeFetcher } from '@utility-apis/safe-fetch'
import type { FastifyInstance } from 'fastify'
import type { JobEngine } from '../../src/engine.js'
import { mountJobs, type MountJobsOptions } from '../../src/mount.js'
import { REDIS_URL } from '../helpers.js'

export const JOBS_PATH = '/v1/things/jobs'

/** A key of this test alone: the quota counters of the shared Redis are per key. */
export function testKey (): string {
  return `jobs-route-test-${randomBytes(6).toString('hex')}`
}

/** A prefix of this test alone for the job engine's keys on the shared Redis. */
export function testPrefix (): string {
  return `{jobs-route-test-${randomBytes(6).toString('hex')}}`
}

// checks callback URLs: every host is public here (no test sends one that is not)
const resolver = { resolve: async () => ['203.0.113.1'], fetch: async () => { throw new Error('no fetch in these tests') }, close: async () => {} }

/** A service of `keys` (`key:quota,...`) with the job routes of things under JOBS_PATH (and `otherRoutes`); no worker runs its jobs. */
export async function buildJobsApp (
  keys: string, mount: Partial<MountJobsOptions> = {}, otherRoutes: (app: FastifyInstance) => void = () => {}, logger?: LoggerSettings
): Promise<{ app: FastifyInstance, engine: () => JobEngine | null }> {
  let engine: JobEngine | null = null
  const app = await buildService({
    name: 'things',
    title: 'Things',
    version: '0.0.0',
    description: 'job routes under test',
    routes: async (app) => {
      engine = await mountJobs(app, {
        service: 'things',
        redis: REDIS_URL ?? null,
        path: JOBS_PATH,
        tag: 'things',
        operation: 'ThingJob',
        noun: 'thing',
        names: { stem: 'Thing', inputField: 'things', resultField: 'thing', maxInputs: 100, input: Type.String({ minLength: 1 }), result: Type.Object({}) },
        checkInput: () => {},
        bodyLimit: 1024 * 1024,
        processor: { hostOf: () => null, run: async () => ({ ok: true, value: {} }) },
        fetcher: resolver as unknown as SafeFetcher,
        settings: { inlineWorker: false },
        example: { inputs: ['a', 'b'], callbackUrl: 'https://hooks.example/things' },
        ...mount
      })
      otherRoutes(app)
    }
  }, { config: testConfig({ keys, redisUrl: REDIS_URL ?? null }), processMetrics: false, logger })
  return { app, engine: () => engine }
}
