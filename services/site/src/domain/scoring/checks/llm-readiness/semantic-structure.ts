import type { CheckDef } from '../../check.js'
import { onHomepage } from '../../measure.js'

export const semanticStructure: CheckDef = {
  id: 'llm_readiness.semantic_structure',
  category: 'llm_readiness',
  max: 2,
  label: '<main> or <article> with 2+ h2 or a list or table',
  reads: ['homepage_rest'],
  measure: onHomepage((p) => {
    const t = p.main_text
    const container = t.has_main ? '<main>' : t.has_article ? '<article>' : 'no <main> or <article>'
    const structured = (t.has_main || t.has_article) && (p.headings.h2 >= 2 || t.lists + t.tables > 0)
    return { points: structured ? 2 : 0, detail: `${container}, ${p.headings.h2} h2, ${t.lists} lists, ${t.tables} tables` }
  }),
  gaps: []
}
