import { quote } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'

export const llmsTxtShape: CheckDef = {
  id: 'llm_readiness.llms_txt_shape',
  category: 'llm_readiness',
  max: 3,
  label: 'llms.txt shape: H1, a markdown link, a blockquote summary',
  reads: ['llms_txt'],
  measure: ({ obs }) => {
    const l = obs.llms_txt
    const shape = l.fetch.status === 200 && !l.is_html ? l.shape : null
    if (shape === null) return { points: 0, detail: 'no llms.txt' }
    return {
      points: (shape.title !== null ? 1 : 0) + (shape.links > 0 ? 1 : 0) + (shape.summary !== null ? 1 : 0),
      detail: shape.problems.length === 0 ? `${quote(shape.title ?? '')}, ${shape.links} links` : shape.problems.join('; ')
    }
  },
  gaps: [
    {
      code: 'invalid_llms_txt',
      severity: 'medium',
      find: ({ d }) => {
        const l = d.obs.llms_txt
        if (l.fetch.status !== 200) return false
        if (l.is_html) return { evidence: `${l.url} answers an HTML page`, checks: ['llm_readiness.llms_txt', 'llm_readiness.llms_txt_shape'] }
        return l.shape !== null && (l.shape.title === null || l.shape.links === 0) && { evidence: l.shape.problems.join('; ') }
      },
      recommendation: 'Serve /llms.txt as markdown: an H1 with the site name, a > summary, and H2 sections listing [name](url) links.'
    }
  ]
}
