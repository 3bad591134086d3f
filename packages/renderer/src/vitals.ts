// Lab Core Web Vitals of one page load, measured in the page with PerformanceObserver under Lighthouse's mobile
// device profile. The network is not throttled: every response is the service's own fetch of the site.

/** Lighthouse's default mobile emulation (Moto G Power): viewport, pixel ratio, touch, and a 4x CPU slowdown. */
export const DEVICE_PROFILE = {
  name: 'Lighthouse mobile (Moto G Power), network not throttled',
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  cpuSlowdown: 4
} as const

export type Rating = 'good' | 'needs_improvement' | 'poor'

/** Lighthouse's thresholds: at or below `good` is good, above `poor` is poor (web.dev/articles/vitals). */
export const THRESHOLDS = {
  lcp_ms: { good: 2500, poor: 4000 },
  cls: { good: 0.1, poor: 0.25 },
  tbt_ms: { good: 200, poor: 600 }
} as const

export interface Vitals {
  /** null when nothing contentful was painted */
  lcp_ms: number | null
  cls: number
  tbt_ms: number
  fcp_ms: number | null
}

export function rate (metric: keyof typeof THRESHOLDS, value: number): Rating {
  const { good, poor } = THRESHOLDS[metric]
  if (value <= good) return 'good'
  return value > poor ? 'poor' : 'needs_improvement'
}

/** Long tasks kept; a page with more gets no vitals (its TBT would be short of the truth). */
const MAX_TASKS = 10_000

// Run once in the renderer's own script world of the page's main frame (its own globals, prototypes and
// performance.now, which the page's scripts cannot reach), once the page settled. Buffered observers get what the page
// did before: CLS is the largest session window of shifts without recent input (gaps under 1 s, windows at most 5 s
// long); the long tasks make TBT. A type whose buffer overflowed before the observer came (the browser keeps 150
// layout shifts) reports dropped entries: the metrics would miss them, so the page gets none (`incomplete`).
export const VITALS_WORLD_INSTALL = `(() => {
  if (globalThis.__vitals !== undefined) return true
  const v = { lcp: null, fcp: null, cls: 0, win: 0, winStart: 0, last: 0, tasks: [], incomplete: false }
  globalThis.__vitals = v
  const watch = (type, fn) => {
    try {
      new PerformanceObserver((list, _observer, options) => {
        if ((options?.droppedEntriesCount ?? 0) > 0) v.incomplete = true
        list.getEntries().forEach(fn)
      }).observe({ type, buffered: true })
    } catch {
      // an entry type this browser does not record: that metric stays as it is (null or 0)
    }
  }
  watch('largest-contentful-paint', (e) => { v.lcp = e.startTime })
  watch('paint', (e) => { if (e.name === 'first-contentful-paint') v.fcp = e.startTime })
  watch('longtask', (e) => { if (v.tasks.length < ${MAX_TASKS}) v.tasks.push([e.startTime, e.duration]); else v.incomplete = true })
  watch('layout-shift', (e) => {
    if (e.hadRecentInput) return
    if (v.win > 0 && (e.startTime - v.last < 1000) && (e.startTime - v.winStart < 5000)) v.win += e.value
    else { v.win = e.value; v.winStart = e.startTime }
    v.last = e.startTime
    v.cls = Math.max(v.cls, v.win)
  })
  return true
})()`

/** What the world gathered, read in that world: numbers only. */
export const VITALS_WORLD_READ = `(() => {
  const v = globalThis.__vitals
  return v === undefined || v.incomplete ? null : { lcp: v.lcp, fcp: v.fcp, cls: v.cls, last: v.last, tasks: v.tasks, at: performance.now() }
})()`

export interface RawVitals { lcp: number | null, fcp: number | null, cls: number, last: number, tasks: Array<[number, number]>, at: number }

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0
const isTimeOrNull = (value: unknown): value is number | null => value === null || isTime(value)
const isTask = (value: unknown): value is [number, number] => Array.isArray(value) && value.length === 2 && isTime(value[0]) && isTime(value[1])

/**
 * `value` as RawVitals when it is one: finite, non-negative numbers and at most MAX_TASKS tasks; else null. What
 * VITALS_WORLD_READ answers is the renderer's own, but nothing read from a page is taken on trust.
 */
export function parseRawVitals (value: unknown): RawVitals | null {
  if (typeof value !== 'object' || value === null) return null
  const v = value as Record<string, unknown>
  const { lcp, fcp, cls, last, tasks, at } = v
  if (!isTimeOrNull(lcp) || !isTimeOrNull(fcp) || !isTime(cls) || !isTime(last) || !isTime(at)) return null
  if (!Array.isArray(tasks) || tasks.length > MAX_TASKS || !tasks.every(isTask)) return null
  return { lcp, fcp, cls, last, tasks, at }
}

/**
 * Whether the page has been idle for `quietMs`: painted, and no long task or layout shift since (Lighthouse likewise
 * waits for the CPU to go quiet before it reads the metrics).
 */
export function isQuiet (raw: RawVitals, quietMs: number): boolean {
  if (raw.fcp === null) return false
  const lastTask = raw.tasks.reduce((end, [start, duration]) => Math.max(end, start + duration), 0)
  return raw.at - Math.max(raw.fcp, raw.last, lastTask) >= quietMs
}

export function vitalsOf (raw: RawVitals): Vitals {
  const fcp = raw.fcp ?? 0
  let tbt = 0
  for (const [start, duration] of raw.tasks) {
    // the part of a task after FCP counts, as in Lighthouse
    const end = start + duration
    if (end <= fcp) continue
    tbt += Math.max(0, end - Math.max(start, fcp) - 50)
  }
  return {
    lcp_ms: raw.lcp === null ? null : Math.round(raw.lcp),
    cls: Math.round(raw.cls * 1000) / 1000,
    tbt_ms: Math.round(tbt),
    fcp_ms: raw.fcp === null ? null : Math.round(raw.fcp)
  }
}
