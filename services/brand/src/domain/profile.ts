import type { RedirectStep } from '@utility-apis/homepage-fetch'
import type { PageMetadata } from '@utility-apis/html-metadata'
import { pickBrandName } from './brand-name.js'
import { declaredColors, type BrandColor } from './colors.js'
import { findInconsistencies, type ConsistencyFinding } from './consistency.js'
import { companyFacts, emptyCompany, type CompanyFacts, type CompanySources } from './company.js'
import { findFonts, type BrandFont } from './fonts.js'
import { findKeyLinks, type KeyLinks } from './key-links.js'
import { pickLogoHint } from './logo-hint.js'
import { logoCandidates, rankLogos, type Logo } from './logos.js'
import { websiteSameAs } from './organization.js'
import { absolute, brandSignals, ownLinkPlaces, iconUrls, logoSignals, pageTitle, siteOrganizations, summarySignals, type PageExtras } from './page-signals.js'
import { siteSocialLinks } from './social-links.js'
import { pickSummary } from './summary.js'
import { cleanText, sameBrand } from './text.js'

export interface OpenGraphFields {
  site_name: string | null
  title: string | null
  description: string | null
  image: string | null
  url: string | null
  type: string | null
  locale: string | null
}

export interface ProfileError {
  code: string
  message: string
}

/** The answer of POST /v1/domain/profile. */
export interface BrandProfile {
  domain: string
  brand_name: string | null
  reachable: boolean
  homepage_url: string | null
  final_url: string | null
  status: number | null
  resolved_ips: string[]
  brand_summary: string | null
  title: string | null
  description: string | null
  open_graph: OpenGraphFields
  logo_hint: string | null
  logos: Logo[]
  colors: BrandColor[]
  fonts: BrandFont[]
  company: CompanyFacts
  icons: string[]
  social_links: string[]
  key_links: KeyLinks
  consistency: ConsistencyFinding[]
  canonical_url: string | null
  theme_color: string | null
  language: string | null
  redirects: RedirectStep[]
  blocked: boolean
  truncated: boolean
  error: ProfileError | null
  field_sources: FieldSources
  sources: string[]
  cached: boolean
  fetched_at: string
}

/** The rule or data source behind each derived field (for a list, its first item's). */
export interface FieldSources {
  brand_name: string | null
  brand_summary: string | null
  logo_hint: string | null
  logos: string | null
  colors: string | null
  fonts: string | null
  company: CompanySources
  key_links: string | null
  consistency: string | null
}

/** The profile fields learned from a homepage's HTML. */
export type PageFacts = Pick<BrandProfile, 'brand_name' | 'brand_summary' | 'title' | 'description' | 'open_graph' |
'logo_hint' | 'logos' | 'colors' | 'fonts' | 'company' | 'icons' | 'social_links' | 'key_links' | 'consistency' | 'canonical_url' | 'theme_color' |
'language' | 'field_sources'> & {
  /** Data sources that contributed, in the order of SOURCE_ORDER. */
  sources: string[]
}

export const SOURCE_ORDER = ['dns', 'homepage-html', 'rendered-html', 'meta-tags', 'links', 'json-ld', 'web-manifest', 'favicon.ico', 'stylesheets',
  'contact-page']

export function emptyOpenGraph (): OpenGraphFields {
  return { site_name: null, title: null, description: null, image: null, url: null, type: null, locale: null }
}

export function emptyFacts (): PageFacts {
  const { company, sources: companySources } = emptyCompany()
  return {
    brand_name: null,
    brand_summary: null,
    title: null,
    description: null,
    open_graph: emptyOpenGraph(),
    logo_hint: null,
    logos: [],
    colors: [],
    fonts: [],
    company,
    icons: [],
    social_links: [],
    key_links: {},
    consistency: [],
    canonical_url: null,
    theme_color: null,
    language: null,
    field_sources: {
      brand_name: null,
      brand_summary: null,
      logo_hint: null,
      logos: null,
      colors: null,
      fonts: null,
      company: companySources,
      key_links: null,
      consistency: null
    },
    sources: []
  }
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

/**
 * Every profile field a homepage gives, by the rules in services/brand/README.md, but the logo's own colours (an
 * image decoding, added by describeResponse). `pageUrl` is the URL the page was read from (its base URL when absent).
 */
export function describePage (meta: PageMetadata, extras: PageExtras, hostname: string, pageUrl = meta.baseUrl): PageFacts {
  const orgs = siteOrganizations(meta, extras, hostname)
  const brand = pickBrandName(brandSignals(meta, extras, hostname))
  const summary = pickSummary(summarySignals(meta, extras, orgs))
  // a platform's page may have a publisher of its own (a publication on Medium): its logo is not the brand's
  const brandOrgs = orgs.filter((org) => {
    const names = [org.name, org.alternateName].filter((name): name is string => name !== null)
    return brand.name === null || names.length === 0 || names.some((name) => sameBrand(name, brand.name ?? ''))
  })
  const logoRules = logoSignals(meta, extras, brandOrgs)
  const logos = extras.images === undefined ? [] : rankLogos(logoCandidates(logoRules), extras.images)
  const hint = pickLogoHint(logoRules)
  // the first logo whose bytes were read, else the rules' hint unread
  const logo = logos.length > 0 ? { url: logos[0].url, source: logos[0].source } : hint
  const openGraph = openGraphOf(meta)
  const socialLinks = siteSocialLinks(meta, orgs, websiteSameAs(meta.jsonLd.nodes), { brandName: brand.name, hostname })
  const colors = declaredColors(meta, extras.manifest)
  // the links are on the site the page came from, which a redirect may have changed
  const keyLinks = findKeyLinks(meta, pageUrl)
  const consistency = findInconsistencies(meta, extras.manifest, orgs, pageUrl)
  const inline = (meta.styles ?? []).map((css) => ({ css, url: meta.baseUrl, origin: 'inline-css' as const }))
  const company = companyFacts({ meta, orgs, brandName: brand.name, hostname, page: extras.companyPage ?? null })
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
  const used = new Set(['homepage-html'])
  for (const rule of [brand.source, summary.source, logo.source]) {
    const source = rule === null ? undefined : RULE_SOURCE[rule]
    if (source !== undefined) used.add(source)
  }
  if (Object.keys(meta.openGraph).length > 0 || Object.keys(meta.twitter).length > 0 || meta.description !== null) used.add('meta-tags')
  if (meta.icons.length > 0 || facts.social_links.length > 0 || meta.canonical !== null || facts.field_sources.key_links !== null) used.add('links')
  if (extras.manifest !== null) used.add('web-manifest')
  if (extras.faviconIco !== null) used.add('favicon.ico')
  if (fonts.some((font) => font.origin === 'stylesheet')) used.add('stylesheets')
  if (Object.values(company.sources).some((source) => source?.startsWith('contact-page') === true)) used.add('contact-page')
  if (Object.values(company.sources).includes('json-ld:organization')) used.add('json-ld')
  facts.sources = SOURCE_ORDER.filter((source) => used.has(source))
  return facts
}
