import { HttpError } from '@utility-apis/fastapi-errors'
import type { ItemError, ItemOutcome, ItemProcessor } from './types.js'

/** What an item answers when its work threw something no caller should see: the single call's 500. */
export const INTERNAL_ITEM_ERROR: ItemError = { status: 500, detail: 'Internal Server Error', code: 'internal_error' }

const RATE_LIMITED = 'rate_limited'

const ASKED_FOR_TIME = 'The site this item\'s homepage is on, or redirects to, had asked for time (a 429, or a 503 with Retry-After), ' +
  'and the request was not sent'

/**
 * What an item's work throws when a request it needed was not sent because a host had asked for time (another item's
 * 429, or its own): its homepage led to a paused site, or a file it reads is on one. The worker works the item again
 * once that pause is over. A single call meets no such pause, so an item still refused after its retries is delivered
 * as this error (a 429 of ours) and refunded, never as a site that could not be reached. `detail` names what was
 * refused, for the customer to see why.
 */
export class HostAskedForTimeError extends HttpError {
  constructor (detail = ASKED_FOR_TIME) {
    super(429, detail, {}, RATE_LIMITED)
  }
}

/** Whether an item was refused by a host's pause (HostAskedForTimeError): worth working again after it. */
export const refusedByPause = (outcome: ItemOutcome): boolean => !outcome.ok && outcome.error.code === RATE_LIMITED

/** The item error of a coded HTTP error (a refused target, a deadline): what the single call would answer. */
export function itemErrorOf (error: unknown): ItemError | null {
  return error instanceof HttpError ? { status: error.statusCode, detail: error.message, code: error.code } : null
}

export interface ItemSteps {
  /** The host of an input that passed the job's checks; a throw means none (no politeness budget spent). */
  hostOf: (input: string) => string
  /** The single call's work: its answer, or a coded HttpError that becomes the item's error (ItemProcessor.run). */
  run: (input: string, signal: AbortSignal, options?: unknown, attempt?: number) => Promise<unknown>
}

/** A service's item processor from its two steps: the shape every job item shares, kept in one place. */
export function itemProcessor (steps: ItemSteps): ItemProcessor {
  return {
    hostOf: (input) => {
      try {
        return steps.hostOf(input)
      } catch {
        return null
      }
    },
    run: async (input, signal, options, attempt): Promise<ItemOutcome> => {
      try {
        return { ok: true, value: await steps.run(input, signal, options, attempt) }
      } catch (error) {
        const coded = itemErrorOf(error)
        if (coded === null) throw error
        return { ok: false, error: coded }
      }
    }
  }
}
