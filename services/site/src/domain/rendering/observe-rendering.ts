// The optional rendering step: the homepage and up to 3 sampled pages loaded in Chromium with scripts on, each compared
// with the HTML the server sent, and the homepage's lab Core Web Vitals. The homepage renders while the crawl runs,
// the sampled pages once it has picked them, all within the step's own budget.
import {
  createRenderBudget, DEVICE_PROFILE, rate, RendererError, THRESHOLDS, type RenderBudget, type Renderer, type RenderResult, type Screenshots
} from '@utility-apis/renderer'
import { is2xx, type HomepageFacts, type SiteObservations } from '../observations.js'
import { compareRender } from './compare-render.js'
import { pageView } from './page-view.js'
import {
  RENDERING_DISABLED, renderingFailed, type Metric, type PerformanceFacts, type RenderedPage, type RenderingObservation
} from './rendering-facts.js'

export const RENDERED_SAMPLE = 3
/** Pages rendered at once across the service: one analysis's four side by side. */
export const RENDER_CONCURRENCY = 1 + RENDERED_SAMPLE
/** The whole step: every page shares these. */
export const RENDER_BUDGET = { timeMs: 6000, requests: 400, bytes: 16 * 1024 * 1024 }
const MIN_RENDER_MS = 1000
/** Kept of the analysis's time after the renders' deadline, to build the report and send it. */
const ANSWER_RESERVE_MS = 250
export const PAGE_LIMITS = { timeoutMs: 5000, maxRequests: 150, maxBytes: 8 * 1024 * 1024 }
/** Each of the homepage's two screenshots (HTML report only) */
const SCREENSHOT_MAX_BYTES = 60 * 1024

function metric (name: keyof typeof THRESHOLDS, value: number | null): Metric {
  return { value, rating: value === null ? null : rate(name, value), ...THRESHOLDS[name] }
}

function renderedPage (url: string, r: RenderResult): RenderedPage {
  const raw = r.raw === null ? null : pageView(r.raw.body, r.raw.contentType, r.finalUrl)
  // the DOM is serialised as UTF-8 text, whatever the document's own charset
  const rendered = r.html === null ? null : pageView(Buffer.from(r.html), 'text/html; charset=utf-8', r.finalUrl)
  const error = r.error ?? (r.html === null ? `not rendered (${r.stopped ?? 'no document'})` : raw === null ? 'not HTML' : null)
  const comparison = raw === null || rendered === null ? null : compareRender(raw, rendered)
  return {
    url,
    final_url: r.finalUrl,
    status: r.status,
    stopped: r.stopped,
    error,
    requests: r.requests,
    refused: r.refusedCount,
    // a page cut short may not have shown what its scripts add yet: what it showed is reported, the verdict is not made
    comparison: comparison === null || r.stopped === null ? comparison : { ...comparison, requires_javascript: null }
  }
}

/** The homepage's lab vitals when every metric has a value; else why not. */
function homeVitals (homepage: RenderResult | undefined): { url: string, lcp: number, cls: number, tbt: number } | string {
  if (homepage === undefined) return 'the homepage was not rendered'
  if (homepage.stopped !== null || homepage.error !== null) return `the homepage did not settle (${homepage.stopped ?? homepage.error ?? ''})`
  const v = homepage.vitals
  if (v === null) return 'the homepage\'s main thread did not go quiet in time'
  if (v.lcp_ms === null) return 'the homepage painted no content'
  return { url: homepage.finalUrl, lcp: v.lcp_ms, cls: v.cls, tbt: v.tbt_ms }
}

function performanceOf (homepage: RenderResult | undefined): PerformanceFacts {
  const vitals = homeVitals(homepage)
  if (typeof vitals === 'string') return { status: 'not_measured', reason: vitals }
  return {
    status: 'measured',
    url: vitals.url,
    device: DEVICE_PROFILE.name,
    viewport: `${DEVICE_PROFILE.viewport.width}x${DEVICE_PROFILE.viewport.height} @${DEVICE_PROFILE.deviceScaleFactor}x, touch`,
    cpu_slowdown: DEVICE_PROFILE.cpuSlowdown,
    network: 'not throttled: every response is the service\'s own fetch of the site',
    lcp_ms: metric('lcp_ms', vitals.lcp),
    cls: metric('cls', vitals.cls),
    tbt_ms: metric('tbt_ms', vitals.tbt)
  }
}

/** The pages worth rendering: the homepage and the first sampled pages that answered 2xx with HTML. */
function pagesToRender (obs: SiteObservations): string[] {
  const home = obs.homepage.page === null ? null : obs.homepage.fetch.final_url
  const sampled = obs.sample.pages.filter((p) => is2xx(p.fetch.status) && p.page !== null).map((p) => p.fetch.final_url ?? p.url)
  return [...new Set([...(home === null ? [] : [home]), ...sampled])].slice(0, 1 + RENDERED_SAMPLE)
}

type Rendered = { result: RenderResult } | { error: unknown }

export interface RenderingStep {
  /** Starts the homepage's render as soon as its raw fetch answered HTML, while the crawl picks the sampled pages. */
  startHomepage: (homepage: HomepageFacts) => void
  /** Renders the sampled pages beside the homepage's and reads them all. */
  finish: (obs: SiteObservations) => Promise<RenderingObservation>
}

/**
 * The rendering step of one analysis, within what `msLeft` says is left of its time budget (never more than
 * RENDER_BUDGET.timeMs, counted from the first render, and ending ANSWER_RESERVE_MS before the analysis's own end:
 * every render answers by then, whatever its page does).
 */
export function beginRendering (renderer: Renderer | null, msLeft: () => number, onScreenshots?: (shots: Screenshots) => void): RenderingStep {
  if (renderer === null) return { startHomepage: () => {}, finish: async () => RENDERING_DISABLED }
  const renderMsLeft = (): number => Math.floor(msLeft()) - ANSWER_RESERVE_MS
  let budget: RenderBudget | null = null
  let early: { url: string, rendered: Promise<Rendered> } | null = null
  const budgetNow = (): RenderBudget => {
    budget ??= createRenderBudget({ ...RENDER_BUDGET, timeMs: Math.max(0, Math.min(RENDER_BUDGET.timeMs, renderMsLeft())) })
    return budget
  }
  // the homepage is measured with everything it loads; the other pages only need their DOM
  const render = async (url: string, home: boolean): Promise<RenderResult> =>
    await renderer.render(url, {
      ...PAGE_LIMITS,
      budget: budgetNow(),
      vitals: home,
      skipMedia: !home,
      ...(home && onScreenshots !== undefined ? { screenshots: { maxBytes: SCREENSHOT_MAX_BYTES } } : {})
    })
  return {
    startHomepage (homepage) {
      const url = homepage.page === null ? null : homepage.fetch.final_url
      if (url === null || renderMsLeft() < MIN_RENDER_MS) return
      // settled here, so that an analysis that fails before finish() leaves no unhandled rejection
      early = { url, rendered: render(url, true).then((result) => ({ result }), (error: unknown) => ({ error })) }
    },
    async finish (obs) {
      const urls = pagesToRender(obs)
      const reason = urls.length === 0 ? 'no page answered with HTML' : early === null && renderMsLeft() < MIN_RENDER_MS ? 'the time budget was spent' : null
      if (reason !== null) return renderingFailed(reason)
      const homeUrl = obs.homepage.page === null ? null : urls[0]
      const renderOne = async (url: string): Promise<RenderResult> => {
        if (early === null || url !== early.url) return await render(url, url === homeUrl)
        const rendered = await early.rendered
        if ('error' in rendered) throw rendered.error
        return rendered.result
      }
      let results: RenderResult[]
      try {
        results = await Promise.all(urls.map(renderOne))
      } catch (error) {
        if (!(error instanceof RendererError)) throw error
        return renderingFailed(`the renderer is unavailable: ${error.message}`)
      }
      const used = budgetNow()
      // the pictures go to the HTML report alone, never into the observations (nor the JSON answer)
      const shots = homeUrl === null ? null : results[0].screenshots
      if (shots !== null) onScreenshots?.(shots)
      return {
        rendering: {
          status: 'measured',
          device: DEVICE_PROFILE.name,
          pages: results.map((r, i) => renderedPage(urls[i], r)),
          budget: { requests: RENDER_BUDGET.requests - used.requestsLeft, bytes: RENDER_BUDGET.bytes - used.bytesLeft, exhausted: used.exhausted }
        },
        performance: performanceOf(homeUrl === null ? undefined : results[0])
      }
    }
  }
}
