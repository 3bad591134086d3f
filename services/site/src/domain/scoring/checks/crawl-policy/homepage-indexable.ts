import type { CheckDef } from '../../check.js'

export const homepageIndexable: CheckDef = {
  id: 'crawl_policy.homepage_indexable',
  category: 'crawl_policy',
  max: 4,
  label: 'no noindex on the homepage',
  measure: ({ homepageOk, noindex, notMeasured }) => {
    if (!homepageOk) return { points: 0, detail: notMeasured ?? '' }
    return noindex.length === 0 ? { points: 4, detail: 'no noindex' } : { points: 0, detail: noindex.join('; ') }
  },
  gaps: [
    {
      code: 'homepage_noindex',
      severity: 'high',
      find: ({ d }) => d.noindex.length > 0,
      recommendation: 'Remove the noindex (meta robots or X-Robots-Tag) from the homepage unless hiding it from search is intended.'
    }
  ]
}
