import { CODE_LIMIT, cut } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'
import { onHomepage } from '../../measure.js'

export const utf8Charset: CheckDef = {
  id: 'metadata.charset',
  category: 'metadata',
  max: 1,
  label: 'utf-8 charset declared',
  measure: onHomepage((p) => ({
    points: p.charset === 'utf-8' ? 1 : 0,
    detail: p.charset === null ? 'no charset declared' : `charset ${cut(p.charset, CODE_LIMIT)}`
  })),
  gaps: []
}
