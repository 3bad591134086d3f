import type { CapDef } from '../cap.js'

export const homepageUnfetchableCap: CapDef = {
  code: 'homepage_unfetchable_cap',
  cap: 20,
  needsHomepage: false,
  applies: (_s, d) => d.homepageOk ? null : 'the homepage could not be fetched as HTML',
  recommendation: 'Make the homepage reachable: nothing can be cited from a site that cannot be fetched.'
}
