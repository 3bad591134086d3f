import type { PageMetadata } from '@utility-apis/html-metadata'
import type { ImageInfo, SizeSource } from './image-probe.js'
import { iconSize, pickLogoHint, type IconCandidate, type LogoHint, type LogoSignals } from './logo-hint.js'
import { isShareShape, logoSignals } from './logo-signals.js'
import { sameBrand } from './name-matching.js'
import type { OrganizationNode } from './organization.js'
import type { PageExtras } from './page-signals.js'

type LogoKind = 'logo' | 'symbol' | 'icon'
export type LogoTheme = 'light' | 'dark'

/** One logo file of the profile, with what its own bytes say. */
export interface Logo {
  url: string
  kind: LogoKind
  format: string
  width: number
  height: number
  /** `decoded` when the pixels were decoded at that size, `declared` when only the file's header says so. */
  size_source: SizeSource
  /** The colour scheme the page offers it for (`media="(prefers-color-scheme: dark)"`), else null. */
  theme: LogoTheme | null
  source: string
}

/** A URL worth probing, in the order of the logo rules, before its bytes are read. */
export interface LogoCandidateRef {
  url: string
  source: string
  /** Declared as the site's logo (JSON-LD, itemprop, og:logo, header image) or an icon of some kind. */
  declared: boolean
  theme: LogoTheme | null
}

const MAX_LOGOS = 6
const PER_KIND = 2
const MIN_EDGE = 16

export function themeOf (media: string | null | undefined): LogoTheme | null {
  const match = /prefers-color-scheme\s*:\s*(dark|light)/i.exec(media ?? '')
  return match === null ? null : match[1].toLowerCase() as LogoTheme
}

function largestFirst<T extends IconCandidate> (icons: T[]): T[] {
  return [...icons].sort((a, b) => iconSize(b) - iconSize(a))
}

/**
 * The URLs to probe, best first: the declared logos and header logos, then the largest touch icons, icon links and
 * manifest icons, then /favicon.ico. A page that lists twenty icon sizes gets its two largest of each kind probed.
 */
export function logoCandidates (signals: LogoSignals): LogoCandidateRef[] {
  const out: LogoCandidateRef[] = []
  const add = (url: string, source: string, declared: boolean, theme: LogoTheme | null = null): void => {
    if (!out.some((candidate) => candidate.url === url)) out.push({ url, source, declared, theme })
  }
  for (const logo of signals.declared.slice(0, 3)) add(logo.url, logo.source, true)
  for (const logo of signals.headerLogos.slice(0, PER_KIND)) add(logo.url, 'header-logo', true, themeOf(logo.media))
  for (const icon of largestFirst(signals.appleTouchIcons).slice(0, PER_KIND)) add(icon.url, 'apple-touch-icon', false, themeOf(icon.media))
  for (const icon of largestFirst(signals.icons).slice(0, PER_KIND)) add(icon.url, 'icon', false, themeOf(icon.media))
  const manifest = largestFirst(signals.manifestIcons.filter((icon) => !/\bmonochrome\b/.test(icon.purpose ?? '')))
  for (const icon of manifest.slice(0, PER_KIND)) add(icon.url, 'web-manifest', false)
  if (signals.faviconIco !== null) add(signals.faviconIco, 'favicon.ico', false)
  return out
}

function kindOf (candidate: LogoCandidateRef, image: ImageInfo): LogoKind {
  if (!candidate.declared) return 'icon'
  return image.width / image.height >= 1.5 ? 'logo' : 'symbol'
}

// an SVG scales to any size, so it ranks as the largest icon; a size only a header claims ranks after every size a
// decode confirmed, so a file claiming 50000 x 50000 cannot push real icons down
const edge = (image: ImageInfo): number => image.format === 'svg' ? Number.MAX_SAFE_INTEGER : Math.min(image.width, image.height)
const trust = (image: ImageInfo): number => image.format === 'svg' || image.sizeSource === 'decoded' ? 1 : 0

/**
 * The logos a client can use, best first and at most six: candidates whose bytes are an image, declared logos
 * first (a share card's shape is no logo, whatever the page declares), then icons by size (an SVG first, sizes only
 * declared after decoded ones). Images under 16 pixels are left out.
 */
function rankLogos (candidates: LogoCandidateRef[], probes: Map<string, ImageInfo | null>): Logo[] {
  const usable: Array<{ candidate: LogoCandidateRef, image: ImageInfo }> = []
  for (const candidate of candidates) {
    const image = probes.get(candidate.url)
    if (image == null || (Math.min(image.width, image.height) < MIN_EDGE && image.format !== 'svg')) continue
    if (candidate.declared && image.format !== 'svg' && isShareShape(image.width, image.height)) continue
    usable.push({ candidate, image })
  }
  const declared = usable.filter(({ candidate }) => candidate.declared)
  const icons = usable.filter(({ candidate }) => !candidate.declared)
    .sort((a, b) => trust(b.image) - trust(a.image) || edge(b.image) - edge(a.image))
  return [...declared, ...icons].slice(0, MAX_LOGOS).map(({ candidate, image }) => ({
    url: candidate.url,
    kind: kindOf(candidate, image),
    format: image.format,
    width: image.width,
    height: image.height,
    size_source: image.sizeSource,
    theme: candidate.theme,
    source: candidate.source
  }))
}

/**
 * The page's logos, ranked from what their files' bytes say (`extras.images`, none when nothing was probed), and the
 * rules' hint read from the page alone. `orgs` are the organizations the site speaks for; only those bearing the
 * brand's name (or no name) give logos: a platform's page may name a publisher of its own (a publication on Medium).
 */
export function pageLogos (meta: PageMetadata, extras: PageExtras, orgs: OrganizationNode[], brandName: string | null): { logos: Logo[], hint: LogoHint } {
  const brandOrgs = orgs.filter((org) => {
    const names = [org.name, org.alternateName].filter((name): name is string => name !== null)
    return brandName === null || names.length === 0 || names.some((name) => sameBrand(name, brandName))
  })
  const rules = logoSignals(meta, extras, brandOrgs)
  const logos = extras.images === undefined ? [] : rankLogos(logoCandidates(rules), extras.images)
  return { logos, hint: pickLogoHint(unreadSignals(rules, extras.images)) }
}

/**
 * The signals whose files were not read (`probes` holds only the URLs whose file was read). The hint stands in for a
 * logo that could not be read: a file that was read and is no logo (not an image, too small, a share card) is never it.
 */
function unreadSignals (signals: LogoSignals, probes: Map<string, ImageInfo | null> | undefined): LogoSignals {
  if (probes === undefined) return signals
  const unread = <T extends { url: string }>(candidates: T[]): T[] => candidates.filter((candidate) => !probes.has(candidate.url))
  return {
    declared: unread(signals.declared),
    appleTouchIcons: unread(signals.appleTouchIcons),
    manifestIcons: unread(signals.manifestIcons),
    icons: unread(signals.icons),
    headerLogos: unread(signals.headerLogos),
    faviconIco: signals.faviconIco !== null && probes.has(signals.faviconIco) ? null : signals.faviconIco
  }
}
