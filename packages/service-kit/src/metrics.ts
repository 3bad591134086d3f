import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/** A counter's labels: an outcome (`"valid"`), or named labels (`{ provider: "github", reason: "valid" }`). */
export type CountLabels = string | Record<string, string>

interface CounterEntry {
  counter: Counter
  labelNames: string[]
  /** Label children by their values joined with `:` (`total` without labels): resolved once, not per event. */
  children: Map<string, Counter.Internal>
}

// The kit's own counters, exported at 0 from the start so that an alert on them sees 0 rather than no data
const KIT_COUNTERS = ['auth_failures', 'validation_failures', 'load_shed', 'quota_rejections', 'quota_store_errors', 'quota_fail_open', 'quota_fail_closed']

const keyOf = (values: string[]) => values.length === 0 ? 'total' : values.join(':')

/**
 * This replica's metrics, in one prom-client registry: /metrics is its text exposition, /admin/metrics a JSON view
 * of the same counters. Labels are chosen by our code (route patterns, statuses, verdicts), never by callers, so they
 * cannot carry a key, payload, secret or domain, and their number stays bounded. Label children are looked up in a
 * map keyed by their values, never resolved by prom-client on each event (that hashing was a measurable part of the
 * cheapest requests).
 */
export class Metrics {
  readonly registry = new Registry()
  private readonly counters = new Map<string, CounterEntry>()
  private readonly gauges = new Map<string, () => number>()
  private readonly startedAt = Date.now()
  private readonly durations: Histogram<'method' | 'route' | 'status'>
  private readonly durationChildren = new Map<string, Histogram.Internal<'method' | 'route' | 'status'>>()

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
    for (const name of KIT_COUNTERS) this.declare(name)
  }

  /**
   * Declares the counter `name` with every value each of its labels can take, each exported at 0 until its first
   * event (a string array is the `outcome` label). Counting a value not declared still works; it appears then.
   */
  declare (name: string, labels: readonly string[] | Record<string, readonly string[]> = {}): void {
    const named: Record<string, readonly string[]> = Array.isArray(labels) ? { outcome: labels } : labels as Record<string, readonly string[]>
    const entry = this.entry(name, Object.keys(named))
    let combinations: string[][] = [[]]
    for (const values of Object.values(named)) combinations = combinations.flatMap((prefix) => values.map((value) => [...prefix, value]))
    for (const values of combinations) this.child(entry, values).inc(0)
  }

  /**
   * Adds `by` to the counter `name`. In /admin/metrics its entry is keyed by the label values joined with `:`
   * (`total` without labels); in /metrics it is `<name>_total` with the labels as Prometheus labels, so that a query
   * can sum by any one of them. A name keeps the label names of its first use.
   */
  count (name: string, labels: CountLabels = {}, by = 1): void {
    const named = typeof labels === 'string' ? { outcome: labels } : labels
    const entry = this.counters.get(name) ?? this.entry(name, Object.keys(named))
    const values = entry.labelNames.map((label) => named[label])
    this.child(entry, values).inc(by)
  }

  /** A gauge read when metrics are collected: `<name>` in /metrics, and `name: value` in /admin/metrics. */
  gauge (name: string, help: string, read: () => number): void {
    this.gauges.set(name, read)
    // eslint-disable-next-line no-new -- a gauge lives in its registry
    new Gauge({ name, help, registers: [this.registry], collect () { this.set(read()) } })
  }

  /** One answered request: the duration histogram, whose _count is the `requests` entry of the JSON. */
  observe (method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route} ${status}`
    let child = this.durationChildren.get(key)
    if (child === undefined) {
      child = this.durations.labels({ method, route, status: String(status) })
      this.durationChildren.set(key, child)
    }
    child.observe(seconds)
  }

  /** The counter `name`'s value for the label values joined with `:` (`total` without labels). */
  async get (name: string, label = 'total'): Promise<number> {
    const entry = this.counters.get(name)
    if (entry === undefined) return 0
    const { values } = await entry.counter.get()
    const sample = values.find((v) => keyOf(entry.labelNames.map((l) => String(v.labels[l]))) === label)
    return sample?.value ?? 0
  }

  /** The JSON of /admin/metrics, read from the registry that /metrics exposes: the two cannot disagree. */
  async snapshot (): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = { uptime_seconds: Math.floor((Date.now() - this.startedAt) / 1000) }
    for (const [name, read] of this.gauges) out[name] = read()
    const families: Array<[string, Array<[string, number]>]> = []
    for (const [name, entry] of this.counters) {
      const { values } = await entry.counter.get()
      families.push([name, values.map((v) => [keyOf(entry.labelNames.map((l) => String(v.labels[l]))), v.value])])
    }
    const { values } = await this.durations.get()
    families.push(['requests', values.filter((v) => v.metricName === 'http_request_duration_seconds_count')
      .map((v) => [`${v.labels.method} ${v.labels.route} ${v.labels.status}`, v.value])])
    for (const [name, entries] of families.sort(([a], [b]) => a.localeCompare(b))) {
      out[name] = Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)))
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

  private entry (name: string, labelNames: string[]): CounterEntry {
    const existing = this.counters.get(name)
    if (existing !== undefined) return existing
    const help = `${name.replaceAll('_', ' ')}${labelNames.length === 0 ? '' : `, by ${labelNames.join(' and ')}`}.`
    const counter = new Counter({ name: `${name}_total`, help, labelNames, registers: [this.registry] })
    const entry = { counter, labelNames, children: new Map() }
    this.counters.set(name, entry)
    return entry
  }

  private child (entry: CounterEntry, values: string[]): Counter.Internal {
    const key = keyOf(values)
    let child = entry.children.get(key)
    if (child === undefined) {
      child = entry.counter.labels(...values)
      entry.children.set(key, child)
    }
    return child
  }
}
