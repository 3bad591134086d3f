// The rendering side of the report: the comparison per page, who misses what it found, and the gap's evidence.
import type { SiteObservations } from '../observations.js'
import { crawlerSentence, runsJavascript, WITH_JAVASCRIPT, WITHOUT_JAVASCRIPT, type Source } from './javascript-crawlers.js'
import { RENDERING_DISABLED, type PerformanceFacts, type RenderedPage, type RenderingFacts } from './rendering-facts.js'

export type RenderingReport =
  | { status: 'disabled' }
  | { status: 'failed', reason: string }
  | (Extract<RenderingFacts, { status: 'measured' }> & {
    /** a page's main text or navigation exists only after scripts run; null when no page's render completed */
    requires_javascript: boolean | null
    crawlers: { without_javascript: string[], with_javascript: string[], sources: Source[] }
  })

/** true when a complete render found that scripts add the text or navigation, false when complete renders found they do not. */
function requiresJavascript (pages: RenderedPage[]): boolean | null {
  const verdicts = pages.map((p) => p.comparison?.requires_javascript ?? null)
  if (verdicts.includes(true)) return true
  return verdicts.includes(false) ? false : null
}

export function renderingReport (obs: SiteObservations): RenderingReport {
  const facts = (obs.rendering ?? RENDERING_DISABLED).rendering
  if (facts.status !== 'measured') return facts
  return {
    ...facts,
    requires_javascript: requiresJavascript(facts.pages),
    crawlers: { without_javascript: Object.keys(WITHOUT_JAVASCRIPT), with_javascript: Object.keys(WITH_JAVASCRIPT), sources: crawlerSentence().sources }
  }
}

export function performanceReport (obs: SiteObservations): PerformanceFacts {
  return (obs.rendering ?? RENDERING_DISABLED).performance
}

function pageEvidence (page: RenderedPage): string {
  const c = page.comparison
  if (c === null) return ''
  const parts: string[] = []
  if (c.words.only_rendered > 0) {
    parts.push(`${Math.round(c.words.only_rendered_share * 100)}% of the main text (${c.words.only_rendered} of ${c.words.rendered} words)`)
  }
  if (c.links.navigation_only_rendered > 0) parts.push(`${c.links.navigation_only_rendered} of ${c.links.navigation_rendered} navigation links`)
  return `${new URL(page.final_url).pathname}: ${parts.join(' and ')}`
}

/**
 * The content_requires_javascript gap when rendering ran: null when no complete render found a page that needs
 * scripts, else its evidence naming those pages, what only rendering shows, and the crawlers that miss it and those
 * that do not.
 */
export function javascriptGapEvidence (rendering: RenderingReport): string | null {
  if (rendering.status !== 'measured' || rendering.requires_javascript !== true) return null
  const pages = rendering.pages.filter((p) => p.comparison?.requires_javascript === true).map(pageEvidence)
  const who = crawlerSentence()
  return `Only after JavaScript runs: ${pages.join('; ')}. ${who.without}; ${who.with}.`
}

/** The crawler table's cell: whether the crawler runs scripts, and what the site loses with one that does not. */
export function javascriptCell (token: string, rendering: RenderingReport): string {
  const runs = runsJavascript(token)
  if (runs === null) return 'not published'
  if (runs) return 'yes'
  if (rendering.status !== 'measured') return 'no'
  const home = rendering.pages[0]?.comparison
  if (rendering.requires_javascript === null || home?.requires_javascript === null) return 'no (what it misses is undetermined: the render was cut short)'
  if (!rendering.requires_javascript || home === undefined || home === null) return 'no (the content is in the raw HTML)'
  return `no: misses ${Math.round(home.words.only_rendered_share * 100)}% of the homepage's main text`
}
