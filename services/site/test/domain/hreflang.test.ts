import { describe, expect, it } from 'vitest'
import { hreflangCodeProblem, reviewHreflang } from '../../src/domain/hreflang.js'
import type { PageFacts } from '../../src/domain/observations.js'

describe('hreflangCodeProblem', () => {
  it.each(['en', 'en-GB', 'EN-gb', 'de-CH', 'zh-Hant', 'zh-Hant-TW', 'fil', 'x-default', 'X-Default'])('accepts %j', (code) => {
    expect(hreflangCodeProblem(code)).toBeNull()
  })

  it.each([
    ['english', '"english" is not a language code'],
    ['en_GB', '"en_GB" separates with "_" where hreflang needs "-"'],
    ['en-UK', '"en-UK" names no ISO 3166-1 region (use en-GB)'],
    ['xx', '"xx" is not a language code'],
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
})
