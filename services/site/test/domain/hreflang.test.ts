import { load } from 'cheerio/slim'
import { describe, expect, it } from 'vitest'
import { hreflangCodeProblem, LISTED_HREFLANG_ERRORS, reviewHreflang } from '../../src/domain/hreflang.js'
import type { PageFacts } from '../../src/domain/observations.js'
import { markupFacts } from '../../src/domain/page/markup-facts.js'

describe('hreflangCodeProblem', () => {
  it.each(['en', 'en-GB', 'EN-gb', 'de-CH', 'zh-Hant', 'zh-Hant-TW', 'fil', 'x-default', 'X-Default'])('accepts %j', (code) => {
    expect(hreflangCodeProblem(code)).toBeNull()
  })

  it.each([
    ['english', '"english" is not a language code'],
    ['en_GB', '"en_GB" separates with "_" where hreflang needs "-"'],
    ['en-UK', '"en-UK" names no ISO 3166-1 region (use en-GB)'],
    ['xx', '"xx" is not a language code'],
    // BCP 47's "undetermined", which ICU refuses to name (it threw, and the whole analysis answered 500)
    ['und', '"und" is not a language code'],
    ['und-US', '"und-US" is not a language code'],
    // a region shaped right that ISO 3166-1 does not have: no advice to use the same code
    ['en-AA', '"en-AA" names no ISO 3166-1 region'],
    // a variant or extension after a region had hidden the region from the check
    ['en-UK-x-uk', '"en-UK-x-uk" is not a language with an optional script and region: hreflang takes no variant or extension'],
    ['fr-FR-1996', '"fr-FR-1996" is not a language with an optional script and region: hreflang takes no variant or extension'],
    ['', '"" is not a language code']
  ])('rejects %j', (code, problem) => {
    expect(hreflangCodeProblem(code)).toBe(problem)
  })
})

describe('reviewHreflang', () => {
  const page = (url: string, hreflang: Array<[string, string]>): PageFacts =>
    ({ url, hreflang: hreflang.map(([code, href]) => ({ hreflang: code, href, relative: false })) }) as unknown as PageFacts

  it('finds nothing wrong in a complete set of two pages linking each other', () => {
    const set: Array<[string, string]> = [['en', 'https://a.example/'], ['de', 'https://a.example/de/'], ['x-default', 'https://a.example/']]
    expect(reviewHreflang([page('https://a.example/', set), page('https://a.example/de/', set)])).toEqual({ annotated: 2, errors: [], warnings: [] })
  })

  it('counts no page without annotations', () => {
    expect(reviewHreflang([page('https://a.example/', [])])).toEqual({ annotated: 0, errors: [], warnings: [] })
  })

  it('reports a page that does not list itself', () => {
    const review = reviewHreflang([page('https://a.example/', [['de', 'https://a.example/de/'], ['x-default', 'https://a.example/de/']])])
    expect(review.errors).toEqual(['https://a.example/: does not list itself among its hreflang alternates'])
  })

  it('lists the first problems of a page with thousands of bad annotations and counts the rest', () => {
    const codes: Array<[string, string]> = Array.from({ length: 3000 }, (_, i) => [`bad${i}`, `https://a.example/${i % 7}`])
    const review = reviewHreflang([page('https://a.example/', [['en', 'https://a.example/'], ...codes])])
    expect(review.errors).toHaveLength(LISTED_HREFLANG_ERRORS + 1)
    expect(review.errors[0]).toBe('https://a.example/: "bad0" is not a language code')
    // 3000 codes, none of them a language
    expect(review.errors.at(-1)).toBe(`and ${3000 - LISTED_HREFLANG_ERRORS} more hreflang problems`)
  })

  it('compares the spellings of one URL as the same page', () => {
    const de = page('https://A.example:443/de/', [['de', 'https://a.example/de/'], ['en', 'https://a.example/'], ['x-default', 'https://a.example/']])
    const en = page('https://a.example/', [['de', 'https://a.example:443/de/'], ['en', 'https://a.example/'], ['x-default', 'https://a.example/']])
    expect(reviewHreflang([en, de])).toEqual({ annotated: 2, errors: [], warnings: [] })
  })

  it('quotes a relative href as the page wrote it, not the URL it resolves to', () => {
    const url = 'http://evil.test:42341/'
    const hreflang = markupFacts(load('<link rel="alternate" hreflang="en" href="x"><link rel="alternate" hreflang="de" href="/de">'), url).hreflang
    const review = reviewHreflang([{ url, hreflang } as unknown as PageFacts])
    expect(review.errors).toContain(`${url}: the href of "en" is relative (x); hreflang needs absolute URLs`)
    expect(review.errors).toContain(`${url}: the href of "de" is relative (/de); hreflang needs absolute URLs`)
    expect(review.errors.join('\n')).not.toMatch(/evil\.test:42341\/(x|de)/)
  })

  it('quotes codes and URLs cut, so pages with megabyte-long codes give a short review', () => {
    const long = (c: string): string => c.repeat(1_500_000)
    const pages = Array.from({ length: 11 }, (_, i) => {
      const url = `https://a.example/p${i}${'/q'.repeat(1000)}`
      return { url, hreflang: [{ hreflang: long(String.fromCharCode(97 + i)), href: `/p${i}`, relative: true }] } as unknown as PageFacts
    })
    const review = reviewHreflang(pages)
    expect(review.errors).toHaveLength(LISTED_HREFLANG_ERRORS + 1)
    expect(review.errors[0]).toBe(`${(pages[0].url).slice(0, 119)}…: "${'a'.repeat(39)}…" is not a language code`)
    for (const text of [...review.errors, ...review.warnings]) expect(text.length).toBeLessThan(300)
  })
})
