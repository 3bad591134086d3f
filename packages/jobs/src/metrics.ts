import { Gauge, Histogram, type Registry } from 'prom-client'

/** How long a scrape waits for the queue depth; the depth is a few counts, which a Redis that answers gives in ms. */
const QUEUE_DEPTH_DEADLINE_MS = 1000

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

  /**
   * `jobs_queue_depth{state}`: chunks waiting, delayed and active, which the worker autoscaler follows. A scrape waits
   * for the depth at most `deadlineMs`: a Redis that does not answer (paused, busy) held /metrics for as long as it was
   * away, and Prometheus' scrape timeout then lost every series of the service, `quota_store_up` with them. Past the
   * deadline the series keep their last value (none before the first read), and the read goes on: its answer is the
   * next scrape's. One read at a time, however many scrapes come while it is out.
   */
  exportQueueDepth (depth: () => Promise<Record<string, number>>, deadlineMs = QUEUE_DEPTH_DEADLINE_MS): void {
    if (this.sink === null) return
    let reading: Promise<void> | null = null
    // eslint-disable-next-line no-new
    new Gauge({
      name: 'jobs_queue_depth',
      help: 'Job chunks in the queue, by state (waiting counts prioritized chunks too).',
      labelNames: ['state'],
      registers: [this.sink.registry],
      async collect () {
        reading ??= readInto(this, depth).finally(() => { reading = null })
        await settledWithin(reading, deadlineMs)
      }
    })
  }
}

/** Sets the gauge from one read of the depth; never rejects. */
async function readInto (gauge: Gauge<'state'>, depth: () => Promise<Record<string, number>>): Promise<void> {
  try {
    for (const [state, count] of Object.entries(await depth())) gauge.set({ state }, count)
  } catch {
    // Redis away (a lost connection is logged by the connection; a command that timed out is not, once a scrape: the
    // scrape's own logs would repeat it every 15 s): the series keeps its last value rather than failing the whole scrape
  }
}

/** Waits for `work` (which never rejects) at most `ms`. */
async function settledWithin (work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<void>((resolve) => { timer = setTimeout(resolve, ms) })
  try {
    await Promise.race([work, deadline])
  } finally {
    clearTimeout(timer)
  }
}
