import { percent, readChildren } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'

export const sitemapLastmodCoverage: CheckDef = {
  id: 'freshness.lastmod_coverage',
  category: 'freshness',
  max: 3,
  label: 'sitemap lastmod on 80% of entries (30%: 1)',
  reads: ['sitemap', 'sitemap_rest'],
  measure: ({ obs }) => {
    const s = obs.sitemaps
    if (s.entries === 0) return { points: 0, detail: 'no sitemap entries' }
    const share = s.lastmod.valid / s.entries
    return {
      points: share >= 0.8 ? 3 : share >= 0.3 ? 1 : 0,
      detail: `${s.lastmod.valid} of ${s.entries} entries${readChildren(s.children)} have a valid lastmod (${percent(share)})`
    }
  },
  gaps: [
    {
      code: 'missing_lastmod',
      severity: 'low',
      find: ({ d, points, max }) => d.obs.sitemaps.entries > 0 && points < max,
      recommendation: 'Give every sitemap entry an accurate <lastmod> in W3C Datetime format.'
    }
  ]
}
