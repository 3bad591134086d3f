import { is2xx } from '../../../observations.js'
import type { CheckDef } from '../../check.js'

export const llmsTxtLinksAnswer: CheckDef = {
  id: 'llm_readiness.llms_txt_links',
  category: 'llm_readiness',
  max: 1,
  label: 'llms.txt links answer 2xx (80% of up to 5)',
  reads: ['llms_txt', 'llms_txt_links'],
  // a link the budget cut is no answer of the site's: the share is of the links fetched
  measure: ({ llmsLinksFetched: checked }) => {
    if (checked.length === 0) return { points: 0, detail: 'no links checked' }
    const good = checked.filter((x) => is2xx(x.status)).length
    return { points: good / checked.length >= 0.8 ? 1 : 0, detail: `${good} of ${checked.length} links answered 2xx` }
  },
  gaps: []
}
