import { CODE_LIMIT, quote } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'
import { onHomepage } from '../../measure.js'

export const htmlLang: CheckDef = {
  id: 'metadata.html_lang',
  category: 'metadata',
  max: 1,
  label: '<html lang>',
  measure: onHomepage((p) => ({
    points: p.lang !== null && p.lang.trim() !== '' ? 1 : 0,
    detail: p.lang === null ? 'no lang attribute' : `lang=${quote(p.lang, CODE_LIMIT)}`
  })),
  gaps: [
    {
      code: 'missing_lang',
      severity: 'low',
      needsHomepage: true,
      find: ({ points }) => points === 0,
      recommendation: 'Declare the page language: <html lang="en">.'
    }
  ]
}
