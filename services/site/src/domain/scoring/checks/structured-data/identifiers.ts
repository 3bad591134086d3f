import { cut, plural } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'
import { parsedJsonLdBlocks } from './json-ld.js'

export const identifiersOnHost: CheckDef = {
  id: 'structured_data.identifiers',
  category: 'structured_data',
  max: 1,
  label: 'url/@id on this host and no JSON-LD errors',
  reads: ['homepage_rest', 'sampled_pages_rest'],
  measure: (d) => {
    const errors = d.jsonLdErrors
    const idOnHost = d.pages.some((p) => p.structured.id_on_host)
    const detail = errors.length > 0
      ? `${plural(errors.length, 'JSON-LD error')}: ${cut(errors[0], 200)}`
      : idOnHost ? 'identifiers on this host' : 'no url or @id on this host'
    return { points: parsedJsonLdBlocks(d) > 0 && idOnHost && errors.length === 0 ? 1 : 0, detail }
  },
  gaps: [
    {
      code: 'invalid_json_ld',
      severity: 'medium',
      needsHomepage: true,
      find: ({ d }) => d.jsonLdErrors.length > 0,
      recommendation: 'Fix the JSON-LD syntax errors: consumers silently drop blocks that do not parse.'
    }
  ]
}
