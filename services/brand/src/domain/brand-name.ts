import { cleanText, wordCount } from './clean-text.js'
import { sameName, withoutLegalForm } from './name-matching.js'
import { mainOrganization, type OrganizationSignal } from './organization.js'
import { matchesDomainLabel, type SiteHost } from './site-host.js'

/** Everything the brand-name rules look at, already extracted from the homepage. */
export interface BrandSignals {
  /** The domain profiled: a name spelled like its label is confirmed, and the last resort. */
  host: SiteHost
  /** The host of the page's canonical URL, when it names one: the site's own organization may live there. */
  canonicalHost?: SiteHost | null
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
  /** The text (or image alt) of the home link in the site's header or navigation. */
  navbarBrand: string | null
  /** The text of the page's first h1: a name only when the host label confirms it (see `headingName`). */
  mainHeading?: string | null
  /** Names of the site's apps (twitter:app:name:*, al:*:app_name): evidence, and spellings, never a source alone. */
  appNames?: string[]
  /** Texts of the links in the site's header, footer and navigation: spellings only ("Why Audiense"). */
  navigationTexts?: string[]
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

// an alt that is a file name ("audiense_logotype_black", "logo.png") names nothing
const FILE_NAME = /^\S*_\S*$|\.(png|jpe?g|gif|svg|webp|ico)$/i

function stripLogoWord (alt: string): string {
  if (FILE_NAME.test(alt.trim())) return ''
  // a stray number beside the name ("64 audiense", "64Audiense") is an asset's numbering
  const unnumbered = alt.replace(/^\d+\s+|\s+\d+$|^\d+(?=\p{Lu})/gu, '')
  return cleanText(unnumbered.replace(/\b(company\s+)?logo(type)?\b/gi, '').replace(/\s+[-|–]\s*$/, '').replace(/^[-|–]\s+/, ''))
}

// "Bloomberg.com", "NPR.org", "Stuff.co.nz": a name written as the site's address
const ADDRESS_NAME = /^([\p{L}\p{N}&'-]+)((?:\.[a-z]{2,6}){1,2})$/iu

/** Letters and digits only, without a leading "the": how two spellings of one name compare. */
function spellingKey (value: string): string {
  return value.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/^the\s+/, '').replace(/[^\p{L}\p{N}]/gu, '')
}

/**
 * The spelling a person reads. A name written as an address loses its domain suffix when the page also names
 * itself without it ("Bloomberg.com" on a page whose title ends "- Bloomberg"; "Booking.com" stays when nothing
 * says "Booking"), and a name without spaces ("BostonGlobe", a host label "Businesstoday") takes the spaced
 * spelling the page writes elsewhere ("The Boston Globe", "Business Today").
 */
function cleanSpelling (name: string, spellings: string[], fromHostLabel = false): string {
  const address = ADDRESS_NAME.exec(name)
  if (address === null && !fromHostLabel) return name
  const key = spellingKey(address === null ? name : address[1])
  if (key === '') return name
  const same = spellings.filter((other) => isPlausibleName(other) && ADDRESS_NAME.exec(other) === null && spellingKey(other) === key)
  return same.find((other) => /\s/.test(other)) ?? (address === null ? name : same[0] ?? name)
}

// names the site declares as its name are kept as written ("smitten kitchen"); the others are read from labels
const DECLARED_NAMES = new Set(['og:site_name', 'application-name', 'apple-mobile-web-app-title', 'json-ld:organization',
  'json-ld:alternate-name', 'json-ld:website', 'web-manifest'])

/** A name read all in lowercase from an image alt ("audiense") takes the capitals the page writes it with elsewhere. */
function capitalised (name: string, spellings: string[]): string {
  if (name !== name.toLowerCase()) return name
  const key = spellingKey(name)
  return spellings.find((other) => other !== other.toLowerCase() && spellingKey(other) === key) ?? name
}

/**
 * The name part of a label that carries a tagline ("PR Newswire: news distribution, targeting and monitoring"):
 * the segment another piece of evidence confirms, else the first segment when it is short enough to be a name.
 */
function nameFromLabel (label: string, host: SiteHost, evidence: string[]): string | null {
  const segments = titleSegments(label).filter(isPlausibleName)
  if (segments.length <= 1) return segments[0] ?? null
  const confirmed = segments.find((segment) => agrees(segment, host, evidence))
  if (confirmed !== undefined) return confirmed
  return wordCount(segments[0]) <= 4 ? segments[0] : null
}

/** A segment of `label` that other evidence or the host label confirms, or null. */
function confirmedSegment (label: string, host: SiteHost, evidence: string[]): string | null {
  return titleSegments(label).filter(isPlausibleName).find((segment) => agrees(segment, host, evidence)) ?? null
}

function agrees (segment: string, host: SiteHost, evidence: string[]): boolean {
  return evidence.some((other) => sameName(segment, other)) || matchesDomainLabel(segment, host.label)
}

/**
 * The title segment that names the brand, or null. A title of several segments names its brand only in a segment
 * that other evidence confirms (a logo alt, the copyright holder, og:site_name, application-name, the host label):
 * the rest is a headline ("Twin Peaks 2017: Using the data ..."). A title that is one short segment is the name.
 */
export function brandFromTitle (title: string, host: SiteHost, others: string[]): string | null {
  const segments = titleSegments(title).filter(isPlausibleName)
  if (segments.length === 0) return null
  const confirmed = segments.find((segment) => agrees(segment, host, others))
  if (confirmed !== undefined) return confirmed
  return segments.length === 1 && wordCount(segments[0]) <= 2 ? segments[0] : null
}

// a heading longer than this is a headline or a tagline, even one that starts with the brand ("Tidepool raises ...")
const HEADING_NAME_MAX_WORDS = 3

/**
 * The first h1 as the brand's name, when it is one short segment that the host label confirms ("Tidepool Analytics"
 * on tidepool.com). It is the last rule before the label itself: an application whose framework puts back its
 * placeholder title (Next.js's "Create Next App") still names itself in its heading.
 */
function headingName (heading: string | null | undefined, host: SiteHost): string | null {
  const segments = titleSegments(cleanText(heading)).filter(isPlausibleName)
  if (segments.length !== 1 || wordCount(segments[0]) > HEADING_NAME_MAX_WORDS) return null
  return matchesDomainLabel(segments[0], host.label) ? segments[0] : null
}

function titleCaseLabel (label: string): string {
  return label.split(/[-_]+/).filter(Boolean).map((word) => word[0].toUpperCase() + word.slice(1)).join(' ')
}

type EvidenceKind = 'site-name' | 'logo-alt' | 'navbar' | 'other'

/**
 * Every name the page gives itself, cut into segments: what a candidate has to agree with. `except` leaves out the
 * candidate's own kind, so that a label never confirms itself.
 */
function evidenceOf (signals: BrandSignals, except?: EvidenceKind): string[] {
  const kinds: Array<[EvidenceKind, Array<string | null>]> = [
    ['site-name', signals.siteNames],
    ['logo-alt', signals.logoAlts.map(stripLogoWord)],
    ['navbar', [signals.navbarBrand]],
    ['other', [signals.applicationName, signals.appleMobileWebAppTitle, signals.websiteName, signals.manifestName,
      signals.manifestShortName, signals.copyrightHolder, ...(signals.appNames ?? [])]]
  ]
  return kinds.filter(([kind]) => kind !== except).flatMap(([, names]) => names.flatMap((name) => titleSegments(cleanText(name))))
}

/** A site name with separators ("Radiolab Podcasts | WNYC Studios") names the site in its confirmed segment. */
function siteNameOf (value: string, signals: BrandSignals, evidence: string[]): string {
  const segments = titleSegments(value).filter(isPlausibleName)
  if (segments.length <= 1) return value
  return segments.find((segment) => agrees(segment, signals.host, evidence)) ?? value
}

function pickSiteName (signals: BrandSignals, evidence: string[]): string | null {
  const names = signals.siteNames.map(cleanText).filter(isPlausibleName)
  if (names.length === 0) return null
  let name = names[0]
  if (names.length > 1) {
    // several og:site_name tags: one is sometimes a page title (metascraper #146)
    const title = cleanText(signals.title).toLowerCase()
    const alts = signals.logoAlts.map((alt) => stripLogoWord(alt).toLowerCase())
    const confirmed = names.find((n) => title.includes(n.toLowerCase()) || alts.some((alt) => alt.includes(n.toLowerCase())))
    name = confirmed ?? [...names].sort((a, b) => a.length - b.length)[0]
  }
  name = siteNameOf(name, signals, evidenceOf(signals, 'site-name'))
  // a site name that neither the title nor the host confirms loses to a title segment that the host confirms
  // ("channelpro" on itpro.com, whose title ends "| ITPro")
  const label = signals.host.label
  const segments = titleSegments(cleanText(signals.title)).filter(isPlausibleName)
  const hostSegment = segments.find((segment) => matchesDomainLabel(segment, label))
  const confirmedByPage = matchesDomainLabel(name, label) || segments.some((segment) => sameName(segment, name)) ||
    cleanText(signals.title).toLowerCase().includes(name.toLowerCase())
  return hostSegment !== undefined && !confirmedByPage ? hostSegment : name
}

/** The brand name: the first plausible candidate of the rules below, cleaned and confirmed as described. */
export function pickBrandName (signals: BrandSignals): BrandNameResult {
  const evidence = evidenceOf(signals)
  const found = (name: string | null, source: string): BrandNameResult | null =>
    name === null ? null : { name, source, lowConfidence: false }
  const hosts = [signals.host, signals.canonicalHost ?? signals.host]
  const org = mainOrganization(signals.organizations, hosts, [cleanText(signals.title), ...evidence])
  const title = signals.title === null ? null : brandFromTitle(signals.title, signals.host, evidence)
  const altEvidence = evidenceOf(signals, 'logo-alt')
  const logoAlt = first(signals.logoAlts.map((alt) => confirmedSegment(stripLogoWord(alt), signals.host, altEvidence))) ??
    first(signals.logoAlts.map((alt) => nameFromLabel(stripLogoWord(alt), signals.host, altEvidence)))
  const navbar = signals.navbarBrand === null ? null : nameFromLabel(signals.navbarBrand, signals.host, evidenceOf(signals, 'navbar'))
  const result = found(pickSiteName(signals, evidence), 'og:site_name') ??
    found(first([signals.applicationName]), 'application-name') ??
    found(first([signals.appleMobileWebAppTitle]), 'apple-mobile-web-app-title') ??
    found(first([org?.name]), 'json-ld:organization') ??
    found(first([org?.alternateName]), 'json-ld:alternate-name') ??
    found(first([signals.websiteName]), 'json-ld:website') ??
    found(first([signals.manifestName, signals.manifestShortName]), 'web-manifest') ??
    found(title, 'title-segment') ??
    found(logoAlt, 'logo-alt') ??
    // the holder of a copyright line is a legal name ("Vantor Telematics Inc."); the brand goes without its form
    found(first([signals.copyrightHolder === null ? null : withoutLegalForm(signals.copyrightHolder)]), 'copyright') ??
    found(first([navbar]), 'site-title') ??
    found(headingName(signals.mainHeading, signals.host), 'main-heading')
  const spellings = [...titleSegments(cleanText(signals.title)), ...evidence]
  if (result !== null) {
    const name = result.name ?? ''
    // "Businesstoday", not "MacRumors": a name with inner capitals is already spelt as the brand writes it
    const runTogether = /^\p{Lu}?[\p{Ll}\p{N}]+$/u.test(name) && spellingKey(name) === signals.host.label?.replace(/[^a-z0-9]/g, '')
    const spelt = cleanSpelling(name, spellings, runTogether)
    const words = (signals.navigationTexts ?? []).flatMap((text) => text.split(/[\s·|,:/()]+/))
    return { ...result, name: DECLARED_NAMES.has(result.source ?? '') ? spelt : capitalised(spelt, [...spellings, ...words]) }
  }
  const label = signals.host.label
  if (label === null) return { name: null, source: null, lowConfidence: false }
  return { name: cleanSpelling(titleCaseLabel(label), spellings, true), source: 'domain-label', lowConfidence: true }
}
