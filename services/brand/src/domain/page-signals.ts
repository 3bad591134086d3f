import type { AnchorPlace, ManifestInfo, PageMetadata } from '@utility-apis/html-metadata'
import type { BrandSignals } from './brand-name.js'
import type { IconCandidate, LogoSignals, ManifestIcon } from './logo-hint.js'
import { ownOrganizationsOfHosts, organizationsOf, websiteNameOf, type OrganizationNode } from './organization.js'
import type { CompanyPage } from './company.js'
import type { CssText } from './fonts.js'
import type { ImageInfo } from './image-probe.js'
import type { SummarySignals } from './summary.js'
import { cleanText } from './text.js'

/** What a profile learns from one homepage, beyond the HTML itself. */
export interface PageExtras {
  manifest: ManifestInfo | null
  manifestUrl: string | null
  /** /favicon.ico when it was checked to exist. */
  faviconIco: string | null
  /** What the logo and icon candidates' own bytes say (null: not an image); absent when nothing was probed. */
  images?: Map<string, ImageInfo | null>
  /** The stylesheets read for fonts (extras.ts), in the page's order; absent when none was fetched. */
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
export function appNames (meta: PageMetadata): string[] {
  return Object.entries(meta.twitter).filter(([key]) => key.startsWith('app:name:')).map(([, value]) => value)
}

// the home link of the header or navigation names the site ("<a class=title href=/>Software for Days</a>")
const HOME_PATH = /^\/(?:index\.\w+)?$/

export function navbarBrand (meta: PageMetadata): string | null {
  for (const link of meta.links) {
    if (link.place !== 'chrome' || !link.internal || link.href === null) continue
    const url = new URL(link.href)
    if (!HOME_PATH.test(url.pathname) || url.search !== '') continue
    const text = cleanText(link.text.replace(/\b(company\s+)?logo(type)?\b/gi, ''))
    if (text !== '' && text.length <= 60) return text
  }
  return null
}

/**
 * Where the site's own links are: its header, footer and navigation; on a page without any of these and without an
 * article (a table layout, a one-page site) its body too. Bylines and quotes are never the site's.
 */
export function ownLinkPlaces (meta: PageMetadata): Set<AnchorPlace> {
  const legacyLayout = !meta.mainText.hasArticle && !meta.links.some((link) => link.place === 'chrome')
  return new Set<AnchorPlace>(legacyLayout ? ['chrome', 'content'] : ['chrome'])
}

/** The page's host, then the host of its canonical URL (or og:url) when that names another. */
export function siteHosts (meta: PageMetadata, hostname: string): string[] {
  const canonical = absolute(meta.canonical ?? meta.openGraph.url, meta.baseUrl)
  return canonical === null ? [hostname] : [hostname, new URL(canonical).hostname]
}

/** The organizations the site speaks for (see ownOrganizations), judged against the names the page gives itself. */
export function siteOrganizations (meta: PageMetadata, extras: PageExtras, hostname: string): OrganizationNode[] {
  const evidence = [pageTitle(meta), meta.openGraph.site_name, meta.applicationName, meta.appleMobileWebAppTitle,
    extras.manifest?.name, extras.manifest?.shortName, ...appNames(meta)]
  const names = evidence.map(cleanText).filter((value) => value !== '')
  return ownOrganizationsOfHosts(organizationsOf(meta.jsonLd.nodes, meta.baseUrl), siteHosts(meta, hostname), names)
}

// enough for a site's menus; a page of a thousand links is read no further for spellings
const MAX_NAVIGATION_TEXTS = 300

export function brandSignals (meta: PageMetadata, extras: PageExtras, hostname: string): BrandSignals {
  const nodes = meta.jsonLd.nodes
  return {
    hostname,
    canonicalHostname: siteHosts(meta, hostname)[1] ?? null,
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

// share cards and posters: 1200x630, 1024x576, 1280x720 and the like
const SHARE_NAME = /(?:^|[^a-z])(?:og|share|social|poster|card|facebook|twitter)(?:[^a-z]|$)|(?:1200|1024|1280|1920)x(?:630|627|600|576|675|720|1080)/i

/**
 * Whether a declared logo can be one: not the page's share image, not named as a share card or poster, and not of
 * a share card's shape (wider than 1.3:1 and narrower than 2.2:1 at 400 pixels or more) when its size is declared.
 */
export function isLogoShaped (url: string, size: { width: number, height: number } | null, shareImages: Set<string | null>): boolean {
  if (shareImages.has(url)) return false
  if (SHARE_NAME.test(decodeURIComponent(new URL(url).pathname.split('/').pop() ?? ''))) return false
  if (size === null) return true
  return !isShareShape(size.width, size.height)
}

export function isShareShape (width: number, height: number): boolean {
  const ratio = width / height
  return width >= 400 && ratio > 1.3 && ratio < 2.2
}

function iconOf (href: string, base: string, sizes: string | null, type: string | null, media?: string | null): IconCandidate | null {
  const url = absolute(href, base)
  return url === null ? null : { url, sizes, type, media: media ?? null }
}

export function logoSignals (meta: PageMetadata, extras: PageExtras, orgs: OrganizationNode[]): LogoSignals {
  const base = meta.baseUrl
  const declared: LogoSignals['declared'] = []
  const shareImages = new Set([meta.openGraph.image, meta.twitter.image].map((url) => absolute(url, base)))
  for (const org of orgs) {
    const logo = absolute(org.logo, base)
    if (logo !== null && isLogoShaped(logo, org.logoSize, shareImages)) declared.push({ url: logo, source: 'json-ld:logo' })
  }
  for (const candidate of meta.logoCandidates) {
    const url = absolute(candidate.src, base)
    // JSON-LD logos of other nodes belong to whatever those nodes describe: only the site's own organization counts
    if (url === null || candidate.source === 'header-img' || candidate.source === 'jsonld') continue
    if (isLogoShaped(url, null, shareImages)) declared.push({ url, source: candidate.source })
  }
  const appleTouchIcons: IconCandidate[] = []
  const icons: IconCandidate[] = []
  for (const link of meta.icons) {
    const icon = iconOf(link.href, base, link.sizes, link.type, link.media)
    if (icon === null || link.rel.includes('mask-icon')) continue
    if (link.rel.includes('apple-touch-icon')) appleTouchIcons.push(icon)
    else icons.push(icon)
  }
  return {
    declared,
    appleTouchIcons,
    manifestIcons: manifestIcons(extras),
    icons,
    // a header logo inside <picture> may come in a dark variant (<source media="(prefers-color-scheme: dark)">)
    headerLogos: meta.logoCandidates.filter((c) => c.source === 'header-img')
      .flatMap((c) => { const url = absolute(c.src, base); return url === null ? [] : [{ url, media: c.media ?? null }] }),
    faviconIco: extras.faviconIco
  }
}

export function manifestIcons (extras: PageExtras): ManifestIcon[] {
  if (extras.manifest === null || extras.manifestUrl === null) return []
  const icons: ManifestIcon[] = []
  for (const icon of extras.manifest.icons) {
    // manifest icon URLs resolve against the manifest's own URL
    const url = absolute(icon.src, extras.manifestUrl)
    if (url !== null) icons.push({ url, sizes: icon.sizes, type: icon.type, purpose: icon.purpose })
  }
  return icons
}

/** Every favicon hint: the page's icon links in document order, then manifest icons, then /favicon.ico. */
export function iconUrls (meta: PageMetadata, extras: PageExtras): string[] {
  const urls = meta.icons.map((link) => absolute(link.href, meta.baseUrl))
  urls.push(...manifestIcons(extras).map((icon) => icon.url), extras.faviconIco)
  return [...new Set(urls.filter((url): url is string => url !== null))]
}
