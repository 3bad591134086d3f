import type { CapDef } from '../cap.js'

export const noindexCap: CapDef = {
  code: 'noindex_cap',
  cap: 40,
  needsHomepage: false,
  applies: (_s, { noindex }) => noindex.length > 0 ? noindex.join('; ') : null,
  recommendation: 'Remove noindex from the homepage so engines may use it.'
}
