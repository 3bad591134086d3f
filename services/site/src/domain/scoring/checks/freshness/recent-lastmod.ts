import { readChildren } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'

const DAY = 86_400_000

export const recentLastmod: CheckDef = {
  id: 'freshness.recent_lastmod',
  category: 'freshness',
  max: 2,
  label: 'newest lastmod within 180 days (365: 1)',
  reads: ['sitemap', 'sitemap_rest'],
  measure: ({ obs, now }) => {
    // of an index with more children than are read, the newest are read (observe-sitemaps.ts), and the detail says so
    const { lastmod: { newest }, children } = obs.sitemaps
    if (newest === null) return { points: 0, detail: `no valid lastmod${readChildren(children)}` }
    const age = (now.getTime() - Date.parse(newest)) / DAY
    const detail = `newest lastmod ${newest} (${Math.max(0, Math.floor(age))} days old)${readChildren(children)}`
    return { points: age <= 180 ? 2 : age <= 365 ? 1 : 0, detail }
  },
  gaps: [
    {
      code: 'stale_sitemap',
      severity: 'low',
      find: ({ d, points, max }) => d.obs.sitemaps.lastmod.newest !== null && points < max,
      recommendation: 'Keep lastmod current: update it when page content changes.'
    }
  ]
}
