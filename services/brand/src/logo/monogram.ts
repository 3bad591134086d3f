import { hash } from 'node:crypto'
import { colord } from 'colord'

// The image answered when a site has no logo we can render (`fallback=monogram`): the brand's initial, or two, on its
// brand colour, else on a colour derived from the domain, so one domain always gets the same square.

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char)

/** The first letter (or digit) of the first two words of the name, else of the domain's first label past `www.`. */
export function initialsOf (brandName: string | null, domain: string): string {
  const words = (brandName ?? '').split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '')
  const firsts = words.slice(0, 2).map((word) => Array.from(word)[0].toLocaleUpperCase())
  if (firsts.length > 0) return firsts.join('')
  const label = domain.replace(/^www\./i, '').split('.')[0] ?? ''
  const first = Array.from(label).find((char) => /[\p{L}\p{N}]/u.test(char))
  return first === undefined ? '?' : first.toLocaleUpperCase()
}

/** A colour of the domain's own, the same for every request: a hue from its hash, mid saturation and lightness. */
export function domainColor (domain: string): string {
  const hue = parseInt(hash('sha256', domain.toLowerCase(), 'hex').slice(0, 8), 16) % 360
  return colord({ h: hue, s: 55, l: 42 }).toHex()
}

/**
 * The font the initials are drawn in, as fontconfig names it: sharp (librsvg) finds it on the machine, so the image
 * installs it (Dockerfile, runtime-base: fonts-dejavu-core); without any font the letter is a missing-glyph box.
 */
export const MONOGRAM_FONT = 'DejaVu Sans'

/** The monogram as an SVG of our own: the initials, escaped, centred on the colour, in the colour that reads on it. */
export function monogramSvg (initials: string, background: string, pixels: number): string {
  const ink = colord(background).isLight() ? '#1f2328' : '#ffffff'
  const fontSize = initials.length > 1 ? 40 : 54
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" fill="${escapeXml(background)}"/>` +
    `<text x="50" y="50" dy="0.36em" text-anchor="middle" font-family="${MONOGRAM_FONT}, Helvetica, Arial, sans-serif" ` +
    `font-weight="bold" font-size="${fontSize}" fill="${ink}">${escapeXml(initials)}</text></svg>`
}
