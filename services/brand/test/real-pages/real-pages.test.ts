import { describe, expect, it } from 'vitest'
import { describeResponse } from '../../src/domain/describe-response.js'
import { parseHomepage } from '@utility-apis/homepage-fetch'
import type { PageFacts } from '../../src/domain/brand-profile.js'
import { comparableUrl, REAL_PAGE_EXPECTATIONS as EXPECTED } from '../fixtures/real-pages-expected.js'
import { loadRealPages, type RealPage } from '../helpers/real-pages.js'

// The brand rules on 89 saved pages of real sites (issue 15). Most are article pages: the brand is still the site,
// and the social links are still the site's own. The expectations, and how they were judged, are in
// test/fixtures/real-pages-expected.ts. The pages are read in-process: their images and manifests are not part of
// the corpus, so a logo is the rules' choice among what the page declares.

const pages = loadRealPages()

async function factsOf (page: RealPage): Promise<PageFacts> {
  const { html, meta } = parseHomepage(page.body, page.contentType, page.url)
  const { facts } = await describeResponse({ status: 200, headers: {}, html, meta }, page.host,
    async () => ({ manifest: null, manifestUrl: null, faviconIco: null }))
  return facts
}

const facts = new Map<string, PageFacts>()
for (const page of pages) facts.set(page.name, await factsOf(page))
const of = (name: string): PageFacts => {
  const found = facts.get(name)
  if (found === undefined) throw new Error(`no page ${name} in the corpus`)
  return found
}

describe('the real-page corpus', () => {
  it('has its 89 pages, and expectations for 88 of them', () => {
    expect(pages).toHaveLength(89)
    expect(Object.keys(EXPECTED).filter((name) => facts.has(name))).toHaveLength(88)
  })

  it.each(Object.entries(EXPECTED))('%s: the brand is the site, not its subject, a headline or a tagline', (name, expected) => {
    expect(of(name).brand_name).toBe(expected.brand)
  })

  it.each(Object.entries(EXPECTED).filter(([, expected]) => expected.social !== undefined))(
    '%s: social links are the site\'s own profiles, once each', (name, expected) => {
      expect([...of(name).social_links].sort()).toEqual([...(expected.social ?? [])].sort())
    })

  it.each(Object.entries(EXPECTED))('%s: the description is one the site wrote for the page', (name, expected) => {
    const description = of(name).description
    if (expected.descriptions.length === 0) expect(description).toBeNull()
    else expect(expected.descriptions).toContain(description)
  })

  it.each(Object.entries(EXPECTED))('%s: the logo is one of the site\'s own files, never a share image or another organisation\'s', (name, expected) => {
    const logo = of(name).logo_hint
    if (expected.logos.length === 0) expect(logo).toBeNull()
    else expect(expected.logos.map(comparableUrl)).toContain(comparableUrl(logo ?? ''))
  })

  it('never lists a person\'s LinkedIn profile or one profile twice on any page', () => {
    for (const [name, page] of facts) {
      expect(page.social_links.filter((url) => url.startsWith('https://linkedin.com/in/')), name).toEqual([])
      expect(new Set(page.social_links.map((url) => url.toLowerCase())).size, name).toBe(page.social_links.length)
    }
  })

  it('takes neither a 16:9 poster nor a share image for the logo (class 5)', () => {
    expect(of('bbc').logo_hint).not.toMatch(/poster-1024x576/)
    expect(of('bbc').field_sources.logo_hint).toBe('apple-touch-icon')
    expect(of('vice').logo_hint).not.toMatch(/vice-og\.png/)
  })

  it('keeps a short meta description over a paywall notice (class 7)', () => {
    expect(of('wsj').brand_summary).toBe('Funding Snapshot')
    expect(of('wsj').field_sources.brand_summary).toBe('meta:description')
  })
})
