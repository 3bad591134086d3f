// Answers a job's status page: the failures counted by code from a bounded read of the results, the page served
// under the HTML policy.
import { HTML_PAGE_CSP } from '@utility-apis/service-kit'
import type { FastifyReply } from 'fastify'
import type { JobEngine } from '../engine.js'
import type { JobRecord } from '../job-store.js'
import type { JobStatus } from '../types.js'
import { renderJobPage, type FailureCounts } from './job-page.js'

/** Results read to count failures by code: one page, whatever the job's size. */
const FAILURES_READ = 1000

async function failureCounts (engine: JobEngine, job: JobRecord, status: JobStatus): Promise<FailureCounts | null> {
  if (status.failed === 0) return null
  const page = await engine.results(job, 0, FAILURES_READ)
  const byCode: Record<string, number> = {}
  for (const line of page.results) {
    const code = line.ok ? null : (line.error as { code?: string } | undefined)?.code ?? 'unknown'
    if (code !== null) byCode[code] = (byCode[code] ?? 0) + 1
  }
  return { read: page.results.length, byCode }
}

export async function jobPageAnswer (reply: FastifyReply, engine: JobEngine, job: JobRecord, status: JobStatus): Promise<string> {
  const counts = await failureCounts(engine, job, status)
  reply.type('text/html; charset=utf-8').header('content-security-policy', HTML_PAGE_CSP).header('vary', 'Accept')
  return renderJobPage(status, counts)
}
