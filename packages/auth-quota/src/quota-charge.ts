/**
 * The units one request reserved before its handler ran, and what its answer will cost. A 2xx answer costs `units`
 * (the reserved units unless the handler lowered them); any other answer costs nothing. The difference is given back
 * to the store that counted it (the shared one, or the fallback) when the answer is sent.
 */
export class QuotaCharge {
  /** What a 2xx answer costs; at most `reserved`. */
  private charged: number
  private settledUnits: number | null = null

  constructor (
    /** The principal id the units are counted under (`request.principal.id`). */
    readonly keyId: string,
    /** The quota window (`YYYY-MM`) the units are counted in. */
    readonly windowId: string,
    /** The units taken from the quota before the handler ran. */
    readonly reserved: number,
    /** True when counted by this replica's fallback (the shared store was down): they are given back to it, not to the shared one. */
    readonly fallback: boolean
  ) {
    this.charged = reserved
  }

  get units (): number {
    return this.settledUnits ?? this.charged
  }

  /** True once the answer's status decided the charge; `units` is then final. */
  get settled (): boolean {
    return this.settledUnits !== null
  }

  /**
   * Lowers what a 2xx answer costs, e.g. to the items of a batch that were processed, or to 0 for a replay of work
   * already paid for. Units are whole and at most `reserved`; after the answer is sent they can no longer change.
   */
  setUnits (units: number): void {
    if (!Number.isSafeInteger(units) || units < 0 || units > this.reserved) {
      throw new RangeError(`quota units must be a whole number from 0 to ${this.reserved}, got ${units}`)
    }
    if (this.settled) throw new Error('the quota charge is already settled')
    this.charged = units
  }

  /** Decides the charge from the answer's status; answers the units to give back. */
  settle (statusCode: number): number {
    if (this.settledUnits !== null) return 0
    this.settledUnits = statusCode >= 200 && statusCode < 300 ? this.charged : 0
    return this.reserved - this.settledUnits
  }
}
