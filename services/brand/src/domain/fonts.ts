import { familiesOf, readCssFonts, type CssFontUse, type CssFonts } from '@utility-apis/html-metadata'

type FontRole = 'heading' | 'body' | 'other'
export type FontSource = 'google-fonts' | 'adobe-fonts' | 'bunny-fonts' | 'self-hosted' | 'system'

/** One typeface of the site, with the role its CSS gives it and where it is served from. */
export interface BrandFont {
  family: string
  role: FontRole
  source: FontSource
  /** The weights the site loads (from @font-face or the font service's URL), ascending; absent when unknown. */
  weights?: number[]
  /** The font service's stylesheet, or the self-hosted font file; absent for a system font. */
  url?: string
}

/** Where the CSS behind a font was read: the page's own <style>, a stylesheet it links, a font service's link. */
export type FontOrigin = 'inline-css' | 'stylesheet' | 'font-link'

/** A stylesheet's text with the URL it was read from (the page's URL for inline styles). */
export interface CssText {
  css: string
  url: string
  origin: Exclude<FontOrigin, 'font-link'>
}

const MAX_FONTS = 8

// Generic families, the system UI aliases and the fonts every desktop or phone has: nothing is downloaded for them
const SYSTEM_FONTS = new Set(['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'math', 'emoji', 'fangsong',
  'system-ui', 'ui-serif', 'ui-sans-serif', 'ui-monospace', 'ui-rounded', '-apple-system', 'blinkmacsystemfont',
  'segoe ui', 'roboto', 'helvetica', 'helvetica neue', 'arial', 'arial black', 'georgia', 'times', 'times new roman',
  'verdana', 'tahoma', 'trebuchet ms', 'courier', 'courier new', 'menlo', 'monaco', 'consolas', 'lucida grande',
  'lucida console', 'lucida sans unicode', 'palatino', 'palatino linotype', 'garamond', 'impact', 'sf pro text',
  'sf pro display', 'sf mono', 'noto sans', 'ubuntu', 'cantarell', 'oxygen', 'fira sans', 'droid sans', 'apple color emoji',
  'segoe ui emoji', 'segoe ui symbol', 'noto color emoji'])
// icon fonts draw pictograms, not the brand's type
const ICON_FONT = /icon|awesome|glyph|dashicons|eicons|fontello|ionicons|material symbols|slick|swiper|revicons/i

const HEADING = /^h[1-3]$/
const BODY = new Set(['body', 'html', ':root'])

// next/font names a family `__<Name>_<hash>` (`__Open_Sans_7b2a4c`) and its metric fallback `__<Name>_Fallback_<hash>`
const NEXT_FONT = /^__(\w+?)_[\da-f]{6}$/i
// a local() face sized to stand in for the brand font while it loads (next/font, fontaine, capsize, Nuxt:
// `Inter Fallback`, `Open Sans-fallback`, `Inter Fallback: Arial`): drawn in Arial or the like, not a brand font
const FALLBACK_FACE = /[\s_-]fallback(?::[^:]*)?$/i

/** The name a family is reported and matched by: next/font's generated name as the font's own, `Open Sans`. */
function familyName (family: string): string {
  const next = NEXT_FONT.exec(family)
  return next === null ? family : next[1].replace(/_/g, ' ')
}

const key = (family: string): string => family.toLowerCase()

function weightsOf (tokens: string[]): number[] {
  const weights = tokens.map((token) => {
    const word = token.toLowerCase().replace(/italic$|i$/, '')
    if (word === '' || word === 'regular') return 400
    if (word === 'bold') return 700
    return Number(word)
  }).filter((weight) => Number.isInteger(weight) && weight >= 1 && weight <= 1000)
  return [...new Set(weights)].sort((a, b) => a - b)
}

function titleCase (family: string): string {
  return family.replace(/[-+]/g, ' ').replace(/\b\p{Ll}/gu, (letter) => letter.toUpperCase())
}

/**
 * The families a Google Fonts or Bunny Fonts stylesheet URL asks for, with their weights: the css2 form
 * (`family=Inter:wght@400;700`, `family=Roboto:ital,wght@0,400;1,700`) and the first API's (`family=Lato:300,700|Inter`).
 */
function fontServiceFamilies (href: string): Array<{ family: string, weights: number[] }> {
  let url: URL
  try { url = new URL(href) } catch { return [] }
  const out: Array<{ family: string, weights: number[] }> = []
  for (const value of url.searchParams.getAll('family').flatMap((family) => family.split('|'))) {
    const [name, spec = ''] = value.split(':')
    const family = name.trim()
    if (family === '') continue
    let weights: number[]
    const axes = /^([a-z,]+)@(.*)$/i.exec(spec)
    if (axes === null) {
      weights = weightsOf(spec.split(',').filter(Boolean))
    } else {
      const index = axes[1].split(',').indexOf('wght')
      const tuples = axes[2].split(';').map((tuple) => tuple.split(','))
      weights = index === -1 ? [] : weightsOf(tuples.flatMap((tuple) => (tuple[index] ?? '').split('..')))
    }
    out.push({ family: url.hostname === 'fonts.bunny.net' && family === family.toLowerCase() ? titleCase(family) : family, weights })
  }
  return out
}

/** The font service a stylesheet or font file URL belongs to, or null for the site's own. */
export function fontServiceOf (href: string | null): Exclude<FontSource, 'self-hosted' | 'system'> | null {
  if (href === null) return null
  let host: string
  try { host = new URL(href).hostname } catch { return null }
  if (host === 'fonts.googleapis.com' || host === 'fonts.gstatic.com') return 'google-fonts'
  if (host === 'use.typekit.net' || host === 'p.typekit.net' || host === 'use.typekit.com') return 'adobe-fonts'
  if (host === 'fonts.bunny.net') return 'bunny-fonts'
  return null
}

interface Declared {
  family: string
  source: FontSource
  weights: number[]
  url: string | null
  origin: FontOrigin
}

interface Use {
  family: string
  origin: FontOrigin
  rank: number
}

type Role = 'heading' | 'body'

/**
 * How strongly a rule gives a role its font, 0 when it does not, as the cascade decides: a rule outside @media beats
 * one inside (which holds on some screens only); for the body, a rule on body beats the html or :root value it would
 * otherwise inherit. Within a rank the later rule wins.
 */
function rankOf (use: CssFontUse, role: Role): number {
  if (role === 'heading') return use.selectors.some((selector) => HEADING.test(selector)) ? (use.inMedia ? 1 : 2) : 0
  if (!use.selectors.some((selector) => BODY.has(selector))) return 0
  return (use.inMedia ? 1 : 3) + (use.selectors.includes('body') ? 1 : 0)
}

/** The family a rule's text is drawn in, by its reported name: the first of its list that is no metric fallback. */
function firstFamily (use: CssFontUse, variables: Map<string, string>): string | undefined {
  return familiesOf(use, variables).map(familyName).find((family) => !FALLBACK_FACE.test(family))
}

/**
 * The site's fonts from its CSS: the font-family of h1-h3 (`heading`) and of body, html or :root (`body`), the
 * rule winning as `rankOf` says, print rules aside, custom properties resolved; then the other families it declares
 * with @font-face or loads from Google, Adobe or Bunny Fonts (`other`), icon fonts and metric fallbacks aside.
 * `links` are the page's stylesheet links; `sheets` the inline styles and the stylesheets read. Each font comes with
 * where it was read.
 */
export function findFonts (sheets: CssText[], links: string[]): Array<BrandFont & { origin: FontOrigin }> {
  const declared = new Map<string, Declared>()
  const declare = (entry: Declared): void => {
    const existing = declared.get(key(entry.family))
    if (existing === undefined) { declared.set(key(entry.family), entry); return }
    existing.weights = [...new Set([...existing.weights, ...entry.weights])].sort((a, b) => a - b)
  }
  const serviceLinks = [...links]
  const uses: Record<Role, Use | null> = { heading: null, body: null }
  const read: Array<{ sheet: CssText, fonts: CssFonts }> = sheets.map((sheet) => ({ sheet, fonts: readCssFonts(sheet.css, sheet.url) }))
  // `var(--font-heading)` may name a custom property of another of the page's sheets
  const variables = new Map<string, string>()
  for (const { fonts } of read) for (const [name, value] of fonts.variables) if (!variables.has(name)) variables.set(name, value)
  for (const { sheet, fonts } of read) {
    serviceLinks.push(...fonts.imports)
    const sheetService = fontServiceOf(sheet.url)
    for (const face of fonts.faces) {
      const family = familyName(face.family)
      if (FALLBACK_FACE.test(family)) continue
      const service = sheetService ?? fontServiceOf(face.src)
      declare({
        family,
        source: service ?? 'self-hosted',
        weights: face.weights,
        url: service === null ? face.src : sheetService === null ? face.src : sheet.url,
        origin: sheet.origin
      })
    }
    for (const use of fonts.uses) {
      // a print rule is never seen on a screen
      if (!use.screen) continue
      const ranks = { heading: rankOf(use, 'heading'), body: rankOf(use, 'body') }
      if (ranks.heading === 0 && ranks.body === 0) continue
      const family = firstFamily(use, variables)
      if (family === undefined) continue
      for (const role of ['heading', 'body'] as const) {
        if (ranks[role] > 0 && ranks[role] >= (uses[role]?.rank ?? 0)) uses[role] = { family, origin: sheet.origin, rank: ranks[role] }
      }
    }
  }
  for (const href of serviceLinks) {
    const service = fontServiceOf(href)
    if (service === 'google-fonts' || service === 'bunny-fonts') {
      for (const { family, weights } of fontServiceFamilies(href)) declare({ family, source: service, weights, url: href, origin: 'font-link' })
    }
  }

  const out: Array<BrandFont & { origin: FontOrigin }> = []
  const used = new Set<string>()
  for (const role of ['heading', 'body'] as const) {
    const use = uses[role]
    if (use === null) continue
    const face = declared.get(key(use.family))
    used.add(key(use.family))
    // a family no sheet read declares: a system font, or one whose @font-face is in a stylesheet not read
    const source: FontSource = face?.source ?? (SYSTEM_FONTS.has(key(use.family)) ? 'system' : 'self-hosted')
    out.push(fontOf(face?.family ?? use.family, role, source, face, use.origin))
  }
  for (const face of declared.values()) {
    if (used.has(key(face.family)) || ICON_FONT.test(face.family)) continue
    used.add(key(face.family))
    out.push(fontOf(face.family, 'other', face.source, face, face.origin))
  }
  return out.slice(0, MAX_FONTS)
}

function fontOf (family: string, role: FontRole, source: FontSource, face: Declared | undefined, origin: FontOrigin): BrandFont & { origin: FontOrigin } {
  const font: BrandFont & { origin: FontOrigin } = { family, role, source, origin }
  if (face !== undefined && face.weights.length > 0) font.weights = face.weights
  if (face?.url != null && source !== 'system') font.url = face.url
  return font
}
