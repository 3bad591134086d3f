import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/** A counter's labels: an outcome (`"valid"`), or named labels (`{ provider: "github", reason: "valid" }`). */
export type CountLabels = string | Record<string, string>

/**
 * This replica's counters, kept twice from one call: as the JSON of /admin/metrics and as Prometheus metrics for
 * /metrics. Labels are chosen by our code (route patterns, statuses, verdicts), never by callers, so they cannot
 * carry a key, payload, secret or domain, and their number stays bounded.
 */
export class Metrics {
  readonly registry = new Registry()
  private readonly totals = new Map<string, Map<string, number>>()
  private readonly counters = new Map<string, Counter>()
  private readonly gauges = new Map<string, () => number>()
  private readonly startedAt = Date.now()
  private readonly durations: Histogram<'method' | 'route' | 'status'>

  constructor (service: string, options: { processMetrics?: boolean } = {}) {
    this.registry.setDefaultLabels({ service })
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry })
    this.durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request to its response, by route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [this.registry]
    })
  }

  /**
   * Adds `by` to the counter `name`. In /admin/metrics its entry is keyed by the label values joined with `:`
   * (`total` without labels); in /metrics it is `<name>_total` with the labels as Prometheus labels, so that a query
   * can sum by any one of them. A name keeps the label names of its first use.
   */
  count (name: string, labels: CountLabels = {}, by = 1): void {
    const named = typeof labels === 'string' ? { outcome: labels } : labels
    const values = Object.values(named)
    this.tally(name, values.length === 0 ? 'total' : values.join(':'), by)
    let counter = this.counters.get(name)
    if (counter === undefined) {
      const help = `${name.replaceAll('_', ' ')}${values.length === 0 ? '' : `, by ${Object.keys(named).join(' and ')}`}.`
      counter = new Counter({ name: `${name}_total`, help, labelNames: Object.keys(named), registers: [this.registry] })
      this.counters.set(name, counter)
    }
    counter.inc(named, by)
  }

  /** A gauge read when metrics are collected: `<name>` in /metrics, and `name: value` in /admin/metrics. */
  gauge (name: string, help: string, read: () => number): void {
    this.gauges.set(name, read)
    // eslint-disable-next-line no-new -- a gauge lives in its registry
    new Gauge({ name, help, registers: [this.registry], collect () { this.set(read()) } })
  }

  /** One answered request: the duration histogram (whose _count counts requests) and the `requests` entry of the JSON. */
  observe (method: string, route: string, status: number, seconds: number): void {
    this.durations.observe({ method, route, status: String(status) }, seconds)
    this.tally('requests', `${method} ${route} ${status}`, 1)
  }

  get (name: string, label = 'total'): number {
    return this.totals.get(name)?.get(label) ?? 0
  }

  snapshot (): Record<string, unknown> {
    const out: Record<string, unknown> = { uptime_seconds: Math.floor((Date.now() - this.startedAt) / 1000) }
    for (const [name, read] of this.gauges) out[name] = read()
    for (const [name, family] of [...this.totals].sort(([a], [b]) => a.localeCompare(b))) {
      out[name] = Object.fromEntries([...family].sort(([a], [b]) => a.localeCompare(b)))
    }
    return out
  }

  /** The Prometheus text exposition of every metric. */
  async exposition (): Promise<string> {
    return await this.registry.metrics()
  }

  get contentType (): string {
    return this.registry.contentType
  }

  private tally (name: string, key: string, by: number): void {
    let family = this.totals.get(name)
    if (family === undefined) this.totals.set(name, family = new Map())
    family.set(key, (family.get(key) ?? 0) + by)
  }
}
