import { parse as parseDomain } from 'tldts'
import { mainOrganization, type OrganizationSignal } from './organization.js'
import { cleanText, nameKey, sameName, wordCount } from './text.js'

export type { OrganizationSignal }

/** Everything the brand-name rules look at, already extracted from the homepage. */
export interface BrandSignals {
  hostname: string
  siteNames: string[]
  applicationName: string | null
  appleMobileWebAppTitle: string | null
  organizations: OrganizationSignal[]
  websiteName: string | null
  manifestName: string | null
  manifestShortName: string | null
  title: string | null
  logoAlts: string[]
  copyrightHolder: string | null
  navbarBrand: string | null
}

export interface BrandNameResult {
  name: string | null
  /** The rule that produced the name, e.g. `og:site_name` or `title-segment`. */
  source: string | null
  /** True for the last-resort guess from the domain label. */
  lowConfidence: boolean
}

const GENERIC = new Set([
  'home', 'homepage', 'home page', 'welcome', 'index', 'untitled', 'untitled document', 'default', 'main', 'loading',
  'just a moment', 'attention required', 'access denied', 'forbidden', '403 forbidden', '404 not found', 'not found',
  'page not found', 'coming soon', 'under construction', 'website', 'my site', 'new tab', 'document'
])

/** 1 to 60 characters, not a URL, not a generic page word. */
export function isPlausibleName (value: string): boolean {
  if (value.length < 1 || value.length > 60) return false
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^www\./i.test(value)) return false
  const bare = value.toLowerCase().replace(/[.…!]+$/, '').trim()
  if (bare === '' || GENERIC.has(bare)) return false
  return /[\p{L}\p{N}]/u.test(value)
}

// spaced separators only, so "Coca-Cola" and "AT&T: Wireless" style names survive where they should
const SEPARATOR = /\s+[|–—·•»-]\s+|:\s+/

export function titleSegments (title: string): string[] {
  return cleanText(title).split(SEPARATOR).map((s) => s.trim()).filter(Boolean)
}

function first (values: Array<string | null | undefined>): string | null {
  for (const raw of values) {
    const value = cleanText(raw)
    if (isPlausibleName(value)) return value
  }
  return null
}

function stripLogoWord (alt: string): string {
  return cleanText(alt.replace(/\b(company\s+)?logo(type)?\b/gi, '').replace(/\s+[-|–]\s*$/, '').replace(/^[-|–]\s+/, ''))
}

/** The label of the registrable domain ("bbc" for www.bbc.co.uk), or null for IPs and single-label hosts. */
export function domainLabel (hostname: string): string | null {
  const parsed = parseDomain(hostname, { allowPrivateDomains: true })
  if (parsed.isIp === true || parsed.domainWithoutSuffix == null || parsed.domainWithoutSuffix === '') return null
  return parsed.domainWithoutSuffix
}

function matchesDomainLabel (value: string, label: string | null): boolean {
  if (label === null) return false
  const key = nameKey(value)
  const compactLabel = label.replace(/[^a-z0-9]/g, '')
  if (key.length < 3) return key === compactLabel
  return key === compactLabel || compactLabel.startsWith(key) || key.startsWith(compactLabel)
}

function corroborators (signals: BrandSignals): string[] {
  return [...signals.logoAlts.map(stripLogoWord), cleanText(signals.copyrightHolder), cleanText(signals.navbarBrand)]
    .filter((value) => value !== '')
}

function pickSiteName (signals: BrandSignals): string | null {
  const names = signals.siteNames.map(cleanText).filter(isPlausibleName)
  if (names.length <= 1) return names[0] ?? null
  // several og:site_name tags: one is sometimes a page title (metascraper #146)
  const title = cleanText(signals.title).toLowerCase()
  const alts = signals.logoAlts.map((alt) => stripLogoWord(alt).toLowerCase())
  const confirmed = names.find((name) => title.includes(name.toLowerCase()) || alts.some((alt) => alt.includes(name.toLowerCase())))
  return confirmed ?? [...names].sort((a, b) => a.length - b.length)[0]
}

/** Picks the title segment that names the brand, or null when no segment is trustworthy. */
export function brandFromTitle (title: string, hostname: string, others: string[]): string | null {
  const segments = titleSegments(title).filter(isPlausibleName)
  if (segments.length === 0) return null
  const confirmed = segments.find((segment) => others.some((other) => sameName(segment, other)))
  if (confirmed !== undefined) return confirmed
  const label = domainLabel(hostname)
  const onDomain = segments.find((segment) => matchesDomainLabel(segment, label))
  if (onDomain !== undefined) return onDomain
  if (segments.length === 1) return wordCount(segments[0]) <= 2 ? segments[0] : null
  // never a blind first or last segment: the shorter end, and only when it is short enough to be a name
  const ends = [segments[0], segments[segments.length - 1]].sort((a, b) => a.length - b.length)
  return ends.find((segment) => wordCount(segment) <= 4) ?? null
}

function titleCaseLabel (label: string): string {
  return label.split(/[-_]+/).filter(Boolean).map((word) => word[0].toUpperCase() + word.slice(1)).join(' ')
}

/** The brand name rules of research/brand.md section 3, first plausible candidate wins. */
export function pickBrandName (signals: BrandSignals): BrandNameResult {
  const found = (name: string | null, source: string): BrandNameResult | null =>
    name === null ? null : { name, source, lowConfidence: false }
  const org = mainOrganization(signals.organizations, signals.hostname)
  const title = signals.title === null ? null : brandFromTitle(signals.title, signals.hostname, corroborators(signals))
  const result = found(pickSiteName(signals), 'og:site_name') ??
    found(first([signals.applicationName]), 'application-name') ??
    found(first([signals.appleMobileWebAppTitle]), 'apple-mobile-web-app-title') ??
    found(first([org?.name]), 'json-ld:organization') ??
    found(first([org?.alternateName]), 'json-ld:alternate-name') ??
    found(first([signals.websiteName]), 'json-ld:website') ??
    found(first([signals.manifestName, signals.manifestShortName]), 'web-manifest') ??
    found(title, 'title-segment') ??
    found(first(signals.logoAlts.map(stripLogoWord)), 'logo-alt') ??
    found(first([signals.copyrightHolder]), 'copyright') ??
    found(first([signals.navbarBrand]), 'site-title')
  if (result !== null) return result
  const label = domainLabel(signals.hostname)
  if (label === null) return { name: null, source: null, lowConfidence: false }
  return { name: titleCaseLabel(label), source: 'domain-label', lowConfidence: true }
}
