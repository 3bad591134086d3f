import type { CapDef } from '../cap.js'

export const missingEntitySchemaCap: CapDef = {
  code: 'missing_entity_schema_cap',
  cap: 80,
  needsHomepage: true,
  applies: (s) => s.organization === null && s.person === null && !s.about
    ? 'no Organization, LocalBusiness or Person markup and no About page'
    : null,
  recommendation: 'Declare the entity behind the site: Organization, LocalBusiness or Person markup, and an About page.'
}
