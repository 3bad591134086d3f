import { Gauge, Histogram, type Registry } from 'prom-client'

/** The part of the service kit's Metrics the engine writes to (counters, and a registry for its own series). */
export interface MetricsSink {
  readonly registry: Registry
  count: (name: string, labels?: string | Record<string, string>, by?: number) => void
}

/** The engine's series: item duration, and queue depth read from Redis at each scrape. */
export class JobMetrics {
  readonly itemSeconds: Histogram

  constructor (readonly sink: MetricsSink | null) {
    this.itemSeconds = new Histogram({
      name: 'job_item_duration_seconds',
      help: 'Time to work one job item, politeness wait included.',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: sink === null ? [] : [sink.registry]
    })
  }

  count (name: string, labels: string | Record<string, string>, by = 1): void {
    this.sink?.count(name, labels, by)
  }

  /** `jobs_queue_depth{state}`: chunks waiting, delayed and active, which the worker autoscaler follows. */
  exportQueueDepth (depth: () => Promise<Record<string, number>>): void {
    if (this.sink === null) return
    // eslint-disable-next-line no-new
    new Gauge({
      name: 'jobs_queue_depth',
      help: 'Job chunks in the queue, by state (waiting counts prioritized chunks too).',
      labelNames: ['state'],
      registers: [this.sink.registry],
      async collect () {
        try {
          for (const [state, count] of Object.entries(await depth())) this.set({ state }, count)
        } catch {
          // Redis away: the series keeps its last value rather than failing the whole scrape
        }
      }
    })
  }
}
