// hreflang annotations as Google reads them (developers.google.com/search/docs/specialty/international):
// each code is an ISO 639 language, optionally with a script and an ISO 3166-1 region, or x-default;
// hrefs are absolute; each code names one URL; a page lists itself; and a page it lists lists it back.
// Codes are judged with the runtime's ICU data (Intl), which knows every language and region code.
import type { PageFacts } from './observations.js'

const LANGUAGE = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' })
const REGION = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })

/** Why a code is not a valid hreflang value, or null when it is one. */
export function hreflangCodeProblem (code: string): string | null {
  if (code.toLowerCase() === 'x-default') return null
  if (code.includes('_')) return `"${code}" separates with "_" where hreflang needs "-"`
  let locale: Intl.Locale
  try {
    locale = new Intl.Locale(code)
  } catch {
    return `"${code}" is not a language code`
  }
  if (LANGUAGE.of(locale.language) === undefined || locale.language.length > 3) return `"${code}" is not a language code`
  const region = /^[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2}|\d{3})$/i.exec(code)?.[1]
  // ICU maps aliases such as UK to GB; hreflang wants the ISO code itself
  if (region !== undefined && (locale.region?.toUpperCase() !== region.toUpperCase() || REGION.of(region.toUpperCase()) === undefined)) {
    return `"${code}" names no ISO 3166-1 region${locale.region !== undefined ? ` (use ${locale.language}-${locale.region})` : ''}`
  }
  return null
}

function sameUrl (a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href
  } catch {
    return a === b
  }
}

export interface HreflangReview {
  /** pages analysed that carry hreflang annotations */
  annotated: number
  /** what makes Google ignore annotations (each with its page) */
  errors: string[]
  /** what Google recommends and the pages lack */
  warnings: string[]
}

/** Reviews the hreflang annotations of the analysed pages (the homepage first, then the sampled ones). */
export function reviewHreflang (pages: PageFacts[]): HreflangReview {
  const errors: string[] = []
  const warnings: string[] = []
  const annotated = pages.filter((p) => p.hreflang.length > 0)
  for (const page of annotated) {
    const on = (text: string): string => `${page.url}: ${text}`
    for (const entry of page.hreflang) {
      const problem = hreflangCodeProblem(entry.hreflang)
      if (problem !== null) errors.push(on(problem))
      if (entry.relative) errors.push(on(`the href of "${entry.hreflang}" is relative (${entry.href}); hreflang needs absolute URLs`))
    }
    const byCode = new Map<string, Set<string>>()
    for (const entry of page.hreflang) byCode.set(entry.hreflang.toLowerCase(), (byCode.get(entry.hreflang.toLowerCase()) ?? new Set()).add(entry.href))
    for (const [code, hrefs] of byCode) {
      if (hrefs.size > 1) errors.push(on(`"${code}" names ${hrefs.size} different URLs`))
    }
    if (!page.hreflang.some((entry) => sameUrl(entry.href, page.url))) errors.push(on('does not list itself among its hreflang alternates'))
    if (!byCode.has('x-default')) warnings.push(on('no x-default alternate for visitors of other languages'))
    for (const entry of page.hreflang) {
      const target = annotated.find((other) => other !== page && sameUrl(other.url, entry.href))
      if (target !== undefined && !target.hreflang.some((back) => sameUrl(back.href, page.url))) {
        errors.push(on(`${target.url} ("${entry.hreflang}") does not link back`))
      }
    }
  }
  return { annotated: annotated.length, errors: [...new Set(errors)], warnings }
}
