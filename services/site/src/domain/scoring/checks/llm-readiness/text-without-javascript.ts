import { javascriptGapEvidence, renderingReport } from '../../../rendering/rendering-report.js'
import type { CheckDef } from '../../check.js'
import { onHomepage } from '../../measure.js'

export const textWithoutJavascript: CheckDef = {
  id: 'llm_readiness.text_without_javascript',
  category: 'llm_readiness',
  max: 4,
  label: 'main text readable without JavaScript (150+ words; 50+: 2)',
  reads: ['homepage_rest'],
  measure: onHomepage((p) => {
    const words = p.main_text.words
    return { points: words >= 150 ? 4 : words >= 50 ? 2 : 0, detail: `${words} words of text in the raw HTML` }
  }),
  gaps: [
    {
      code: 'content_requires_javascript',
      severity: 'high',
      needsHomepage: true,
      // rendered, a complete render's comparison decides; without the renderer, or when no render completed, little raw
      // text stands for it
      find: ({ d }) => {
        const rendering = renderingReport(d.obs)
        if (rendering.status !== 'measured' || rendering.requires_javascript === null) return (d.home?.main_text.words ?? 0) < 50
        const evidence = javascriptGapEvidence(rendering)
        return evidence !== null && { evidence }
      },
      recommendation: 'Render the main content and navigation on the server (SSR or static HTML): most AI crawlers read the raw HTML only.'
    }
  ]
}
