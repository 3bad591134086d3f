export type JobState = 'queued' | 'running' | 'completed' | 'cancelled'

/** What a job's owner sees of it (GET .../jobs/{id} and the callback's `data`). */
export interface JobStatus {
  id: string
  status: JobState
  total: number
  done: number
  failed: number
  created_at: string
  started_at: string | null
  finished_at: string | null
  /** Units this job costs so far: its items delivered with a result (failed items and items never run are refunded). */
  charged: number
  results_url: string
  /** Items finished per second over the last minute, while running; null otherwise. */
  items_per_second: number | null
  /** When the job should finish at that pace, while running; null otherwise or before its first item. */
  estimated_finish_at: string | null
  /** How the job's callback is going; null for a job without `callback_url`. */
  callback: CallbackStatus | null
}

/**
 * A job's callback as its owner can follow it: `pending` until its first attempt, `retrying` after an attempt that
 * failed, `delivered` once a 2xx came back, `failed` when the attempts of 24 hours are spent, the URL now leads to an
 * address that is not allowed or the receiver answered 410 Gone.
 */
export interface CallbackStatus {
  state: 'pending' | 'retrying' | 'delivered' | 'failed'
  attempts: number
  last_attempt_at: string | null
  /** Why the last attempt failed (`HTTP 503`, `unreachable`, `not_allowed`); null when it did not. */
  last_error: string | null
}

/** Why one input failed: the status, `detail` and `code` the single call would have answered. */
export interface ItemError {
  status: number
  detail: string
  code: string
}

/** One input's outcome: the single-call answer, or the error that call would have answered. */
export type ItemOutcome =
  | { ok: true, value: unknown }
  | { ok: false, error: ItemError }

/** One line of a job's results, with the answer under the service's own name (`profile`, `analysis`). */
export type ResultLine = { index: number, input: string, ok: boolean } & Record<string, unknown>

/** What a service plugs into the engine: how to run one input, exactly as its single-call endpoint does. */
export interface ItemProcessor {
  /** The host whose politeness budget the input spends, or null for none (an input that fails validation). */
  hostOf: (input: string) => string | null
  /**
   * `options`: the job's item options as its creation body gave them (see JobSchemaNames.itemOptions), else null.
   * `attempt`: 0, or how many times the item ran before and is run again because its site asked for time (a 429)
   * while it ran: a service that keeps answers must not answer that attempt from them (the first one's answer, files
   * missing, is what the item is run again for).
   */
  run: (input: string, signal: AbortSignal, options?: unknown, attempt?: number) => Promise<ItemOutcome>
}
