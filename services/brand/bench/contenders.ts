import createMetascraper from 'metascraper'
import author from 'metascraper-author'
import date from 'metascraper-date'
import description from 'metascraper-description'
import image from 'metascraper-image'
import lang from 'metascraper-lang'
import logo from 'metascraper-logo'
import logoFavicon from 'metascraper-logo-favicon'
import publisher from 'metascraper-publisher'
import title from 'metascraper-title'
import url from 'metascraper-url'
import { parseHomepage } from '@utility-apis/homepage-fetch'
import { describeResponse } from '../src/domain/describe-response.js'
import type { PageFacts } from '../src/domain/brand-profile.js'
import type { RealPage } from '../test/helpers/real-pages.js'

/** The three fields both tools are scored on. */
export interface Answer {
  brand: string | null
  description: string | null
  logo: string | null
}

/** Decoding and extraction with @utility-apis/html-metadata: the counterpart of metascraper's work. */
export function parseOurs (page: RealPage): ReturnType<typeof parseHomepage> {
  return parseHomepage(page.body, page.contentType, page.url)
}

/**
 * What the service does with a homepage's bytes, in-process: decoding and extraction (@utility-apis/html-metadata)
 * and the brand rules over it. The corpus holds no images or manifests, so there are no second fetches.
 */
export async function extractOurs (page: RealPage): Promise<PageFacts> {
  const { html, meta } = parseOurs(page)
  const { facts } = await describeResponse({ status: 200, headers: {}, html, meta, url: page.url }, page.host,
    async () => ({ manifest: null, manifestUrl: null, faviconIco: null }))
  return facts
}

export async function answerOurs (page: RealPage): Promise<Answer> {
  const facts = await extractOurs(page)
  return { brand: facts.brand_name, description: facts.description, logo: facts.logo_hint }
}

/**
 * metascraper with the rule set of its README (author, date, description, image, logo, publisher, title, url,
 * plus lang and logo-favicon), minus clearbit and Google, which call third-party APIs. A favicon candidate is
 * "reachable" when the page declares it, instead of a network probe.
 */
export function createMetascraperFor (page: () => RealPage) {
  const reachable = async (faviconUrl: string) => page().body.includes(new URL(faviconUrl).pathname) ? { url: faviconUrl } : undefined
  return createMetascraper([
    author(), date(), description(), image(), lang(), logo(),
    logoFavicon({ google: false, rootFavicon: false, resolveFaviconUrl: reachable as never }),
    publisher(), title(), url()
  ])
}

/** What a metascraper user does: the body as UTF-8 text (metascraper has no charset handling of its own). */
export async function answerMetascraper (scrape: ReturnType<typeof createMetascraper>, page: RealPage): Promise<Answer> {
  const result = await scrape({ html: page.body.toString('utf8'), url: page.url, validateUrl: false })
  return { brand: result.publisher ?? null, description: result.description ?? null, logo: result.logo ?? null }
}
