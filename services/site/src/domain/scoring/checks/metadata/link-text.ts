import { CODE_LIMIT, listed, quote } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'
import { onHomepage } from '../../measure.js'

export const descriptiveLinkText: CheckDef = {
  id: 'metadata.link_text',
  category: 'metadata',
  max: 1,
  label: 'link text that says where the link goes (not "click here")',
  measure: onHomepage(({ links }) => links.generic_text.length === 0
    ? { points: 1, detail: 'no generic link text' }
    : { points: 0, detail: `generic link text: ${listed(links.generic_text, (t) => quote(t, CODE_LIMIT))}` }),
  gaps: [
    {
      code: 'generic_link_text',
      severity: 'low',
      needsHomepage: true,
      find: ({ d }) => (d.home?.links.generic_text.length ?? 0) > 0 && {
        evidence: `links that say nothing about where they go: ${listed(d.home?.links.generic_text ?? [], (t) => quote(t, CODE_LIMIT))}`
      },
      recommendation: 'Write link text that names the target ("pricing plans", not "click here") so search engines and readers know where it goes.'
    }
  ]
}
