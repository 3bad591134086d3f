import type { CheckDef } from '../../check.js'

export const variedLastmods: CheckDef = {
  id: 'freshness.varied_lastmods',
  category: 'freshness',
  max: 1,
  label: 'lastmods vary (not all identical, not all today)',
  reads: ['sitemap', 'sitemap_rest'],
  measure: ({ obs }) => {
    const { valid, distinct, today } = obs.sitemaps.lastmod
    if (valid < 2) return { points: 0, detail: 'fewer than 2 valid lastmods' }
    return {
      points: distinct >= 2 && today < valid ? 1 : 0,
      detail: `${distinct >= 2 ? 'several distinct values' : 'one distinct value'}, ${today} dated today`
    }
  },
  gaps: []
}
