import type { Logo } from '../domain/logos.js'
import type { LogoTheme } from './logo-variant.js'

// Which of a profile's logos (logos.ts ranks them, best first) makes the best square image of a given size.

/** A file whose sides differ by at most this ratio is a square mark. */
const SQUARE_RATIO = 1.25
/** Sources whose file is made to be shown square: a touch icon, a manifest icon, a declared square logo (a symbol). */
const SQUARE_SOURCES = new Set(['apple-touch-icon', 'web-manifest'])

const isSquare = (logo: Logo): boolean =>
  Math.max(logo.width, logo.height) <= Math.min(logo.width, logo.height) * SQUARE_RATIO
/** An SVG scales to any size. */
const edgeOf = (logo: Logo): number => logo.format === 'svg' ? Number.MAX_SAFE_INTEGER : Math.min(logo.width, logo.height)
const isMark = (logo: Logo): boolean => isSquare(logo) && (SQUARE_SOURCES.has(logo.source) || logo.kind === 'symbol' || logo.format === 'svg')

/** Whether a logo is meant for the theme asked: its own variant first, a logo for any scheme next, the other last. */
function themeRank (logo: Logo, theme: LogoTheme): number {
  if (theme === 'auto') return logo.theme === 'dark' ? 1 : 0
  if (logo.theme === theme) return 0
  return logo.theme === null ? 1 : 2
}

/**
 * The logos to try, best first: square marks at or above `pixels` (apple-touch-icon, manifest icons, declared square
 * logos, SVGs), then wordmarks (declared logos of another shape, fitted into the square), then every other image by
 * size, largest first (icons, favicons, marks smaller than asked). Within each tier a logo meant for the asked theme
 * comes first. An OpenGraph share card is never a logo (logos.ts leaves it out; one named so here is dropped too).
 */
export function logoChoices (logos: Logo[], pixels: number, theme: LogoTheme): Logo[] {
  const usable = logos.filter((logo) => !/og:image|share/i.test(logo.source))
  const tierOf = (logo: Logo): number => {
    if (isMark(logo) && edgeOf(logo) >= pixels) return 0
    if (logo.kind === 'logo') return 1
    return 2
  }
  return usable
    .map((logo, index) => ({ logo, index, tier: tierOf(logo) }))
    .sort((a, b) => a.tier - b.tier || themeRank(a.logo, theme) - themeRank(b.logo, theme) ||
      (a.tier === 2 ? edgeOf(b.logo) - edgeOf(a.logo) : 0) || a.index - b.index)
    .map(({ logo }) => logo)
}
