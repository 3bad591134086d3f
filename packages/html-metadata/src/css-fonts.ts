import { resolveUrl } from './resolve-url.js'

// What a stylesheet says about fonts, read in one linear scan (no CSS parser: a 500 KB bundle is read in a few
// milliseconds and nothing recurses): its @font-face rules, the font-family of every rule (custom properties
// resolved one level), and its @import URLs.

export interface CssFontFace {
  family: string
  /** font-weight as numbers: 400, 700; a variable font's range as its two ends */
  weights: number[]
  /** the first url() of src, resolved */
  src: string | null
}

export interface CssFontUse {
  /** the rule's selectors, trimmed and lowercased */
  selectors: string[]
  /** the families of its font-family (or font shorthand), first is the one a browser tries first */
  families: string[]
}

export interface CssFonts {
  faces: CssFontFace[]
  uses: CssFontUse[]
  imports: string[]
}

/** Enough for any site's font rules: the rest of a large bundle is not read for them. */
const MAX_ITEMS = 500

const WEIGHT_WORDS: Record<string, number> = { normal: 400, bold: 700, lighter: 300, bolder: 800 }

function unquote (value: string): string {
  return value.trim().replace(/^(['"])(.*)\1$/s, '$2').trim()
}

/** The families of a font-family value, quotes removed, in order. */
export function fontFamilies (value: string): string[] {
  return value.split(',').map(unquote).map((family) => family.replace(/\s*!important$/i, '')).filter((family) => family !== '' && family.length <= 100)
}

// font shorthand: [style] [variant] [weight] [stretch] size[/line-height] family[, family]*
const FONT_SIZE = String.raw`[\d.]+(?:px|pt|em|rem|%|vw|vh|ex|ch)|xx-small|x-small|small|medium|large|x-large|xx-large|smaller|larger|calc\([^)]*\)`
const FONT_SHORTHAND = new RegExp(String.raw`(?:^|\s)(?:${FONT_SIZE})(?:\s*\/\s*\S+)?\s+(.+)$`, 'i')

function weightsOf (value: string): number[] {
  const weights: number[] = []
  for (const token of value.trim().toLowerCase().split(/\s+/)) {
    const weight = WEIGHT_WORDS[token] ?? Number(token)
    if (Number.isInteger(weight) && weight >= 1 && weight <= 1000) weights.push(weight)
  }
  return weights
}

// no font declaration is longer; a longer value (an inlined data: font) is not read, which also keeps every pattern
// below linear in what it reads
const MAX_VALUE = 2000

function declarationsOf (body: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const part of body.split(';')) {
    const colon = part.indexOf(':')
    if (colon <= 0 || part.length > MAX_VALUE) continue
    const name = part.slice(0, colon).trim()
    out.set(name.startsWith('--') ? name : name.toLowerCase(), part.slice(colon + 1).trim())
  }
  return out
}

const URL_VALUE = /url\(\s*(['"]?)([^'")]{1,2000})\1\s*\)/i
const IMPORT = /@import\s+(?:url\(\s*(['"]?)([^'")]{1,2000})\1\s*\)|(['"])([^'"]{1,2000})\3)/gi

/** Leaf blocks of a stylesheet: each rule's prelude (selectors or at-rule) and body; comments and strings skipped. */
function blocksOf (css: string): Array<{ prelude: string, body: string }> {
  const blocks: Array<{ prelude: string, body: string }> = []
  let depth = 0
  let start = 0
  let bodyStart = -1
  let quote = ''
  for (let i = 0; i < css.length && blocks.length < MAX_ITEMS * 20; i++) {
    const ch = css[i]
    if (quote !== '') {
      if (ch === '\\') i++
      else if (ch === quote) quote = ''
      continue
    }
    if (ch === '"' || ch === "'") quote = ch
    else if (ch === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2)
      i = end === -1 ? css.length : end + 1
    } else if (ch === '{') {
      depth++
      bodyStart = i + 1
      blocks.push({ prelude: css.slice(start, i), body: '' })
      start = i + 1
    } else if (ch === '}') {
      // the innermost block just closed is a leaf when nothing opened since its body started
      const last = blocks[blocks.length - 1]
      if (last !== undefined && bodyStart !== -1 && last.body === '') last.body = css.slice(bodyStart, i)
      bodyStart = -1
      depth = Math.max(0, depth - 1)
      start = i + 1
    } else if (ch === ';' && depth === 0) {
      start = i + 1
    }
  }
  return blocks.filter((block) => block.body !== '').map(({ prelude, body }) => ({ prelude: prelude.replace(/\/\*[\s\S]*?\*\//g, '').trim(), body }))
}

function variablesOf (blocks: Array<{ body: string }>): Map<string, string> {
  const variables = new Map<string, string>()
  for (const { body } of blocks) {
    if (!body.includes('--')) continue
    for (const [name, value] of declarationsOf(body)) if (name.startsWith('--') && !variables.has(name)) variables.set(name, value)
  }
  return variables
}

/** The custom properties a stylesheet declares (`--font-heading: "Inter", sans-serif`), the first of each name. */
export function readCssVariables (css: string): Map<string, string> {
  return variablesOf(blocksOf(css))
}

/**
 * The @font-face rules, font-family uses and @imports of a stylesheet; URLs resolved against `baseUrl`. A `var()`
 * resolves to the sheet's own custom property, else to one of `variables` (the page's other sheets').
 */
export function readCssFonts (css: string, baseUrl: string, variables?: Map<string, string>): CssFonts {
  const out: CssFonts = { faces: [], uses: [], imports: [] }
  const base = new URL(baseUrl)
  for (const match of css.slice(0, 64 * 1024).matchAll(IMPORT)) {
    const href = resolveUrl(match[2] ?? match[4], base)
    if (href !== null && out.imports.length < 20) out.imports.push(href)
  }
  const blocks = blocksOf(css)
  // `font-family: var(--font-heading)`: the sheet's own custom properties, then those of the page's other sheets
  const own = variablesOf(blocks)
  const resolveVars = (value: string): string => value.replace(/var\(\s*(--[\w-]+)\s*(?:,([^)]*))?\)/g, (_all, name: string, fallback?: string) =>
    own.get(name) ?? variables?.get(name) ?? fallback ?? '')
  for (const { prelude, body } of blocks) {
    if (out.faces.length + out.uses.length >= MAX_ITEMS) break
    if (!/font/i.test(body)) continue
    const declarations = declarationsOf(body)
    if (/^@font-face$/i.test(prelude)) {
      const family = unquote(declarations.get('font-family') ?? '')
      if (family === '') continue
      const src = URL_VALUE.exec(declarations.get('src') ?? '')?.[2]
      out.faces.push({ family, weights: weightsOf(declarations.get('font-weight') ?? '400'), src: src === undefined ? null : resolveUrl(src, base) })
      continue
    }
    if (prelude.startsWith('@')) continue
    let value = declarations.get('font-family')
    if (value === undefined) {
      const shorthand = declarations.get('font')
      value = shorthand === undefined ? undefined : FONT_SHORTHAND.exec(resolveVars(shorthand))?.[1]
    }
    if (value === undefined) continue
    const families = fontFamilies(resolveVars(value))
    if (families.length === 0 || /^(inherit|initial|unset|revert)$/i.test(families[0])) continue
    out.uses.push({ selectors: prelude.toLowerCase().split(',').map((selector) => selector.trim()).filter(Boolean), families })
  }
  return out
}
