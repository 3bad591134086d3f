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

// CLS is the largest session window of shifts without recent input (gaps under 1 s, windows at most 5 s long);
// TBT sums what each long task spends beyond 50 ms after the first contentful paint.
export const VITALS_SCRIPT = `(() => {
  if (window.top !== window) return
  const v = { lcp: null, fcp: null, cls: 0, win: 0, winStart: 0, last: 0, tasks: [] }
  Object.defineProperty(window, '__renderVitals', { value: v, enumerable: false })
  // an entry type this browser does not record throws: that metric stays as it is (null)
  const watch = (type, fn) => { try { new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true }) } catch {} }
  watch('largest-contentful-paint', (e) => { v.lcp = e.startTime })
  watch('paint', (e) => { if (e.name === 'first-contentful-paint') v.fcp = e.startTime })
  watch('longtask', (e) => { if (v.tasks.length < 10000) v.tasks.push([e.startTime, e.duration]) })
  watch('layout-shift', (e) => {
    if (e.hadRecentInput) return
    if (v.win > 0 && (e.startTime - v.last < 1000) && (e.startTime - v.winStart < 5000)) v.win += e.value
    else { v.win = e.value; v.winStart = e.startTime }
    v.last = e.startTime
    v.cls = Math.max(v.cls, v.win)
  })
})()`

export interface RawVitals { lcp: number | null, fcp: number | null, cls: number, last: number, tasks: Array<[number, number]>, at: number }

/** Reads what VITALS_SCRIPT gathered; runs in the page. */
export function readVitalsInPage (): RawVitals | null {
  const v = (globalThis as unknown as { __renderVitals?: RawVitals }).__renderVitals
  return v === undefined ? null : { lcp: v.lcp, fcp: v.fcp, cls: v.cls, last: v.last, tasks: v.tasks, at: performance.now() }
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
