import type { ParagraphRef } from './collect.js'
import { boundedText } from './dom.js'

const MIN_CHARS = 50
const MIN_WORDS = 8
// The page's lead is read, not its whole text: a paragraph may hold megabytes, or (unclosed) the rest of the page.
const MAX_CHARS = 5000
// Cookie banners and "enable JavaScript" notices are paragraphs too, and never the page's lead.
const BOILERPLATE = new RegExp('\\b(?:we use cookies|use of cookies|cookie (?:policy|settings|preferences|consent)|' +
  'accept (?:all )?cookies|consent|enable javascript|javascript is (?:disabled|required)|' +
  'browser is (?:not supported|out of date))\\b', 'i')

/**
 * The first substantial paragraph: inside main/article after the first h1, then inside main/article, then after
 * the first h1, then anywhere (nav and footer paragraphs are never collected).
 */
export function findFirstParagraph (paragraphs: ParagraphRef[]): string | null {
  const texts = new Map<ParagraphRef, string>()
  const groups: Array<(p: ParagraphRef) => boolean> = [
    (p) => p.inMain && p.afterH1,
    (p) => p.inMain,
    (p) => p.afterH1,
    () => true
  ]
  for (const inGroup of groups) {
    for (const p of paragraphs) {
      if (!inGroup(p)) continue
      let text = texts.get(p)
      if (text === undefined) {
        text = boundedText(p.el, MAX_CHARS)
        texts.set(p, text)
      }
      if (text.length >= MIN_CHARS && text.split(' ').length >= MIN_WORDS && !BOILERPLATE.test(text)) return text
    }
  }
  return null
}
