import { cutUrl } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'

export const statedDates: CheckDef = {
  id: 'freshness.stated_dates',
  category: 'freshness',
  max: 2,
  label: 'a page states its dates (schema, article:*_time or <time>)',
  reads: ['homepage_rest', 'sampled_pages_rest'],
  measure: ({ pages }) => {
    const dated = pages.find((p) => p.structured.date_modified !== null || p.structured.date_published !== null ||
      p.og.modified_time !== null || p.og.published_time !== null || p.times > 0)
    return dated === undefined
      ? { points: 0, detail: 'no published or modified date on the analysed pages' }
      : { points: 2, detail: `dates on ${cutUrl(dated.url)}` }
  },
  gaps: [
    {
      code: 'missing_content_dates',
      severity: 'low',
      needsHomepage: true,
      find: ({ points }) => points === 0,
      recommendation: 'State published and modified dates (datePublished/dateModified, article:modified_time or <time datetime>).'
    }
  ]
}
