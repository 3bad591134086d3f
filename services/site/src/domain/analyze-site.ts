import type { Renderer, Screenshots } from '@utility-apis/renderer'
import type { Fetcher } from './collect/fetch-step.js'
import { observeSite } from './collect/observe-site.js'
import type { Target } from './collect/target.js'
import { beginRendering } from './rendering/observe-rendering.js'
import { buildReport } from './report.js'

export interface AnalyzeSiteOptions {
  fetcher: Fetcher
  fetchAs: (userAgent: string) => Fetcher
  clock: () => Date
  budgetMs: number
  maxPages: number
  /** renders pages with JavaScript on (RENDERER=chromium); null or absent: `rendering: {"status": "disabled"}` */
  renderer?: Renderer | null
  /**
   * The caller's: once it aborts (a client that closed its connection, a cancelled job), nothing more is fetched or
   * rendered, and the analysis throws the signal's reason instead of a report that was cut short for no one.
   */
  signal?: AbortSignal
  /** Asks the renderer for the homepage's two screenshots (for the HTML report), handed here and nowhere else */
  onScreenshots?: (shots: Screenshots) => void
}

/** The report of `POST /v1/site-intel/analyze` (JSON), for the route and for a job's items alike. */
export async function analyzeSite (target: Target, options: AnalyzeSiteOptions) {
  const started = Date.now()
  const { signal } = options
  const msLeft = (): number => signal?.aborted === true ? 0 : options.budgetMs - (Date.now() - started)
  const rendering = beginRendering(options.renderer ?? null, msLeft, options.onScreenshots)
  const observed = await observeSite(target, {
    signal,
    fetcher: options.fetcher,
    fetchAs: options.fetchAs,
    now: options.clock(),
    budgetMs: options.budgetMs,
    maxPages: options.maxPages,
    onHomepage: rendering.startHomepage
  })
  signal?.throwIfAborted()
  const rendered = await rendering.finish(observed)
  signal?.throwIfAborted()
  return buildReport({ ...observed, rendering: rendered }, options.clock())
}
