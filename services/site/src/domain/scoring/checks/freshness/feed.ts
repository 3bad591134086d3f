import { cutUrl } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'

export const feedAdvertised: CheckDef = {
  id: 'freshness.feed',
  category: 'freshness',
  max: 1,
  label: 'RSS or Atom feed advertised',
  measure: ({ home }) => {
    const feeds = home?.feeds ?? []
    return feeds.length > 0 ? { points: 1, detail: `feed ${cutUrl(feeds[0])}` } : { points: 0, detail: 'no feed link on the homepage' }
  },
  gaps: []
}
