// Answers a job's status page: the failures by code the job counted as its items were written (all of them, while
// it runs too), the page served under the HTML policy.
import { HTML_PAGE_CSP } from '@utility-apis/service-kit'
import type { FastifyReply } from 'fastify'
import type { JobEngine } from '../engine.js'
import type { JobRecord } from '../job-store.js'
import type { JobStatus } from '../types.js'
import { renderJobPage } from './job-page.js'

export async function jobPageAnswer (reply: FastifyReply, engine: JobEngine, job: JobRecord, status: JobStatus): Promise<string> {
  // read after the status: counts only grow, so they never fall short of the status's `failed` (but for a job whose
  // failures were written before they were counted by code)
  const counts = status.failed === 0 ? {} : await engine.store.failuresByCode(job.id)
  reply.type('text/html; charset=utf-8').header('content-security-policy', HTML_PAGE_CSP).header('vary', 'Accept')
  return renderJobPage(status, counts)
}
