import { HttpError } from '@utility-apis/fastapi-errors'

// The jobs' Redis comes back by itself (ioredis reconnects every 2 s at most): a client may ask again soon
const RETRY_AFTER_SECONDS = '10'

// What ioredis (and BullMQ through it) rejects a command with while its Redis cannot be reached or cannot answer yet.
// Matched by name and message: the routes must not load ioredis (BullMQ loads only with Redis, see mount.ts)
const UNAVAILABLE_NAMES = new Set(['MaxRetriesPerRequestError', 'ClusterAllFailedError'])
const UNAVAILABLE_MESSAGES = new RegExp('^(' + [
  'Command aborted due to connection close', 'Connection is closed', 'Stream isn\'t writeable', 'Command timed out',
  'None of startup nodes is available', 'Cluster is disconnect', 'Failed to refresh slots cache', 'Cluster isn\'t ready'
].join('|') + ')')
// A Redis restarting (loading its dump), a primary lost, a long script: the same Redis, answering again in a moment
const UNAVAILABLE_REPLIES = /^(LOADING|MASTERDOWN|CLUSTERDOWN|TRYAGAIN|BUSY) /
// A Redis Cluster that lost a primary: ioredis redirects a command only for what a cluster in flux answers (MOVED or
// ASK to the lost node, TRYAGAIN, CLUSTERDOWN, a connection closed) and, when its redirections run out, rejects it
// with this message naming the last of them: the cluster is away for now, whichever it was
const CLUSTER_GAVE_UP = /^Too many Cluster redirections\./
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])

/** Whether `error` says the jobs' Redis is away for now (not that a request or a command was wrong). */
export function redisUnavailable (error: unknown): boolean {
  if (!(error instanceof Error)) return false
  // a creation that could not commit (its Redis went away half-way): nothing of it runs, its caller may retry
  if (error.name === 'JobCreationInterruptedError') return true
  if (UNAVAILABLE_NAMES.has(error.name)) return true
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true
  return UNAVAILABLE_MESSAGES.test(error.message) || UNAVAILABLE_REPLIES.test(error.message) || CLUSTER_GAVE_UP.test(error.message)
}

/** The 503 every job route answers while its Redis is away: nothing is charged for it (the quota refunds a 503). */
export function jobsUnavailable (): HttpError {
  return new HttpError(503, 'The jobs\' store cannot be reached right now: nothing was charged, retry after Retry-After seconds',
    { 'retry-after': RETRY_AFTER_SECONDS }, 'jobs_unavailable')
}
