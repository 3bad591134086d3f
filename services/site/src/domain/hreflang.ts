// hreflang annotations as Google reads them (developers.google.com/search/docs/specialty/international):
// each code is an ISO 639 language, optionally with a script and an ISO 3166-1 region, or x-default;
// hrefs are absolute; each code names one URL; a page lists itself; and a page it lists lists it back.
// Codes are judged with the runtime's ICU data (Intl), which knows every language and region code.
import { CODE_LIMIT, cutUrl, quote } from './evidence-text.js'
import type { PageFacts } from './observations.js'

const LANGUAGE = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' })
const REGION = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })

/** The English name of a code, or undefined when ICU has none (it throws for a few, BCP 47's `und` among them). */
function nameOf (names: Intl.DisplayNames, code: string): string | undefined {
  try {
    return names.of(code)
  } catch {
    // ICU refuses to name it (RangeError): no language or region a reader would know
    return undefined
  }
}

/** Why a code is not a valid hreflang value, or null when it is one. */
export function hreflangCodeProblem (code: string): string | null {
  if (code.toLowerCase() === 'x-default') return null
  // the code is the page's to choose, of any length: quoted cut, so a problem stays one short line
  const quoted = quote(code, CODE_LIMIT)
  if (code.includes('_')) return `${quoted} separates with "_" where hreflang needs "-"`
  let locale: Intl.Locale
  try {
    locale = new Intl.Locale(code)
  } catch {
    return `${quoted} is not a language code`
  }
  if (nameOf(LANGUAGE, locale.language) === undefined || locale.language.length > 3) return `${quoted} is not a language code`
  const parts = /^[a-z]{2,3}(?:-[a-z]{4})?(?:-([a-z]{2}|\d{3}))?$/i.exec(code)
  // a variant or an extension (en-US-x-uk, fr-FR-1996) is no form hreflang takes, and would hide a bogus region
  if (parts === null) return `${quoted} is not a language with an optional script and region: hreflang takes no variant or extension`
  const region = parts[1]
  // ICU maps aliases such as UK to GB; hreflang wants the ISO code itself
  if (region === undefined) return null
  const alias = locale.region !== undefined && locale.region.toUpperCase() !== region.toUpperCase()
  if (alias || nameOf(REGION, region.toUpperCase()) === undefined) {
    return `${quoted} names no ISO 3166-1 region${alias ? ` (use ${locale.language}-${locale.region as string})` : ''}`
  }
  return null
}

/** A URL in one spelling, so that two spellings of the same address compare equal as strings; relative ones resolved. */
function normalUrl (url: string, base?: string): string {
  try {
    return new URL(url, base).href
  } catch {
    return url
  }
}

/** Problems listed in the evidence; the rest are counted, so a page with thousands of bad annotations stays readable. */
export const LISTED_HREFLANG_ERRORS = 20

export interface HreflangReview {
  /** pages analysed that carry hreflang annotations */
  annotated: number
  /** what makes Google ignore annotations (each with its page), the first LISTED_HREFLANG_ERRORS, then how many more */
  errors: string[]
  /** what Google recommends and the pages lack */
  warnings: string[]
}

/** Distinct problems in the order found: the first ones listed, the others counted. */
class ProblemList {
  private readonly listed = new Set<string>()
  private readonly unlisted = new Set<string>()
  add (problem: string): void {
    if (this.listed.has(problem)) return
    if (this.listed.size < LISTED_HREFLANG_ERRORS) this.listed.add(problem)
    else this.unlisted.add(problem)
  }

  list (): string[] {
    const more = this.unlisted.size
    return more === 0 ? [...this.listed] : [...this.listed, `and ${more} more hreflang ${more === 1 ? 'problem' : 'problems'}`]
  }
}

/**
 * Reviews the hreflang annotations of the analysed pages (the homepage first, then the sampled ones). Every URL
 * is normalised once and looked up in maps, so the work grows with the number of annotations, not its square.
 */
export function reviewHreflang (pages: PageFacts[]): HreflangReview {
  const errors = new ProblemList()
  const warnings: string[] = []
  const annotated = pages.filter((p) => p.hreflang.length > 0).map((page) => ({
    page,
    url: normalUrl(page.url),
    // hrefs are kept as written (a relative one is quoted as the page wrote it); compared resolved against the page
    entries: page.hreflang.map((entry) => ({ ...entry, url: normalUrl(entry.href, page.url) }))
  }))
  const byUrl = new Map(annotated.map((a) => [a.url, a]))
  const linksTo = new Map(annotated.map((a) => [a, new Set(a.entries.map((entry) => entry.url))]))
  const codeProblems = new Map<string, string | null>()
  for (const a of annotated) {
    const on = (text: string): string => `${cutUrl(a.page.url)}: ${text}`
    const byCode = new Map<string, Set<string>>()
    for (const entry of a.entries) {
      if (!codeProblems.has(entry.hreflang)) codeProblems.set(entry.hreflang, hreflangCodeProblem(entry.hreflang))
      const problem = codeProblems.get(entry.hreflang)
      if (problem !== null && problem !== undefined) errors.add(on(problem))
      if (entry.relative) {
        errors.add(on(`the href of ${quote(entry.hreflang, CODE_LIMIT)} is relative (${cutUrl(entry.href)}); hreflang needs absolute URLs`))
      }
      const code = entry.hreflang.toLowerCase()
      byCode.set(code, (byCode.get(code) ?? new Set()).add(entry.url))
    }
    for (const [code, urls] of byCode) {
      if (urls.size > 1) errors.add(on(`${quote(code, CODE_LIMIT)} names ${urls.size} different URLs`))
    }
    if (!linksTo.get(a)?.has(a.url)) errors.add(on('does not list itself among its hreflang alternates'))
    if (!byCode.has('x-default')) warnings.push(on('no x-default alternate for visitors of other languages'))
    for (const entry of a.entries) {
      const target = byUrl.get(entry.url)
      if (target !== undefined && target !== a && !linksTo.get(target)?.has(a.url)) {
        errors.add(on(`${cutUrl(target.page.url)} (${quote(entry.hreflang, CODE_LIMIT)}) does not link back`))
      }
    }
  }
  return { annotated: annotated.length, errors: errors.list(), warnings }
}
