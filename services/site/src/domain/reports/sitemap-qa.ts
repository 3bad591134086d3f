// Sitemap sample-page QA: every URL sampled from the sitemap should answer 2xx without a redirect,
// name itself as canonical, be indexable and be open to Googlebot.
import type { SiteObservations } from '../observations.js'
import { is2xx, isNoindexDirective } from '../scoring/derive.js'

export interface SitemapQaItem {
  url: string
  status: number | null
  redirected: boolean
  /** null when the page declares no canonical */
  self_canonical: boolean | null
  noindex: boolean
  allowed: { googlebot: boolean, oai_searchbot: boolean }
  lastmod: string | null
  pass: boolean
  problems: string[]
}

export interface SitemapQa {
  source: string | null
  entries_total: number
  sampled: SitemapQaItem[]
  /** share of sampled URLs that pass; null when nothing was sampled from a sitemap */
  pass_share: number | null
}

function sameUrl (a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href
  } catch {
    return a === b
  }
}

export function sitemapSampleQa (obs: SiteObservations, now: Date): SitemapQa {
  const source = obs.sitemaps.files.find((f) => f.kind !== null && f.source !== 'index')?.url ?? null
  const sampled = obs.sample.pages.filter((p) => p.source === 'sitemap').map((p): SitemapQaItem => {
    const page = p.page
    const canonical = page === null || page.canonicals.length === 0 ? null : page.canonicals[0]
    const directives = [...(page?.metaRobots.generic ?? []), ...(page?.metaRobots.byAgent.googlebot ?? []),
      ...p.xRobotsTag.generic, ...(p.xRobotsTag.byAgent.googlebot ?? [])]
    const noindex = directives.some((d) => isNoindexDirective(d, now))
    const redirected = p.fetch.redirects.length > 0
    const selfCanonical = canonical === null ? null : sameUrl(canonical, p.url)
    const problems: string[] = []
    if (!is2xx(p.fetch.status)) problems.push(p.fetch.status === null ? (p.fetch.error?.message ?? 'no response') : `HTTP ${p.fetch.status}`)
    if (redirected) problems.push(`redirects to ${p.fetch.finalUrl ?? '?'}`)
    if (selfCanonical === false) problems.push(`canonical is ${canonical ?? ''}`)
    if (noindex) problems.push('noindex')
    if (!p.allowed.googlebot) problems.push('disallowed for Googlebot')
    return {
      url: p.url,
      status: p.fetch.status,
      redirected,
      self_canonical: selfCanonical,
      noindex,
      allowed: p.allowed,
      lastmod: p.lastmod,
      pass: problems.length === 0,
      problems
    }
  })
  return {
    source,
    entries_total: obs.sitemaps.entries,
    sampled,
    pass_share: sampled.length === 0 ? null : sampled.filter((s) => s.pass).length / sampled.length
  }
}
