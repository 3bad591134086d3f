/** An icon or logo URL with what the page says about it. URLs are already absolute. */
export interface IconCandidate {
  url: string
  /** The `sizes` attribute or manifest `sizes`, e.g. `180x180`, `16x16 32x32` or `any`. */
  sizes?: string | null
  type?: string | null
  /** The link's media query, for the theme. */
  media?: string | null
}

export interface ManifestIcon extends IconCandidate {
  purpose?: string | null
}

export interface LogoSignals {
  /** Explicit logo declarations in priority order: JSON-LD logo, img[itemprop=logo], og:logo. */
  declared: Array<{ url: string, source: string }>
  appleTouchIcons: IconCandidate[]
  manifestIcons: ManifestIcon[]
  /** `link` elements whose rel contains `icon` (apple-touch and mask icons excluded). */
  icons: IconCandidate[]
  /** `<img>` in the header whose class, id or alt says logo. */
  headerLogos: IconCandidate[]
  /** /favicon.ico when it was checked to exist, else null. */
  faviconIco: string | null
}

export interface LogoHint {
  url: string | null
  source: string | null
}

const SVG_SIZE = Number.MAX_SAFE_INTEGER

/** The largest edge an icon declares, from `sizes`, an `NxN` in the file name, or SVG (scales to any size). */
export function iconSize (icon: IconCandidate): number {
  const sizes = (icon.sizes ?? '').toLowerCase()
  if (sizes.split(/\s+/).includes('any')) return SVG_SIZE
  let best = 0
  for (const match of sizes.matchAll(/(\d+)x(\d+)/g)) best = Math.max(best, Math.min(Number(match[1]), Number(match[2])))
  if (best > 0) return best
  if ((icon.type ?? '').includes('svg') || /\.svg(?:[?#]|$)/i.test(icon.url)) return SVG_SIZE
  const named = /(\d{2,4})x(\d{2,4})/.exec(icon.url.split('/').pop() ?? '')
  return named === null ? 0 : Math.min(Number(named[1]), Number(named[2]))
}

function largest<T extends IconCandidate> (icons: T[]): T | null {
  let best: T | null = null
  let bestSize = -1
  for (const icon of icons) {
    const size = iconSize(icon)
    if (size > bestSize) { best = icon; bestSize = size }
  }
  return best
}

function isAnyPurpose (icon: ManifestIcon): boolean {
  const purpose = (icon.purpose ?? '').trim().toLowerCase()
  return purpose === '' || purpose.split(/\s+/).includes('any')
}

/** Logo hint order of services/brand/README.md (Decisions, logos); og:image is a share card, never a logo. */
export function pickLogoHint (signals: LogoSignals): LogoHint {
  const declared = signals.declared[0]
  if (declared !== undefined) return { url: declared.url, source: declared.source }
  const apple = largest(signals.appleTouchIcons)
  if (apple !== null) return { url: apple.url, source: 'apple-touch-icon' }
  const manifest = largest(signals.manifestIcons.filter(isAnyPurpose))
  if (manifest !== null) return { url: manifest.url, source: 'web-manifest' }
  const icon = largest(signals.icons)
  if (icon !== null) return { url: icon.url, source: 'icon' }
  const header = signals.headerLogos[0]?.url
  if (header !== undefined) return { url: header, source: 'header-logo' }
  if (signals.faviconIco !== null) return { url: signals.faviconIco, source: 'favicon.ico' }
  return { url: null, source: null }
}
