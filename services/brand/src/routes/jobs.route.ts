import type { FastifyInstance } from 'fastify'
import { mountJobs, type EngineKnobs, type JobEngine, type JobsSettings, type RedisTarget } from '@utility-apis/jobs/mount'
import type { SafeFetcher } from '@utility-apis/safe-fetch'
import { profileItems } from '../domain/job-item.js'
import type { BrandProfiler } from '../domain/profiler.js'
import { targetOrValidationError } from './domain-input.js'
import { jobCreatedExamples, jobRequestExamples, jobStatusExamples } from './jobs.examples.js'
import { DEFAULT_TIMEOUT_SECONDS } from './profile.route.js'
import { DomainField, ProfileSchema } from './profile.schemas.js'

export const JOBS_PATH = '/v1/domain/profile/jobs'
export const MAX_JOB_DOMAINS = 100_000

export const brandJobNames = {
  stem: 'DomainProfile',
  inputField: 'domains',
  resultField: 'profile',
  maxInputs: MAX_JOB_DOMAINS,
  input: DomainField,
  result: ProfileSchema
}

export interface BrandJobsOptions {
  profiler: BrandProfiler
  fetcher: SafeFetcher
  /** Delivers callbacks, with `callbackUserAgent('brand')` as its User-Agent. */
  callbackFetcher: SafeFetcher
  /** REDIS_URL or REDIS_CLUSTER_NODES; null: the job routes answer 503. */
  redis: RedisTarget | null
  settings?: Partial<JobsSettings>
  engine?: EngineKnobs
  clock?: () => Date
}

/** Brand profiles of up to 100,000 domains as a job (the engine and routes are @utility-apis/jobs'). */
export async function brandJobs (app: FastifyInstance, options: BrandJobsOptions): Promise<JobEngine | null> {
  return await mountJobs(app, {
    service: 'brand',
    redis: options.redis,
    path: JOBS_PATH,
    tag: 'brand',
    operation: 'DomainProfileJob',
    noun: 'domain',
    names: brandJobNames,
    checkInput: (input, loc) => { targetOrValidationError(input, loc) },
    bodyLimit: 32 * 1024 * 1024,
    processor: profileItems(options.profiler, DEFAULT_TIMEOUT_SECONDS * 1000),
    fetcher: options.fetcher,
    callbackFetcher: options.callbackFetcher,
    settings: options.settings,
    engine: options.engine,
    clock: options.clock,
    examples: { request: jobRequestExamples, created: jobCreatedExamples, status: jobStatusExamples }
  })
}
