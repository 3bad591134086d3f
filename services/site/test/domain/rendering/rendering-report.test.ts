import { describe, expect, it } from 'vitest'
import type { SiteObservations } from '../../../src/domain/observations.js'
import type { RenderedPage } from '../../../src/domain/rendering/rendering-facts.js'
import { javascriptCell, javascriptGapEvidence, renderingReport } from '../../../src/domain/rendering/rendering-report.js'

function page (path: string, requires: boolean | null): RenderedPage {
  return {
    url: `https://example.com${path}`,
    final_url: `https://example.com${path}`,
    status: 200,
    stopped: requires === null ? 'timeout' : null,
    error: null,
    requests: 3,
    refused: 0,
    comparison: {
      words: { raw: 0, rendered: 80, only_rendered: 80, only_rendered_share: 1 },
      links: { raw: 0, rendered: 4, only_rendered: 4, navigation_rendered: 4, navigation_only_rendered: 4, examples: [] },
      headings: { raw: 0, rendered: 1, only_rendered: [] },
      head_changes: [],
      requires_javascript: requires
    }
  }
}

function reportOf (...pages: RenderedPage[]) {
  const rendering = { status: 'measured', device: 'test', pages, budget: { requests: 3, bytes: 4000, exhausted: false } } as const
  return renderingReport({ rendering: { rendering, performance: { status: 'not_measured', reason: 'test' } } } as unknown as SiteObservations)
}

describe('renderingReport', () => {
  it('needs JavaScript when a complete render says so, not when complete renders say not, and is undetermined without one', () => {
    expect(reportOf(page('/', null), page('/a', true))).toMatchObject({ requires_javascript: true })
    expect(reportOf(page('/', null), page('/a', false))).toMatchObject({ requires_javascript: false })
    expect(reportOf(page('/', null), page('/a', null))).toMatchObject({ requires_javascript: null })
  })

  it('claims the gap only from complete renders, and names only those pages', () => {
    expect(javascriptGapEvidence(reportOf(page('/', null), page('/a', null)))).toBeNull()
    expect(javascriptGapEvidence(reportOf(page('/', null), page('/a', true)))).toMatch(/^Only after JavaScript runs: \/a: 100% of the main text/)
  })

  it('says in the crawler table what an undetermined homepage render leaves open', () => {
    expect(javascriptCell('GPTBot', reportOf(page('/', null)))).toBe('no (what it misses is undetermined: the render was cut short)')
    expect(javascriptCell('GPTBot', reportOf(page('/', true)))).toBe('no: misses 100% of the homepage\'s main text')
    expect(javascriptCell('Googlebot', reportOf(page('/', null)))).toBe('yes')
  })
})
