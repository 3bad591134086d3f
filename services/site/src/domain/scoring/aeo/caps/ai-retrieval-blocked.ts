import type { CapDef } from '../cap.js'

export const aiRetrievalBlockedCap: CapDef = {
  code: 'ai_retrieval_blocked_cap',
  cap: 40,
  needsHomepage: false,
  applies: (_s, { aiSearch, challenge, unmeasured }) => {
    if (challenge !== null) return challenge
    // a robots.txt the time budget cut reads as disallowing everything, which says nothing of what the site allows
    if (aiSearch.share >= 0.5 || unmeasured.robots_txt !== undefined) return null
    return `${aiSearch.allowed.length} of ${aiSearch.allowed.length + aiSearch.blocked.length} AI search and user-fetch bots allowed`
  },
  recommendation: 'Let AI search and user-fetch crawlers read the site (robots.txt and bot protection).'
}
