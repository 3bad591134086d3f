import { parseManifest, type PageMetadata } from '@utility-apis/html-metadata'
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
import { describeResponse } from '../src/domain/describe-response.js'
import { parseHomepage } from '@utility-apis/homepage-fetch'
import type { PageExtras } from '../src/domain/page-signals.js'
import type { CorpusCase, OriginOf } from '../test/fixtures/corpus.js'

/** The four fields both tools are scored on. */
export interface Answer {
  brand: string | null
  title: string | null
  description: string | null
  logo: string | null
}

/** In the benchmark every host is reached without a port. */
export const origin: OriginOf = (host) => `http://${host}`

export function pageUrl (entry: CorpusCase): string {
  return `${origin(entry.page.host)}${entry.page.path}`
}

/** Whether the corpus site serves `href` (the second fetches, manifest and /favicon.ico, are answered from it). */
function served (entry: CorpusCase, href: string): Buffer | null {
  const target = new URL(href)
  const fixture = entry.sites(origin)[target.hostname]?.[target.pathname]
  if (fixture === undefined || (fixture.status ?? 200) !== 200) return null
  return typeof fixture.body === 'string' ? Buffer.from(fixture.body) : fixture.body ?? Buffer.alloc(0)
}

function extrasFromCorpus (entry: CorpusCase, meta: PageMetadata): PageExtras {
  const manifestBody = meta.manifestUrl === null ? null : served(entry, meta.manifestUrl)
  const manifest = manifestBody === null || meta.manifestUrl === null ? null : parseManifest(manifestBody.toString('utf8'), meta.manifestUrl)
  const favicon = new URL('/favicon.ico', pageUrl(entry)).href
  const noIcons = meta.icons.length === 0 && (manifest?.icons.length ?? 0) === 0
  return {
    manifest,
    manifestUrl: manifest === null ? null : meta.manifestUrl,
    faviconIco: noIcons && served(entry, favicon) !== null ? favicon : null
  }
}

/** Decoding and extraction with @utility-apis/html-metadata: the part whose throughput is compared. */
export function extractOurs (entry: CorpusCase): ReturnType<typeof parseHomepage> {
  return parseHomepage(entry.page.body, entry.page.contentType, pageUrl(entry))
}

/** The brand service's own rules over that extraction, with second fetches answered from the corpus. */
export async function answerOurs (entry: CorpusCase): Promise<Answer> {
  const { html, meta } = extractOurs(entry)
  const status = (entry.sites(origin)[entry.page.host]?.[entry.page.path]?.status) ?? 200
  const { facts } = await describeResponse({ status, headers: {}, html, meta }, entry.page.host, async (page) => extrasFromCorpus(entry, page))
  return { brand: facts.brand_name, title: facts.title, description: facts.description, logo: facts.logo_hint }
}

/**
 * metascraper with the rule set of its README (author, date, description, image, logo, publisher, title, url,
 * plus lang and logo-favicon), minus clearbit and Google, which call third-party APIs. Favicon candidates are
 * "reachable" when the page declares them or the corpus site serves them, instead of a network probe.
 */
export function createMetascraperFor (entry: () => CorpusCase) {
  const reachable = async (faviconUrl: string) => {
    const current = entry()
    const declared = current.page.body.includes(new URL(faviconUrl).pathname)
    return declared || served(current, faviconUrl) !== null ? { url: faviconUrl } : undefined
  }
  return createMetascraper([
    author(), date(), description(), image(), lang(), logo(),
    logoFavicon({ google: false, rootFavicon: false, resolveFaviconUrl: reachable as never }),
    publisher(), title(), url()
  ])
}

/** What a metascraper user does: the body as UTF-8 text (metascraper has no charset handling of its own). */
export async function answerMetascraper (scrape: ReturnType<typeof createMetascraper>, entry: CorpusCase): Promise<Answer> {
  const result = await scrape({ html: entry.page.body.toString('utf8'), url: pageUrl(entry), validateUrl: false })
  return { brand: result.publisher ?? null, title: result.title ?? null, description: result.description ?? null, logo: result.logo ?? null }
}
