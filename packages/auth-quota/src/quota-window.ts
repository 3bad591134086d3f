/** The quota window is the calendar month in UTC: deterministic resets and an exact Retry-After. */
export interface QuotaWindow {
  id: string
  /** Whole seconds until the next window opens (at least 1). */
  resetSeconds: number
  /** When the next window opens, in ms since the epoch. */
  resetsAtMs: number
}

export function monthWindow (now: Date): QuotaWindow {
  const year = now.getUTCFullYear()
  const month = now.getUTCMonth()
  const next = Date.UTC(year, month + 1, 1)
  return {
    id: `${year}-${String(month + 1).padStart(2, '0')}`,
    resetSeconds: Math.max(1, Math.ceil((next - now.getTime()) / 1000)),
    resetsAtMs: next
  }
}
