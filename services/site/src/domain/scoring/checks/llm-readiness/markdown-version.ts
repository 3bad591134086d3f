import { cutUrl } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'
import { firstOn } from '../../measure.js'

export const markdownVersion: CheckDef = {
  id: 'llm_readiness.markdown_version',
  category: 'llm_readiness',
  max: 1,
  label: 'markdown version offered',
  reads: ['markdown_negotiation', 'llms_txt', 'llms_txt_links'],
  measure: ({ obs, pages, llmsLinksFetched }) => {
    const alternate = firstOn(pages, (p) => p.markdown_alternate)
    if (alternate !== null) return { points: 1, detail: `rel=alternate text/markdown: ${cutUrl(alternate)}` }
    if (obs.markdown_negotiation.served) return { points: 1, detail: 'Accept: text/markdown is honoured' }
    const twin = llmsLinksFetched.find((x) => x.markdown)
    return twin === undefined ? { points: 0, detail: 'no markdown alternate, negotiation or twin' } : { points: 1, detail: `markdown twin ${cutUrl(twin.url)}` }
  },
  gaps: []
}
