import type { ManifestInfo, PageMetadata } from '@utility-apis/html-metadata'
import type { BrandSignals } from './brand-name.js'
import { cleanText } from './clean-text.js'
import type { CompanyPage } from './company.js'
import type { CssText } from './fonts.js'
import type { ImageInfo } from './image-probe.js'
import { ownOrganizationsOfHosts, organizationsOf, websiteNameOf, type OrganizationNode } from './organization.js'
import { siteHost, type SiteHost } from './site-host.js'
import type { SummarySignals } from './summary.js'

// The inputs each rule reads, gathered from the page, its manifest and what else was fetched for it.

/** The files that carry a page's marks (fetchBrandAssets, brand-assets.ts): its web manifest, its logo and icon images. */
export interface BrandAssets {
  manifest: ManifestInfo | null
  manifestUrl: string | null
  /** /favicon.ico when it was checked to exist. */
  faviconIco: string | null
  /** What the logo and icon candidates' own bytes say (null: not an image); absent when nothing was probed. */
  images?: Map<string, ImageInfo | null>
}

/** What a profile learns from one homepage, beyond the HTML itself (fetchExtras, fetch-extras.ts). */
export interface PageExtras extends BrandAssets {
  /** The stylesheets read for fonts, in the page's order; absent when none was fetched. */
  stylesheets?: CssText[]
  /** The imprint or contact page read for the company facts; absent or null when none was read. */
  companyPage?: CompanyPage | null
}

export function absolute (href: string | null | undefined, base: string): string | null {
  if (href == null || href.trim() === '') return null
  try {
    const url = new URL(href.trim(), base)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/** The page title as people see it: the HTML title, else the OpenGraph or Twitter title. */
export function pageTitle (meta: PageMetadata): string | null {
  return meta.title ?? meta.openGraph.title ?? meta.twitter.title ?? null
}

/** The names of the site's apps: twitter:app:name:iphone, :ipad, :googleplay. */
function appNames (meta: PageMetadata): string[] {
  return Object.entries(meta.twitter).filter(([key]) => key.startsWith('app:name:')).map(([, value]) => value)
}

// the home link of the header or navigation names the site ("<a class=title href=/>Software for Days</a>")
const HOME_PATH = /^\/(?:index\.\w+)?$/

function navbarBrand (meta: PageMetadata): string | null {
  for (const link of meta.links) {
    if (link.place !== 'chrome' || !link.internal || link.href === null) continue
    const url = new URL(link.href)
    if (!HOME_PATH.test(url.pathname) || url.search !== '') continue
    const text = cleanText(link.text.replace(/\b(company\s+)?logo(type)?\b/gi, ''))
    if (text !== '' && text.length <= 60) return text
  }
  return null
}

/** The page's host, then the host of its canonical URL (or og:url) when that names another. */
function siteHosts (meta: PageMetadata, host: SiteHost): SiteHost[] {
  const canonical = absolute(meta.canonical ?? meta.openGraph.url, meta.baseUrl)
  if (canonical === null) return [host]
  const hostname = new URL(canonical).hostname
  return [host, hostname === host.hostname ? host : siteHost(hostname)]
}

/** The organizations the site speaks for (see ownOrganizations), judged against the names the page gives itself. */
export function siteOrganizations (meta: PageMetadata, extras: PageExtras, host: SiteHost): OrganizationNode[] {
  const evidence = [pageTitle(meta), meta.openGraph.site_name, meta.applicationName, meta.appleMobileWebAppTitle,
    extras.manifest?.name, extras.manifest?.shortName, ...appNames(meta)]
  const names = evidence.map(cleanText).filter((value) => value !== '')
  return ownOrganizationsOfHosts(organizationsOf(meta.jsonLd.nodes, meta.baseUrl), siteHosts(meta, host), names)
}

// enough for a site's menus; a page of a thousand links is read no further for spellings
const MAX_NAVIGATION_TEXTS = 300

export function brandSignals (meta: PageMetadata, extras: PageExtras, host: SiteHost): BrandSignals {
  const nodes = meta.jsonLd.nodes
  return {
    host,
    canonicalHost: siteHosts(meta, host)[1] ?? null,
    siteNames: meta.openGraph.site_name === undefined ? [] : [meta.openGraph.site_name],
    applicationName: meta.applicationName,
    appleMobileWebAppTitle: meta.appleMobileWebAppTitle,
    organizations: organizationsOf(nodes, meta.baseUrl),
    websiteName: websiteNameOf(nodes),
    manifestName: extras.manifest?.name ?? null,
    manifestShortName: extras.manifest?.shortName ?? null,
    title: pageTitle(meta),
    // a JSON-LD logo's "alt" is its node's name, which may be the page's subject: only the page's images count
    logoAlts: meta.logoCandidates.filter((logo) => logo.source !== 'jsonld').map((logo) => logo.alt).filter((alt): alt is string => alt !== null),
    copyrightHolder: meta.copyrightHolder,
    navbarBrand: navbarBrand(meta),
    mainHeading: meta.headings.find((heading) => heading.level === 1)?.text ?? null,
    appNames: appNames(meta),
    navigationTexts: meta.links.filter((link) => link.place === 'chrome').slice(0, MAX_NAVIGATION_TEXTS).map((link) => link.text)
  }
}

export function summarySignals (meta: PageMetadata, extras: PageExtras, orgs: OrganizationNode[]): SummarySignals {
  return {
    metaDescription: meta.description,
    ogDescription: meta.openGraph.description ?? null,
    organizationDescription: orgs.find((org) => org.description !== null)?.description ?? null,
    manifestDescription: extras.manifest?.description ?? null,
    twitterDescription: meta.twitter.description ?? null,
    paragraphs: meta.mainText.firstParagraph === null ? [] : [meta.mainText.firstParagraph]
  }
}
