import { plural } from '../../../evidence-text.js'
import type { CapDef } from '../cap.js'

export const missingFaqAnswerDepthCap: CapDef = {
  code: 'missing_faq_answer_depth_cap',
  cap: 70,
  needsHomepage: true,
  applies: ({ answers }) => answers.length >= 3 ? null : `${plural(answers.length, 'question')} with a 40+ word answer`,
  recommendation: 'Answer the questions your visitors ask: question headings (or FAQPage markup) each followed by a 40+ word answer, at least three.'
}
