// Structured data (/10), LLM readiness (/15) and freshness (/10) of research/site.md part B2.
import type { PageFacts, SiteObservations } from '../observations.js'
import { check, percent, type Check } from './checks.js'
import { is2xx, type Derived } from './derive.js'

const DAY = 86_400_000

function first<T> (pages: PageFacts[], pick: (p: PageFacts) => T | null): T | null {
  for (const p of pages) {
    const v = pick(p)
    if (v !== null) return v
  }
  return null
}

export function structuredDataChecks (obs: SiteObservations, d: Derived): Check[] {
  const c = (id: string, label: string, max: number, points: number, detail: string): Check =>
    check('structured_data', id, label, max, points, detail)
  const pages = d.pages
  const parsedBlocks = pages.reduce((n, p) => n + Math.max(0, p.structured.jsonLdBlocks - p.structured.jsonLdErrors.length), 0)
  const otherMarkup = pages.some((p) => p.structured.microdata || p.structured.rdfa)
  const org = first(pages, (p) => p.structured.organization)
  const site = first(pages, (p) => p.structured.website)
  const item = first(pages, (p) => p.structured.contentItem?.complete === true ? p.structured.contentItem : null) ??
    first(pages, (p) => p.structured.contentItem)
  const breadcrumb = d.samplePages.some((p) => p.structured.breadcrumb)
  const errors = d.jsonLdErrors
  const idOnHost = pages.some((p) => p.structured.idOnHost)
  return [
    c('S1', 'JSON-LD that parses (microdata or RDFa only: 1)', 2, parsedBlocks > 0 ? 2 : otherMarkup ? 1 : 0,
      parsedBlocks > 0 ? `${parsedBlocks} JSON-LD block${parsedBlocks === 1 ? '' : 's'} parsed` : otherMarkup ? 'microdata or RDFa only' : 'no JSON-LD, microdata or RDFa'),
    c('S2', 'Organization with name and url, logo, sameAs', 3,
      org === null ? 0 : (org.name !== null && org.url !== null ? 1 : 0) + (org.logo !== null ? 1 : 0) + (org.sameAs.length > 0 ? 1 : 0),
      org === null
        ? 'no Organization or LocalBusiness node'
        : `${org.type}: ${[org.name === null || org.url === null ? 'name or url missing' : 'name and url', org.logo === null ? 'no logo' : 'logo', `${org.sameAs.length} sameAs`].join(', ')}`),
    c('S3', 'WebSite with a name', 1, site?.name != null ? 1 : 0, site === null ? 'no WebSite node' : site.name === null ? 'WebSite without name' : `WebSite "${site.name}"`),
    c('S4', 'a content item (Article, Product, Event, ...) with its required fields', 2, item?.complete === true ? 2 : 0,
      item === null ? 'no Article, Product, Event or similar node' : item.complete ? `${item.type} complete` : `${item.type} lacks ${item.missing.join(', ')}`),
    c('S5', 'BreadcrumbList on a page below the homepage', 1, breadcrumb ? 1 : 0,
      breadcrumb ? 'BreadcrumbList found' : d.samplePages.length === 0 ? 'no sampled pages' : 'no BreadcrumbList on sampled pages'),
    c('S6', 'url/@id on this host and no JSON-LD errors', 1, parsedBlocks > 0 && idOnHost && errors.length === 0 ? 1 : 0,
      errors.length > 0 ? `${errors.length} JSON-LD error${errors.length === 1 ? '' : 's'}: ${errors[0]}` : idOnHost ? 'identifiers on this host' : 'no url or @id on this host')
  ]
}

export function llmReadinessChecks (obs: SiteObservations, d: Derived): Check[] {
  const c = (id: string, label: string, max: number, points: number, detail: string): Check =>
    check('llm_readiness', id, label, max, points, detail)
  const l = obs.llmsTxt
  const present = l.fetch.status === 200 && !l.isHtml
  const shape = present ? l.shape : null
  const checked = l.linkChecks.length
  const good = l.linkChecks.filter((x) => is2xx(x.status)).length
  const home = d.home
  const words = home?.mainText.words ?? 0
  const structure = home !== null && (home.mainText.hasMain || home.mainText.hasArticle) &&
    (home.headings.h2 >= 2 || home.mainText.lists + home.mainText.tables > 0)
  const alternate = first(d.pages, (p) => p.markdownAlternate)
  const mdLink = l.linkChecks.find((x) => x.markdown)
  const markdown = alternate !== null || obs.markdownNegotiation.served || mdLink !== undefined
  const full = obs.llmsFullTxt
  return [
    c('L1', '/llms.txt answers 200 with text, not HTML', 3, present ? 3 : 0,
      present ? `${l.url} found` : l.fetch.status === 200 ? `${l.url} answers an HTML page` : `${l.url} answers ${l.fetch.status ?? l.fetch.error?.message ?? 'nothing'}`),
    c('L2', 'llms.txt shape: H1, a markdown link, a blockquote summary', 3,
      shape === null ? 0 : (shape.title !== null ? 1 : 0) + (shape.links > 0 ? 1 : 0) + (shape.summary !== null ? 1 : 0),
      shape === null ? 'no llms.txt' : shape.problems.length === 0 ? `"${shape.title ?? ''}", ${shape.links} links` : shape.problems.join('; ')),
    c('L3', 'llms.txt links answer 2xx (80% of up to 5)', 1, checked > 0 && good / checked >= 0.8 ? 1 : 0,
      checked === 0 ? 'no links checked' : `${good} of ${checked} links answered 2xx`),
    c('L4', 'main text readable without JavaScript (150+ words; 50+: half)', 4, words >= 150 ? 4 : words >= 50 ? 2 : 0,
      home === null ? 'homepage not fetched' : `${words} words of text in the raw HTML`),
    c('L5', '<main> or <article> with 2+ h2 or a list or table', 2, structure ? 2 : 0,
      home === null
        ? 'homepage not fetched'
        : `${home.mainText.hasMain ? '<main>' : home.mainText.hasArticle ? '<article>' : 'no <main> or <article>'}, ${home.headings.h2} h2, ${home.mainText.lists} lists, ${home.mainText.tables} tables`),
    c('L6', 'markdown version offered', 1, markdown ? 1 : 0,
      alternate !== null
        ? `rel=alternate text/markdown: ${alternate}`
        : obs.markdownNegotiation.served
          ? 'Accept: text/markdown is honoured'
          : mdLink !== undefined ? `markdown twin ${mdLink.url}` : 'no markdown alternate, negotiation or twin'),
    c('L7', '/llms-full.txt answers 200', 1, full.fetch.status === 200 && !full.isHtml ? 1 : 0,
      `${full.url} answers ${full.fetch.status ?? full.fetch.error?.message ?? 'nothing'}${full.fetch.status === 200 && full.isHtml ? ' (HTML)' : ''}`)
  ]
}

export function freshnessChecks (obs: SiteObservations, d: Derived): Check[] {
  const c = (id: string, label: string, max: number, points: number, detail: string): Check =>
    check('freshness', id, label, max, points, detail)
  const s = obs.sitemaps
  const share = s.entries === 0 ? 0 : s.lastmod.valid / s.entries
  const newest = s.lastmod.newest === null ? null : Date.parse(s.lastmod.newest)
  const age = newest === null ? null : (d.now.getTime() - newest) / DAY
  const varied = s.lastmod.valid >= 2 && s.lastmod.distinct >= 2 && s.lastmod.today < s.lastmod.valid
  const dated = d.pages.find((p) => p.structured.dateModified !== null || p.structured.datePublished !== null ||
    p.og.modifiedTime !== null || p.og.publishedTime !== null || p.times > 0)
  const h = obs.homepage.headers
  const feeds = d.home?.feeds ?? []
  return [
    c('R1', 'sitemap lastmod on 80% of entries (30%: half)', 3, share >= 0.8 ? 3 : share >= 0.3 ? 1.5 : 0,
      s.entries === 0 ? 'no sitemap entries' : `${s.lastmod.valid} of ${s.entries} entries have a valid lastmod (${percent(share)})`),
    c('R2', 'newest lastmod within 180 days (365: half)', 2, age === null ? 0 : age <= 180 ? 2 : age <= 365 ? 1 : 0,
      newest === null ? 'no valid lastmod' : `newest lastmod ${s.lastmod.newest ?? ''} (${Math.max(0, Math.floor(age ?? 0))} days old)`),
    c('R3', 'lastmods vary (not all identical, not all today)', 1, varied ? 1 : 0,
      s.lastmod.valid < 2 ? 'fewer than 2 valid lastmods' : `${s.lastmod.distinct >= 2 ? 'several' : 'one'} distinct value${s.lastmod.distinct >= 2 ? 's' : ''}, ${s.lastmod.today} dated today`),
    c('R4', 'a page states its dates (schema, article:*_time or <time>)', 2, dated !== undefined ? 2 : 0,
      dated === undefined ? 'no published or modified date on the analysed pages' : `dates on ${dated.url}`),
    c('R5', 'homepage sends Last-Modified or ETag', 1, h.lastModified !== null || h.etag !== null ? 1 : 0,
      h.lastModified !== null ? `Last-Modified: ${h.lastModified}` : h.etag !== null ? 'ETag sent' : 'neither header sent'),
    c('R6', 'RSS or Atom feed advertised', 1, feeds.length > 0 ? 1 : 0, feeds.length > 0 ? `feed ${feeds[0]}` : 'no feed link on the homepage')
  ]
}
