import type { CheckDef } from '../../check.js'

export const llmsFullTxt: CheckDef = {
  id: 'llm_readiness.llms_full_txt',
  category: 'llm_readiness',
  max: 1,
  label: '/llms-full.txt answers 200',
  reads: ['llms_full_txt'],
  measure: ({ obs }) => {
    const full = obs.llms_full_txt
    const ok = full.fetch.status === 200
    return {
      points: ok && !full.is_html ? 1 : 0,
      detail: `${full.url} answers ${full.fetch.status ?? full.fetch.error?.message ?? 'nothing'}${ok && full.is_html ? ' (HTML)' : ''}`
    }
  },
  gaps: []
}
