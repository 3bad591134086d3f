import { plural } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'
import { onHomepage } from '../../measure.js'

export const crawlableLinks: CheckDef = {
  id: 'metadata.crawlable_links',
  category: 'metadata',
  max: 1,
  label: 'links crawlers can follow (an href, not javascript:)',
  measure: onHomepage(({ links }) => links.non_crawlable === 0
    ? { points: 1, detail: 'every link can be followed' }
    : { points: 0, detail: `${plural(links.non_crawlable, 'link')} cannot be followed: ${links.non_crawlable_examples.join(', ')}` }),
  gaps: [
    {
      code: 'non_crawlable_links',
      severity: 'low',
      needsHomepage: true,
      find: ({ d }) => (d.home?.links.non_crawlable ?? 0) > 0 && {
        evidence: `${plural(d.home?.links.non_crawlable ?? 0, 'link')} crawlers cannot follow: ${d.home?.links.non_crawlable_examples.join(', ') ?? ''}`
      },
      recommendation: 'Make every navigation link an <a> with a real href (not javascript: or a missing href) so crawlers can follow it.'
    }
  ]
}
