/**
 * The time one piece of work (a profile, an analysis) may take in all: each fetch under it gets what
 * is left, and a caller's signal (a batch deadline) aborts it early.
 */
export class TimeBudget {
  /** epoch milliseconds by which everything must be done */
  readonly deadline: number

  constructor (readonly ms: number, readonly signal?: AbortSignal, private readonly now: () => number = Date.now) {
    this.deadline = now() + ms
  }

  /** Milliseconds left, never below 0. */
  remaining (): number {
    return Math.max(0, this.deadline - this.now())
  }

  /**
   * The deadline of a fetch under this budget: what is left, at most `capMs`, at least 1 ms. Whole milliseconds, as
   * timers and the browser take them, also when the cap is a share of what is left.
   */
  fetchTimeout (capMs = Number.POSITIVE_INFINITY): number {
    return Math.max(1, Math.floor(Math.min(capMs, this.remaining())))
  }

  get aborted (): boolean {
    return this.signal?.aborted === true
  }
}
