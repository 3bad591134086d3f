import type { CheckDef } from '../../check.js'

const DAY = 86_400_000

export const recentLastmod: CheckDef = {
  id: 'freshness.recent_lastmod',
  category: 'freshness',
  max: 2,
  label: 'newest lastmod within 180 days (365: 1)',
  reads: ['sitemap'],
  measure: ({ obs, now }) => {
    const newest = obs.sitemaps.lastmod.newest
    if (newest === null) return { points: 0, detail: 'no valid lastmod' }
    const age = (now.getTime() - Date.parse(newest)) / DAY
    return { points: age <= 180 ? 2 : age <= 365 ? 1 : 0, detail: `newest lastmod ${newest} (${Math.max(0, Math.floor(age))} days old)` }
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
