import type { FastifyInstance } from 'fastify'
import { mountJobs, type EngineKnobs, type JobEngine, type JobsSettings, type RedisTarget } from '@utility-apis/jobs/mount'
import type { SafeFetcher } from '@utility-apis/safe-fetch'
import { profileItems } from '../domain/job-item.js'
import type { BrandProfiler } from '../domain/profiler.js'
import { targetOrValidationError } from './domain-input.js'
import { DEFAULT_TIMEOUT_SECONDS } from './profile.route.js'
import { Type } from '@sinclair/typebox'
import type { LogoService } from '../logo/logo-service.js'
import { LogoQuerySchema } from './logo.schemas.js'
import { DomainField, ProfileSchema } from './profile.schemas.js'

export const JOBS_PATH = '/v1/domain/profile/jobs'
const MAX_JOB_DOMAINS = 100_000

// the logo route's own `size` and `format`, so a job asks for exactly what the route can answer; its `background` is
// not a job option, so the format says what a jpg is on without naming it
const JobLogoSchema = Type.Object({
  size: LogoQuerySchema.properties.size,
  format: { ...LogoQuerySchema.properties.format, description: 'The image format. A jpg has no transparency: it is on white.' }
}, {
  title: 'DomainProfileJobLogo',
  additionalProperties: false,
  description: 'Also make this logo variant of each domain, from the profile the item just made (the site is not fetched ' +
    'again; only its logo file), and cache it: each result then has `logo_url`. Costs nothing more in the job: an item ' +
    'costs its one unit; fetching a `logo_url` is charged like any logo request (one unit per 200, a 304 free).'
})

const JobProfileSchema = Type.Object({
  ...ProfileSchema.properties,
  logo_url: Type.Optional(Type.String({
    description: 'With the job\'s `logo`: the logo route\'s URL of this domain\'s variant (`/v1/domain/logo/<domain>?size=..&format=..`), ' +
      'answered from the cache the item filled. Fetched with an API key (or `?token=` with a publishable key), charged like ' +
      'any logo request. Absent without `logo`.'
  }))
}, { title: 'DomainProfileJobItem' })

const brandJobNames = {
  stem: 'DomainProfile',
  inputField: 'domains',
  resultField: 'profile',
  maxInputs: MAX_JOB_DOMAINS,
  input: DomainField,
  result: JobProfileSchema,
  itemOptions: { field: 'logo', schema: JobLogoSchema }
}

export interface BrandJobsOptions {
  profiler: BrandProfiler
  /** Makes and caches the logo variant of a job's `logo` option. */
  logos: LogoService
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
    processor: profileItems(options.profiler, DEFAULT_TIMEOUT_SECONDS * 1000, options.logos),
    fetcher: options.fetcher,
    callbackFetcher: options.callbackFetcher,
    settings: options.settings,
    engine: options.engine,
    clock: options.clock,
    example: { inputs: ['acme.example', 'https://www.example.org/about'], callbackUrl: 'https://hooks.acme.example/brand-jobs' }
  })
}
