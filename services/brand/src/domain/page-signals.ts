import type { ManifestInfo, PageMetadata } from '@utility-apis/html-metadata'
import type { BrandSignals } from './brand-name.js'
import type { IconCandidate, LogoSignals, ManifestIcon } from './logo-hint.js'
import { mainOrganization, organizationsOf, websiteNameOf } from './organization.js'
import type { SummarySignals } from './summary.js'

/** What a profile learns from one homepage, beyond the HTML itself. */
export interface PageExtras {
  manifest: ManifestInfo | null
  manifestUrl: string | null
  /** /favicon.ico when it was checked to exist. */
  faviconIco: string | null
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

export function brandSignals (meta: PageMetadata, extras: PageExtras, hostname: string): BrandSignals {
  const nodes = meta.jsonLd.nodes
  return {
    hostname,
    siteNames: meta.openGraph.site_name === undefined ? [] : [meta.openGraph.site_name],
    applicationName: meta.applicationName,
    appleMobileWebAppTitle: meta.appleMobileWebAppTitle,
    organizations: organizationsOf(nodes),
    websiteName: websiteNameOf(nodes),
    manifestName: extras.manifest?.name ?? null,
    manifestShortName: extras.manifest?.shortName ?? null,
    title: pageTitle(meta),
    logoAlts: meta.logoCandidates.map((logo) => logo.alt).filter((alt): alt is string => alt !== null),
    copyrightHolder: meta.copyrightHolder,
    navbarBrand: null
  }
}

export function summarySignals (meta: PageMetadata, extras: PageExtras, hostname: string): SummarySignals {
  const org = mainOrganization(organizationsOf(meta.jsonLd.nodes), hostname)
  return {
    metaDescription: meta.description,
    ogDescription: meta.openGraph.description ?? null,
    organizationDescription: org?.description ?? null,
    manifestDescription: extras.manifest?.description ?? null,
    twitterDescription: meta.twitter.description ?? null,
    paragraphs: meta.mainText.firstParagraph === null ? [] : [meta.mainText.firstParagraph]
  }
}

function iconOf (href: string, base: string, sizes: string | null, type: string | null): IconCandidate | null {
  const url = absolute(href, base)
  return url === null ? null : { url, sizes, type }
}

export function logoSignals (meta: PageMetadata, extras: PageExtras, hostname: string): LogoSignals {
  const base = meta.baseUrl
  const declared: LogoSignals['declared'] = []
  const org = mainOrganization(organizationsOf(meta.jsonLd.nodes), hostname)
  const orgLogo = absolute(org?.logo, base)
  if (orgLogo !== null) declared.push({ url: orgLogo, source: 'json-ld:logo' })
  for (const candidate of meta.logoCandidates) {
    const url = absolute(candidate.src, base)
    if (url === null || candidate.source === 'header-img') continue
    declared.push({ url, source: candidate.source === 'jsonld' ? 'json-ld:logo' : candidate.source })
  }
  const appleTouchIcons: IconCandidate[] = []
  const icons: IconCandidate[] = []
  for (const link of meta.icons) {
    const icon = iconOf(link.href, base, link.sizes, link.type)
    if (icon === null || link.rel.includes('mask-icon')) continue
    if (link.rel.includes('apple-touch-icon')) appleTouchIcons.push(icon)
    else icons.push(icon)
  }
  return {
    declared,
    appleTouchIcons,
    manifestIcons: manifestIcons(extras),
    icons,
    headerLogos: meta.logoCandidates.filter((c) => c.source === 'header-img')
      .map((c) => absolute(c.src, base)).filter((url): url is string => url !== null),
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
