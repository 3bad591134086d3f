// What the rendering step observed, as the observations hold it: the pages rendered, each compared with its raw HTML,
// and the homepage's lab Core Web Vitals. Collection (observe-rendering.ts) fills it; the report reads it.
import type { Rating, StopReason } from '@utility-apis/renderer'
import type { RenderComparison } from './compare-render.js'

export interface RenderedPage {
  url: string
  final_url: string
  status: number | null
  /**
   * null when the render completed (the page loaded and its network went quiet); else what cut it short: timeout,
   * requests, bytes, crashed, dialogs, browser_crashed, error. A verdict about what scripts add needs a complete render.
   */
  stopped: StopReason | null
  /** the document could not be fetched (its error code), or the DOM could not be read */
  error: string | null
  requests: number
  /** requests the page made that were refused (private addresses, budgets, WebSockets, new windows, other schemes) */
  refused: number
  comparison: RenderComparison | null
}

export type RenderingFacts =
  | { status: 'disabled' }
  | { status: 'failed', reason: string }
  | { status: 'measured', device: string, pages: RenderedPage[], budget: { requests: number, bytes: number, exhausted: boolean } }

export interface Metric { value: number | null, rating: Rating | null, good: number, poor: number }

export type PerformanceFacts =
  | { status: 'not_measured', reason: string }
  | {
    status: 'measured'
    url: string
    device: string
    viewport: string
    cpu_slowdown: number
    network: string
    lcp_ms: Metric
    cls: Metric
    tbt_ms: Metric
  }

/** The rendering step's findings. */
export interface RenderingObservation { rendering: RenderingFacts, performance: PerformanceFacts }

export const RENDERING_DISABLED: RenderingObservation = {
  rendering: { status: 'disabled' },
  performance: { status: 'not_measured', reason: 'rendering is disabled' }
}

/** Rendering that did not run, for `reason`: neither the comparison nor the vitals. */
export function renderingFailed (reason: string): RenderingObservation {
  return { rendering: { status: 'failed', reason }, performance: { status: 'not_measured', reason } }
}
