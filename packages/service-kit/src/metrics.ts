/** A counter that hot paths keep and increment directly, without building its label on every call. */
export interface Counter { value: number }

/**
 * This replica's in-memory aggregate counters. Labels are chosen by our code (route patterns, statuses, verdicts),
 * never by callers, so they cannot carry a key, payload, secret or domain, and their number stays bounded.
 */
export class Metrics {
  private readonly counters = new Map<string, Map<string, Counter>>()
  private readonly startedAt = Date.now()

  counter (name: string, label = 'total'): Counter {
    let family = this.counters.get(name)
    if (!family) {
      family = new Map()
      this.counters.set(name, family)
    }
    let counter = family.get(label)
    if (!counter) {
      counter = { value: 0 }
      family.set(label, counter)
    }
    return counter
  }

  /** Counters labelled by a method and a status, looked up without making the label string again. */
  byMethodAndStatus (name: string, label: (method: string, status: number) => string) {
    const cache = new Map<string, Map<number, Counter>>()
    return (method: string, status: number): Counter => {
      let byStatus = cache.get(method)
      if (!byStatus) cache.set(method, byStatus = new Map())
      let counter = byStatus.get(status)
      if (!counter) byStatus.set(status, counter = this.counter(name, label(method, status)))
      return counter
    }
  }

  count (name: string, label = 'total', by = 1) {
    this.counter(name, label).value += by
  }

  get (name: string, label = 'total'): number {
    return this.counters.get(name)?.get(label)?.value ?? 0
  }

  snapshot (): Record<string, unknown> {
    const out: Record<string, unknown> = { uptime_seconds: Math.floor((Date.now() - this.startedAt) / 1000) }
    for (const [name, family] of [...this.counters].sort(([a], [b]) => a.localeCompare(b))) {
      out[name] = Object.fromEntries([...family].sort(([a], [b]) => a.localeCompare(b)).map(([label, c]) => [label, c.value]))
    }
    return out
  }
}
