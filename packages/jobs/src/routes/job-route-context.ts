import type { SafeFetcher } from '@utility-apis/safe-fetch'
import type { FastifyRequest } from 'fastify'
import type { JobEngine } from '../engine.js'
import type { JobRecord } from '../job-store.js'
import type { JobExample, jobExamples } from './jobs.examples.js'
import type { jobSchemas, JobSchemaNames } from './jobs.schemas.js'

export interface JobRoutesOptions {
  /** Null without Redis: every job route answers 503 `jobs_need_redis`. */
  engine: JobEngine | null
  /** e.g. `/v1/domain/profile/jobs`. */
  path: string
  tag: string
  /** `DomainProfileJob` gives operation ids createDomainProfileJob, getDomainProfileJob, ... */
  operation: string
  /** What one input is, for the docs: `domain`, `site`. */
  noun: string
  names: JobSchemaNames
  /** Throws the RequestValidationError the single call would answer for this input, at `loc`. */
  checkInput: (input: string, loc: Array<string | number>) => void
  /** The SSRF policy's resolver, checking `callback_url` up front (delivery checks it again). */
  resolver: Pick<SafeFetcher, 'resolve'>
  bodyLimit: number
  clock?: () => Date
  /** The OpenAPI examples' inputs (the job routes' examples are made from them). */
  example: JobExample
}

/** What every job route shares: the options, the schemas, and the steps each handler starts with. */
export interface JobRouteContext {
  options: JobRoutesOptions
  schemas: ReturnType<typeof jobSchemas>
  examples: ReturnType<typeof jobExamples>
  needRedis: () => Promise<void>
  /** The engine, once `needRedis` let the request through. */
  engine: () => JobEngine
  owner: (request: FastifyRequest) => string
  found: (request: FastifyRequest<{ Params: { id: string } }>) => Promise<JobRecord>
}
