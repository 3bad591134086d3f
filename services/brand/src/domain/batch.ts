import { createHttpError } from '@utility-apis/fastapi-errors'
import pLimit from 'p-limit'
import { TargetInputError, TargetNotAllowedError } from '@utility-apis/homepage-fetch'
import { INTERNAL_ITEM_ERROR, itemErrorOf, type ItemError } from '@utility-apis/jobs/mount'
import { normalizeDomainInput, type DomainTarget } from './normalize-domain.js'
import type { BrandProfile } from './brand-profile.js'
import { cacheKey, type ProfileRequest } from './profiler.js'

/** `{status, detail, code}`: what the single call would have answered, as in a job's results. */
type BatchItemError = ItemError

type BatchItem =
  | { input: string, ok: true, profile: BrandProfile }
  | { input: string, ok: false, error: BatchItemError }

export interface BatchResult {
  results: BatchItem[]
  succeeded: number
  failed: number
}

export interface BatchOptions {
  timeoutMs: number
  concurrency: number
  /** One deadline for the whole batch; work still running then is abandoned and reported per item. */
  deadlineMs: number
  profile: (target: DomainTarget, request: ProfileRequest) => Promise<BrandProfile>
  /** Aborts when the caller is gone (its connection closed): no item starts or goes on fetching for no one. */
  signal?: AbortSignal
}

/**
 * How close to the batch's deadline a profile's timeout must come to be the deadline's doing. A profile given the time
 * left until the deadline ends at it (a little after: the profile's clock starts later); a timeout well before it is
 * the site's own (a fetch's headers timeout), whatever budget the item had.
 */
const AT_DEADLINE_MS = 50

class BatchDeadline extends createHttpError('batch_deadline_exceeded', 504, 'The batch deadline passed before this domain was profiled') {}

function itemError (error: unknown): BatchItemError {
  // the single call's 422 names its cause in `detail`; its code is the one every 422 has
  if (error instanceof TargetInputError) return { status: 422, detail: error.message, code: 'validation_failed' }
  return itemErrorOf(error) ?? INTERNAL_ITEM_ERROR
}

/**
 * Profiles every input, each normalised origin once, with at most `concurrency` at a time and one overall
 * deadline. Results keep the input order; one failing item never fails the batch.
 */
export async function runBatch (inputs: string[], options: BatchOptions): Promise<BatchResult> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(new BatchDeadline()), options.deadlineMs)
  const callerGone = () => controller.abort(new BatchDeadline())
  options.signal?.addEventListener('abort', callerGone, { once: true })
  const deadline = Date.now() + options.deadlineMs
  const outcomes = new Map<string, Promise<BrandProfile>>()
  const limit = pLimit(options.concurrency)

  const run = async (target: DomainTarget): Promise<BrandProfile> => await limit(async () => {
    try {
      if (controller.signal.aborted) throw new BatchDeadline()
      const timeoutMs = Math.min(options.timeoutMs, Math.max(1, deadline - Date.now()))
      const profile = await options.profile(target, { timeoutMs, signal: controller.signal })
      // a fetch whose budget was cut to the batch deadline, and that timed out at it, timed out because of the batch
      const atDeadline = controller.signal.aborted || Date.now() >= deadline - AT_DEADLINE_MS
      if (profile.error?.code === 'timeout' && timeoutMs < options.timeoutMs && atDeadline) throw new BatchDeadline()
      return profile
    } catch (error) {
      throw controller.signal.aborted && !(error instanceof TargetNotAllowedError) ? new BatchDeadline() : error
    }
  })

  const settled = inputs.map((input) => {
    let target: DomainTarget
    try {
      target = normalizeDomainInput(input)
    } catch (error) {
      return Promise.reject(error)
    }
    const key = cacheKey(target)
    let outcome = outcomes.get(key)
    if (outcome === undefined) {
      outcome = run(target)
      outcomes.set(key, outcome)
    }
    return outcome
  })

  // work that ignores the abort (a DNS lookup in progress) must not hold the answer past the deadline
  const expired = new Promise<never>((_resolve, reject) => {
    controller.signal.addEventListener('abort', () => reject(new BatchDeadline()), { once: true })
  })
  try {
    const outcomes = await Promise.allSettled(settled.map(async (outcome) => await Promise.race([outcome, expired])))
    const results: BatchItem[] = outcomes.map((outcome, index) => outcome.status === 'fulfilled'
      ? { input: inputs[index], ok: true, profile: outcome.value }
      : { input: inputs[index], ok: false, error: itemError(outcome.reason) })
    const succeeded = results.filter((item) => item.ok).length
    return { results, succeeded, failed: results.length - succeeded }
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', callerGone)
  }
}
