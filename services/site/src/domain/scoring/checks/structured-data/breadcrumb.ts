import type { CheckDef } from '../../check.js'

export const breadcrumbSchema: CheckDef = {
  id: 'structured_data.breadcrumb',
  category: 'structured_data',
  max: 1,
  label: 'BreadcrumbList on a page below the homepage',
  reads: ['sampled_pages', 'sampled_pages_rest'],
  measure: ({ samplePages }) => {
    if (samplePages.some((p) => p.structured.breadcrumb)) return { points: 1, detail: 'BreadcrumbList found' }
    return { points: 0, detail: samplePages.length === 0 ? 'no sampled pages' : 'no BreadcrumbList on sampled pages' }
  },
  gaps: [
    {
      code: 'missing_breadcrumb_schema',
      severity: 'low',
      needsHomepage: true,
      find: ({ d, points }) => points === 0 && d.samplePages.length > 0,
      recommendation: 'Add BreadcrumbList markup to pages below the homepage.'
    }
  ]
}
