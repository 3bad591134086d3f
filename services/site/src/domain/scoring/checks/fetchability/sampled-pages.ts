import { cutByBudget, type Derived } from '../../../derive.js'
import { cut, cutUrl, listed } from '../../../evidence-text.js'
import { is2xx } from '../../../observations.js'
import type { CheckDef } from '../../check.js'
import { shareOf } from '../../measure.js'

export const sampledPagesAnswer: CheckDef = {
  id: 'fetchability.sampled_pages',
  category: 'fetchability',
  max: 2,
  label: 'sampled pages answer 2xx',
  reads: ['sampled_pages'],
  // a page the budget cut, or the site refused for the moment (a 429, a 503), is no answer of the site's: the share is
  // of the pages that answered for good
  measure: ({ obs, homepageOk, sampleFetched: sampled }: Derived) => {
    if (obs.sample.pages.length === 0) {
      return { points: homepageOk ? 2 : 0, detail: `no pages sampled; the homepage ${homepageOk ? 'answered 2xx' : 'failed'}` }
    }
    const ok = sampled.filter((p) => is2xx(p.fetch.status)).length
    const budgetCut = obs.sample.pages.filter((p) => cutByBudget(p.fetch)).length
    const refused = obs.sample.pages.length - sampled.length - budgetCut
    const left = [
      ...(budgetCut === 0 ? [] : [`${budgetCut} more not fetched: the analysis time budget was spent`]),
      ...(refused === 0 ? [] : [`${refused} more refused for the moment`])
    ]
    const unread = left.length === 0 ? '' : ` (${left.join('; ')})`
    return { points: shareOf(2, ok, sampled.length), detail: `${ok} of ${sampled.length} sampled pages answered 2xx${unread}` }
  },
  gaps: [
    {
      code: 'sitemap_sample_errors',
      severity: 'medium',
      find: ({ d }) => {
        const sampled = d.sitemapSample
        // each problem may quote a URL the site chose (a redirect target, a canonical): cut, and the list capped
        const failing = sampled.filter((s) => !s.pass).map((s) => `${cutUrl(s.url)} (${s.problems.map((p) => cut(p, 160)).join(', ')})`)
        const passShare = (sampled.length - failing.length) / sampled.length
        return sampled.length > 0 && passShare < 0.8 &&
          { evidence: `${failing.length} of ${sampled.length} sampled sitemap URLs fail: ${listed(failing, String, '; ')}` }
      },
      recommendation: 'List only canonical, indexable URLs that answer 200 in the sitemap.'
    }
  ]
}
