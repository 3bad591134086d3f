import { collectDefaultMetrics, Gauge, Registry, type MetricValue } from 'prom-client'

/** A counter's labels: an outcome (`"valid"`), or named labels (`{ provider: "github", reason: "valid" }`). */
export type CountLabels = string | Record<string, string>

/**
 * prom-client validates and hashes a sample's labels on every inc() and observe(), its label children included: about
 * a tenth of the cheapest request. The kit's samples are plain objects found by one Map lookup of a key it builds
 * itself, and reach the registry as a collector that prom-client formats like its own metrics.
 */
interface CounterSample { labels: Record<string, string>, value: number }
interface HistogramSample { labels: Record<string, string>, buckets: number[], sum: number, count: number }

interface CounterEntry {
  labelNames: string[]
  /** Samples by their label values joined with `:` (`total` without labels). */
  children: Map<string, CounterSample>
}

const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

/** Registers a collector that answers prom-client's `get()` with `values()` at scrape time. */
function collector (registry: Registry, name: string, help: string, type: 'counter' | 'histogram', values: () => Array<MetricValue<string>>) {
  const metric = {
    name,
    help,
    type,
    aggregator: 'sum' as const,
    get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
    reset: () => {}
  }
  registry.registerMetric(metric as never)
}

// The kit's own counters, exported at 0 from the start so that an alert on them sees 0 rather than no data
const KIT_COUNTERS = ['auth_failures', 'validation_failures', 'load_shed', 'quota_rejections', 'quota_store_errors', 'quota_store_timeouts',
  'quota_store_full', 'quota_fail_open', 'quota_fail_closed']

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
  private readonly durations = new Map<string, HistogramSample>()

  constructor (service: string, options: { processMetrics?: boolean } = {}) {
    this.registry.setDefaultLabels({ service })
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry })
    collector(this.registry, 'http_request_duration_seconds', 'Time from the request to its response, by route pattern and status.',
      'histogram', () => [...this.durations.values()].flatMap((sample) => [
        ...DURATION_BUCKETS.map((le, i) =>
          ({ metricName: 'http_request_duration_seconds_bucket', labels: { ...sample.labels, le }, value: sample.buckets[i] })),
        { metricName: 'http_request_duration_seconds_bucket', labels: { ...sample.labels, le: '+Inf' }, value: sample.count },
        { metricName: 'http_request_duration_seconds_sum', labels: sample.labels, value: sample.sum },
        { metricName: 'http_request_duration_seconds_count', labels: sample.labels, value: sample.count }
      ]))
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
    for (const values of combinations) this.child(entry, values)
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
    this.child(entry, values).value += by
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
    let sample = this.durations.get(key)
    if (sample === undefined) {
      sample = { labels: { method, route, status: String(status) }, buckets: DURATION_BUCKETS.map(() => 0), sum: 0, count: 0 }
      this.durations.set(key, sample)
    }
    // Cumulative buckets, as Prometheus reads them: every bucket at or above the value
    for (let i = DURATION_BUCKETS.length - 1; i >= 0 && seconds <= DURATION_BUCKETS[i]; i--) sample.buckets[i]++
    sample.sum += seconds
    sample.count++
  }

  /** The counter `name`'s value for the label values joined with `:` (`total` without labels). */
  get (name: string, label = 'total'): number {
    return this.counters.get(name)?.children.get(label)?.value ?? 0
  }

  /** The JSON of /admin/metrics, read from the samples /metrics exposes: the two cannot disagree. */
  snapshot (): Record<string, unknown> {
    const out: Record<string, unknown> = { uptime_seconds: Math.floor((Date.now() - this.startedAt) / 1000) }
    for (const [name, read] of this.gauges) out[name] = read()
    const families: Array<[string, Array<[string, number]>]> = [...this.counters].map(([name, entry]) =>
      [name, [...entry.children].map(([key, sample]) => [key, sample.value])])
    families.push(['requests', [...this.durations].map(([key, sample]) => [key, sample.count])])
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
    const entry: CounterEntry = { labelNames, children: new Map() }
    collector(this.registry, `${name}_total`, help, 'counter',
      () => [...entry.children.values()].map((sample) => ({ labels: sample.labels, value: sample.value })))
    this.counters.set(name, entry)
    return entry
  }

  private child (entry: CounterEntry, values: string[]): CounterSample {
    const key = keyOf(values)
    let child = entry.children.get(key)
    if (child === undefined) {
      child = { labels: Object.fromEntries(entry.labelNames.map((label, i) => [label, values[i]])), value: 0 }
      entry.children.set(key, child)
    }
    return child
  }
}
