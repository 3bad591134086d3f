// Sitemap sample-page QA: every URL sampled from the sitemap should answer 2xx without a redirect,
// name itself as canonical, be indexable and be open to Googlebot (each URL is judged in derive.ts).
import type { Derived, SitemapSampleCheck } from '../derive.js'

export interface SitemapQa {
  source: string | null
  /** page entries in the files read: only the read children's when `children.read` < `children.listed` */
  entries_total: number
  children: { listed: number, read: number }
  sampled: SitemapSampleCheck[]
  /** share of sampled URLs that pass; null when nothing was sampled from a sitemap */
  pass_share: number | null
}

export function sitemapSampleQa (d: Derived): SitemapQa {
  const sampled = d.sitemapSample
  return {
    source: d.obs.sitemaps.files.find((f) => f.kind !== null && f.source !== 'index')?.url ?? null,
    entries_total: d.obs.sitemaps.entries,
    children: d.obs.sitemaps.children,
    sampled,
    pass_share: sampled.length === 0 ? null : sampled.filter((s) => s.pass).length / sampled.length
  }
}
