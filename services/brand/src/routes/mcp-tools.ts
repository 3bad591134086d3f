import type { McpTool } from '@utility-apis/service-kit'
import { MAX_BATCH } from './batch.schemas.js'

const FETCHES = { readOnlyHint: true, idempotentHint: true, openWorldHint: true }

/** The brand routes as MCP tools: their schemas are the routes' own, read when the app starts. */
export const BRAND_TOOLS: McpTool[] = [
  {
    name: 'profile_domain',
    title: 'Profile a domain\'s brand',
    description: 'Fetches the homepage of one public domain or URL and returns its brand facts with their sources: name, ' +
      'summary, title, description, OpenGraph, logo and icons, colours, social links, company facts. Use it when you need ' +
      'to know what a company or website is and how it presents itself. An unreachable site is a result with ' +
      '`reachable: false`; a domain that resolves to a private address is refused. A non-empty `unread_files` means some ' +
      'files failed for a moment and the fields they feed may be missing: call again after 5 minutes for a complete ' +
      'profile (one whose reason is `budget` was left for lack of time: call again with a larger `timeout_seconds`). ' +
      'Costs one unit of quota (a profile is cached for a day, 5 minutes with `unread_files`, not at all with one left ' +
      'for the budget). Reads public pages only; it never submits anything.',
    route: 'POST /v1/domain/profile',
    annotations: FETCHES
  },
  {
    name: 'profile_domains',
    title: 'Profile several domains',
    description: `Brand profiles of 1 to ${MAX_BATCH} domains in one call, fetched in parallel within one deadline, in ` +
      'input order; a domain that fails fails alone (`ok: false` with its error). Use it for a short list; for more, ' +
      'create_profile_job. Costs one unit per domain profiled; a batch needing more units than remain is refused whole. ' +
      'Reads public pages only.',
    route: 'POST /v1/domain/profile/batch',
    annotations: FETCHES
  },
  {
    name: 'create_profile_job',
    title: 'Start a brand profile job',
    description: 'Queues a list of domains to be profiled in the background and answers at once with the job\'s id; follow ' +
      'it with get_profile_job. Use it for lists too long for profile_domains. Inputs are checked first: one invalid domain ' +
      'refuses the whole job. Reserves one unit of quota per domain; failed items and items a cancel stopped are refunded (`charged` in the status). ' +
      'Needs the deployment\'s Redis: without it the error is `jobs_need_redis`. Each call creates a new job, unless it ' +
      'gives `idempotency_key`: a retry with the same key and domains within 24 h answers the first call\'s job and costs ' +
      'nothing (give one whenever you may retry).',
    route: 'POST /v1/domain/profile/jobs',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true }
  },
  {
    name: 'get_profile_job',
    title: 'Get a brand profile job',
    description: 'The status of a job created with create_profile_job (`job`: progress counts and times) and a page of its ' +
      'results in input order (`page`: up to `limit` from `cursor`, each the profile profile_domain would answer or its ' +
      'error; `next_cursor` reads on, null at the end; while the job runs a page stops at the first unfinished item). Poll ' +
      'it until `job.status` is finished. Free. Only jobs of your own key are found.',
    route: { job: 'GET /v1/domain/profile/jobs/:id', page: 'GET /v1/domain/profile/jobs/:id/results' },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false }
  }
]
