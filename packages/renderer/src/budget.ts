/** Limits shared by every render of one analysis: a deadline, a request count and a byte count. */
export interface RenderBudgetLimits {
  /** Wall time from creation; renders stop when it runs out. */
  timeMs: number
  requests: number
  bytes: number
}

export class RenderBudget {
  readonly deadline: number
  requestsLeft: number
  bytesLeft: number

  constructor (limits: RenderBudgetLimits, now = Date.now()) {
    for (const [name, value] of Object.entries(limits)) {
      if (!Number.isInteger(value) || value < 0) throw new Error(`RenderBudget.${name} must be an integer >= 0`)
    }
    this.deadline = now + limits.timeMs
    this.requestsLeft = limits.requests
    this.bytesLeft = limits.bytes
  }

  get exhausted (): boolean {
    return Date.now() >= this.deadline || this.requestsLeft <= 0 || this.bytesLeft <= 0
  }
}

export function createRenderBudget (limits: RenderBudgetLimits): RenderBudget {
  return new RenderBudget(limits)
}

/**
 * Requests a page may have refused unfetched (`skipMedia`: images, media, fonts) per request it may make: each still
 * costs a round trip to the service, and a page making them without end held a core for its whole time.
 */
const SKIPPED_PER_REQUEST = 10

/** One page's allowance: its own limits, never more than what the analysis has left. */
export class PageAllowance {
  requests = 0
  skipped = 0
  bytes = 0
  readonly deadline: number

  constructor (
    private readonly maxRequests: number,
    private readonly maxBytes: number,
    timeoutMs: number,
    private readonly shared: RenderBudget | null
  ) {
    this.deadline = Math.min(Date.now() + timeoutMs, shared?.deadline ?? Number.POSITIVE_INFINITY)
  }

  get msLeft (): number {
    return Math.max(0, this.deadline - Date.now())
  }

  get bytesLeft (): number {
    return Math.max(0, Math.min(this.maxBytes - this.bytes, this.shared?.bytesLeft ?? Number.POSITIVE_INFINITY))
  }

  /** Takes one request from both allowances; false when either has none left. */
  takeRequest (): boolean {
    if (this.requests >= this.maxRequests || (this.shared !== null && this.shared.requestsLeft <= 0)) return false
    this.requests++
    if (this.shared !== null) this.shared.requestsLeft--
    return true
  }

  /** Counts one request refused unfetched; false past SKIPPED_PER_REQUEST times the page's requests. */
  takeSkipped (): boolean {
    return ++this.skipped <= SKIPPED_PER_REQUEST * this.maxRequests
  }

  spendBytes (count: number): void {
    this.bytes += count
    if (this.shared !== null) this.shared.bytesLeft -= count
  }
}
