// Raw HTML against the DOM after scripts: what a crawler that does not run JavaScript misses.
import { HEAD_FIELDS, type HeadField, type PageView } from './page-view.js'

const EXAMPLES = 5
// a page "needs JavaScript" when this share of its rendered main text, and at least MIN_WORDS words, exist only
// after rendering, or when its navigation does
const TEXT_SHARE = 0.25
const MIN_WORDS = 20
const MIN_NAVIGATION = 3

interface HeadChange { field: HeadField, raw: string | null, rendered: string | null }

export interface RenderComparison {
  words: { raw: number, rendered: number, only_rendered: number, only_rendered_share: number }
  links: { raw: number, rendered: number, only_rendered: number, navigation_rendered: number, navigation_only_rendered: number, examples: string[] }
  headings: { raw: number, rendered: number, only_rendered: string[] }
  /** title, description, canonical, robots meta and JSON-LD that scripts added, changed or removed */
  head_changes: HeadChange[]
  /** whether a crawler without scripts misses the page's text or navigation; null: undetermined, the render was cut short */
  requires_javascript: boolean | null
}

/** Rendered words not matched by a raw word, each raw occurrence matching once. */
function wordsOnlyRendered (raw: string[], rendered: string[]): number {
  const left = new Map<string, number>()
  for (const word of raw) left.set(word, (left.get(word) ?? 0) + 1)
  let only = 0
  for (const word of rendered) {
    const count = left.get(word) ?? 0
    if (count > 0) left.set(word, count - 1)
    else only++
  }
  return only
}

const missing = (raw: Set<string>, rendered: Set<string>): string[] => [...rendered].filter((x) => !raw.has(x))

export function compareRender (raw: PageView, rendered: PageView): RenderComparison {
  const onlyWords = wordsOnlyRendered(raw.words, rendered.words)
  const share = rendered.words.length === 0 ? 0 : Math.round((onlyWords / rendered.words.length) * 100) / 100
  const onlyLinks = missing(raw.links, rendered.links)
  const onlyNavigation = missing(raw.navigation, rendered.navigation)
  const rawHeadings = new Set(raw.headings)
  const textNeeds = onlyWords >= MIN_WORDS && share >= TEXT_SHARE
  const navigationNeeds = onlyNavigation.length >= MIN_NAVIGATION && onlyNavigation.length * 2 >= rendered.navigation.size
  return {
    words: { raw: raw.words.length, rendered: rendered.words.length, only_rendered: onlyWords, only_rendered_share: share },
    links: {
      raw: raw.links.size,
      rendered: rendered.links.size,
      only_rendered: onlyLinks.length,
      navigation_rendered: rendered.navigation.size,
      navigation_only_rendered: onlyNavigation.length,
      examples: onlyLinks.slice(0, EXAMPLES)
    },
    headings: {
      raw: raw.headings.length,
      rendered: rendered.headings.length,
      only_rendered: rendered.headings.filter((h) => !rawHeadings.has(h)).slice(0, EXAMPLES)
    },
    head_changes: HEAD_FIELDS.filter((field) => raw.head[field] !== rendered.head[field])
      .map((field) => ({ field, raw: raw.head[field], rendered: rendered.head[field] })),
    requires_javascript: textNeeds || navigationNeeds
  }
}
