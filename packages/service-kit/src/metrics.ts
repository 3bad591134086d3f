/**
 * This replica's in-memory aggregate counters. Labels are chosen by our code (route patterns, statuses, verdicts),
 * never by callers, so they cannot carry a key, payload, secret or domain, and their number stays bounded.
 */
export class Metrics {
  private readonly counters = new Map<string, Map<string, number>>()
  private readonly startedAt = Date.now()

  count (name: string, label = 'total', by = 1) {
    let counter = this.counters.get(name)
    if (!counter) {
      counter = new Map()
      this.counters.set(name, counter)
    }
    counter.set(label, (counter.get(label) ?? 0) + by)
  }

  get (name: string, label = 'total'): number {
    return this.counters.get(name)?.get(label) ?? 0
  }

  snapshot (): Record<string, unknown> {
    const out: Record<string, unknown> = { uptime_seconds: Math.floor((Date.now() - this.startedAt) / 1000) }
    for (const [name, counter] of [...this.counters].sort(([a], [b]) => a.localeCompare(b))) {
      out[name] = Object.fromEntries([...counter].sort(([a], [b]) => a.localeCompare(b)))
    }
    return out
  }
}
