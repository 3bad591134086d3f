import type { FastifyInstance } from 'fastify'
import { callbackUserAgent, mountJobs, type EngineKnobs, type JobEngine, type JobsSettings, type RedisTarget } from '@utility-apis/jobs/mount'
import type { Renderer } from '@utility-apis/renderer'
import type { SafeFetcher } from '@utility-apis/safe-fetch'
import { analysisItems } from '../domain/job-item.js'
import { AnalyzeRequestSchema, AnalyzeResponseSchema, DEFAULT_BUDGET_SECONDS, DEFAULT_MAX_PAGES } from './analyze.schemas.js'
import { targetOf } from './url-input.js'

export const JOBS_PATH = '/v1/site-intel/jobs'
const MAX_JOB_URLS = 10_000

const siteJobNames = {
  stem: 'SiteIntel',
  inputField: 'urls',
  resultField: 'analysis',
  maxInputs: MAX_JOB_URLS,
  input: AnalyzeRequestSchema.properties.url,
  result: AnalyzeResponseSchema
}

export interface SiteJobsOptions {
  fetcher: SafeFetcher
  fetchAs: (userAgent: string) => SafeFetcher
  clock: () => Date
  /** the single call's renderer, so a job's analyses equal the single call's */
  renderer?: Renderer | null
  /** REDIS_URL or REDIS_CLUSTER_NODES; null: the job routes answer 503. */
  redis: RedisTarget | null
  settings?: Partial<JobsSettings>
  engine?: EngineKnobs
}

/** The analysis of each URL with the single call's defaults (25 s budget, 5 pages). */
export function siteJobItems (options: Pick<SiteJobsOptions, 'fetcher' | 'fetchAs' | 'clock' | 'renderer'>) {
  return analysisItems({ ...options, budgetMs: DEFAULT_BUDGET_SECONDS * 1000, maxPages: DEFAULT_MAX_PAGES })
}

/** Analyses of up to 10,000 sites as a job (the engine and routes are @utility-apis/jobs'). */
export async function siteJobs (app: FastifyInstance, options: SiteJobsOptions): Promise<JobEngine | null> {
  return await mountJobs(app, {
    service: 'site',
    redis: options.redis,
    path: JOBS_PATH,
    tag: 'site-intel',
    operation: 'SiteIntelJob',
    noun: 'site',
    names: siteJobNames,
    checkInput: (input, loc) => { targetOf(input, loc) },
    bodyLimit: 24 * 1024 * 1024,
    processor: siteJobItems(options),
    fetcher: options.fetcher,
    callbackFetcher: options.fetchAs(callbackUserAgent('site')),
    settings: options.settings,
    engine: options.engine,
    clock: options.clock,
    example: { inputs: ['example.com', 'https://www.example.org/pricing'], callbackUrl: 'https://hooks.agency.example/site-audits' }
  })
}
