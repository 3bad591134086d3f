import type { CapDef } from '../cap.js'

export const jsOnlyContentCap: CapDef = {
  code: 'js_only_content_cap',
  cap: 50,
  needsHomepage: true,
  applies: (_s, { home }) => (home?.main_text.words ?? 0) < 50 ? `${home?.main_text.words ?? 0} words of text in the raw HTML` : null,
  recommendation: 'Serve the main content as HTML; AI fetchers mostly do not run JavaScript.'
}
