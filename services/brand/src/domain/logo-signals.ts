import type { PageMetadata } from '@utility-apis/html-metadata'
import { percentDecoded } from './clean-text.js'
import type { IconCandidate, LogoSignals, ManifestIcon } from './logo-hint.js'
import type { OrganizationNode } from './organization.js'
import { absolute, type BrandAssets } from './page-signals.js'

// What the logo rules read from a page and its manifest: the logos it declares and the icons it links.

// share cards and posters: 1200x630, 1024x576, 1280x720 and the like
const SHARE_NAME = /(?:^|[^a-z])(?:og|share|social|poster|card|facebook|twitter)(?:[^a-z]|$)|(?:1200|1024|1280|1920)x(?:630|627|600|576|675|720|1080)/i

/**
 * Whether a declared logo can be one: not the page's share image, not named as a share card or poster, and not of
 * a share card's shape (wider than 1.3:1 and narrower than 2.2:1 at 400 pixels or more) when its size is declared.
 */
function isLogoShaped (url: string, size: { width: number, height: number } | null, shareImages: Set<string | null>): boolean {
  if (shareImages.has(url)) return false
  const name = new URL(url).pathname.split('/').pop() ?? ''
  if (SHARE_NAME.test(percentDecoded(name) ?? name)) return false
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

export function logoSignals (meta: PageMetadata, extras: BrandAssets, orgs: OrganizationNode[]): LogoSignals {
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

export function manifestIcons (extras: BrandAssets): ManifestIcon[] {
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
export function iconUrls (meta: PageMetadata, extras: BrandAssets): string[] {
  const urls = meta.icons.map((link) => absolute(link.href, meta.baseUrl))
  urls.push(...manifestIcons(extras).map((icon) => icon.url), extras.faviconIco)
  return [...new Set(urls.filter((url): url is string => url !== null))]
}
