import type { PageMetadata } from '@utility-apis/html-metadata'
import { pickBrandName, type BrandNameResult } from './brand-name.js'
import { SOURCE_ORDER, type OpenGraphFields, type PageFacts } from './brand-profile.js'
import { cleanText } from './clean-text.js'
import { brandColors } from './colors.js'
import { findInconsistencies } from './consistency.js'
import { companyFacts, type CompanySources } from './company.js'
import { findFonts, type FontOrigin } from './fonts.js'
import { findKeyLinks } from './key-links.js'
import { ownLinkPlaces } from './link-places.js'
import type { LogoHint } from './logo-hint.js'
import { iconUrls } from './logo-signals.js'
import { pageLogos } from './logos.js'
import { websiteSameAs } from './organization.js'
import { absolute, brandSignals, pageTitle, siteOrganizations, summarySignals, type PageExtras } from './page-signals.js'
import type { PageLocation, SiteHost } from './site-host.js'
import { siteSocialLinks } from './social-links.js'
import { pickSummary, type SummaryResult } from './summary.js'

/** Where a page was read and what its rules compare with: computed once per page (describeResponse) and passed down. */
export interface PageHosts {
  /** The domain profiled: brand names are compared with its label, organizations and e-mail addresses with its site. */
  domain: SiteHost
  /** The URL the page was read from, after redirects: its own links and its canonical URL are judged against its host. */
  page: PageLocation
}

function text (value: string | null | undefined): string | null {
  const cleaned = cleanText(value)
  return cleaned === '' ? null : cleaned
}

function openGraphOf (meta: PageMetadata): OpenGraphFields {
  const og = meta.openGraph
  return {
    site_name: text(og.site_name),
    title: text(og.title),
    description: text(og.description),
    image: absolute(og.image, meta.baseUrl),
    url: absolute(og.url, meta.baseUrl),
    type: text(og.type),
    locale: text(og.locale)
  }
}

// which data source each winning rule read
const RULE_SOURCE: Record<string, string> = {
  'og:site_name': 'meta-tags',
  'application-name': 'meta-tags',
  'apple-mobile-web-app-title': 'meta-tags',
  'meta:description': 'meta-tags',
  'og:description': 'meta-tags',
  'twitter:description': 'meta-tags',
  'og:logo': 'meta-tags',
  'json-ld:organization': 'json-ld',
  'json-ld:alternate-name': 'json-ld',
  'json-ld:website': 'json-ld',
  'json-ld:description': 'json-ld',
  'json-ld:logo': 'json-ld',
  'web-manifest': 'web-manifest',
  'apple-touch-icon': 'links',
  icon: 'links',
  'favicon.ico': 'favicon.ico'
}

/** Every profile field a homepage and its extras give, by the rules in services/brand/README.md. */
export function describePage (meta: PageMetadata, extras: PageExtras, hosts: PageHosts): PageFacts {
  const orgs = siteOrganizations(meta, extras, hosts.domain)
  const brand = pickBrandName(brandSignals(meta, extras, hosts.domain))
  const summary = pickSummary(summarySignals(meta, extras, orgs))
  const { logos, hint } = pageLogos(meta, extras, orgs, brand.name)
  // the first logo whose bytes were read, else the rules' hint unread
  const logo: LogoHint = logos.length > 0 ? { url: logos[0].url, source: logos[0].source } : hint
  const openGraph = openGraphOf(meta)
  const socialLinks = siteSocialLinks(meta, orgs, websiteSameAs(meta.jsonLd.nodes), { brandName: brand.name, host: hosts.domain })
  const colors = brandColors(meta, extras.manifest, logos, extras.images)
  // the links are on the site the page came from, which a redirect may have changed
  const keyLinks = findKeyLinks(meta, hosts.page)
  const consistency = findInconsistencies(meta, extras.manifest, orgs, hosts.page)
  const inline = (meta.styles ?? []).map((css) => ({ css, url: meta.baseUrl, origin: 'inline-css' as const }))
  const company = companyFacts({ meta, orgs, brandName: brand.name, host: hosts.domain, page: extras.companyPage ?? null })
  const fonts = findFonts([...inline, ...extras.stylesheets ?? []], (meta.stylesheets ?? []).map((link) => link.href))
  const facts: PageFacts = {
    brand_name: brand.name,
    brand_summary: summary.summary,
    title: text(pageTitle(meta)),
    description: text(meta.description) ?? openGraph.description ?? text(meta.twitter.description),
    open_graph: openGraph,
    logo_hint: logo.url,
    logos,
    colors,
    fonts: fonts.map(({ origin: _origin, ...font }) => font),
    company: company.company,
    icons: iconUrls(meta, extras),
    social_links: socialLinks,
    key_links: keyLinks,
    consistency,
    canonical_url: absolute(meta.canonical, meta.baseUrl) ?? openGraph.url,
    theme_color: text(meta.themeColor) ?? text(extras.manifest?.themeColor),
    language: text(meta.lang) ?? openGraph.locale,
    field_sources: {
      brand_name: brand.source,
      brand_summary: summary.source,
      logo_hint: logo.source,
      logos: logos[0]?.source ?? null,
      colors: colors[0]?.source ?? null,
      fonts: fonts[0]?.origin ?? null,
      company: company.sources,
      key_links: Object.keys(keyLinks).length === 0 ? null : ownLinkPlaces(meta).has('content') ? 'page-links' : 'site-navigation',
      consistency: consistency[0]?.values[0].source ?? null
    },
    sources: []
  }
  facts.sources = sourcesUsed(meta, extras, facts, { brand, summary, logo, fonts, company: company.sources })
  return facts
}

/** The data sources the facts were read from, in the order of SOURCE_ORDER. */
function sourcesUsed (meta: PageMetadata, extras: PageExtras, facts: PageFacts, rules: {
  brand: BrandNameResult, summary: SummaryResult, logo: LogoHint, fonts: Array<{ origin: FontOrigin }>, company: CompanySources
}): string[] {
  const used = new Set(['homepage-html'])
  for (const rule of [rules.brand.source, rules.summary.source, rules.logo.source]) {
    const source = rule === null ? undefined : RULE_SOURCE[rule]
    if (source !== undefined) used.add(source)
  }
  if (Object.keys(meta.openGraph).length > 0 || Object.keys(meta.twitter).length > 0 || meta.description !== null) used.add('meta-tags')
  if (meta.icons.length > 0 || facts.social_links.length > 0 || meta.canonical !== null || facts.field_sources.key_links !== null) used.add('links')
  if (extras.manifest !== null) used.add('web-manifest')
  if (extras.faviconIco !== null) used.add('favicon.ico')
  if (rules.fonts.some((font) => font.origin === 'stylesheet')) used.add('stylesheets')
  if (Object.values(rules.company).some((source) => source?.startsWith('contact-page') === true)) used.add('contact-page')
  if (Object.values(rules.company).includes('json-ld:organization')) used.add('json-ld')
  return SOURCE_ORDER.filter((source) => used.has(source))
}
