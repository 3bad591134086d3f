import type { CheckDef } from '../../check.js'

export const llmsTxtServed: CheckDef = {
  id: 'llm_readiness.llms_txt',
  category: 'llm_readiness',
  max: 3,
  label: '/llms.txt answers 200 with text, not HTML',
  reads: ['llms_txt'],
  measure: ({ obs }) => {
    const l = obs.llms_txt
    if (l.fetch.status === 200 && !l.is_html) return { points: 3, detail: `${l.url} found` }
    if (l.fetch.status === 200) return { points: 0, detail: `${l.url} answers an HTML page` }
    return { points: 0, detail: `${l.url} answers ${l.fetch.status ?? l.fetch.error?.message ?? 'nothing'}` }
  },
  gaps: [
    {
      code: 'missing_llms_txt',
      severity: 'low',
      checks: ['llm_readiness.llms_txt', 'llm_readiness.llms_txt_shape', 'llm_readiness.llms_txt_links'],
      find: ({ d }) => d.obs.llms_txt.fetch.status !== 200,
      recommendation: 'Publish /llms.txt (llmstxt.org) pointing AI tools at your key pages in markdown.'
    }
  ]
}
