import { resolveUrl } from './resolve-url.js'

// What a stylesheet says about fonts, read in one linear scan (no CSS parser: a 500 KB bundle is read in a few
// milliseconds and nothing recurses): its @font-face rules, the font-family of every rule, its custom properties
// (to resolve var() one level, across the page's sheets) and its @import URLs.

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
  /** its font-family value as written (or its font shorthand's, when `shorthand`); familiesOf reads it */
  value: string
  shorthand: boolean
  /** inside an @media rule: it holds on some screens only, so a rule outside any @media is the site's font */
  inMedia: boolean
  /** false when an enclosing @media can never match a screen (`@media print`): no visitor sees it */
  screen: boolean
}

export interface CssFonts {
  faces: CssFontFace[]
  uses: CssFontUse[]
  imports: string[]
  /** custom properties (`--font-heading: "Inter", sans-serif`), the first of each name */
  variables: Map<string, string>
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

// the characters the scan stops at; everything between them is skipped by the regex engine, not a JavaScript loop
const SPECIAL = /[{}"'/;]/g

/** What the @media rules around a block say: whether there is one, and whether all of them can match a screen. */
interface MediaContext {
  inMedia: boolean
  screen: boolean
}

interface Block extends MediaContext {
  prelude: string
  body: string
}

const TOP_LEVEL: MediaContext = { inMedia: false, screen: true }
const MEDIA_RULE = /^@media(?![\w-])/i
const SCREEN_TYPES = new Set(['all', 'screen'])
// one media query: `only`/`not`, the media type (empty when the query is only features), the rest
const MEDIA_QUERY = /^\s*(?:(only|not)\b\s*)?([a-z-]*)([\s\S]*)$/i

/**
 * Whether a media query list can match a screen: some query of it has no media type (features only), type `all` or
 * `screen`, or is `not` another type (`not print`). `not screen and (max-width: 600px)` still matches a wider screen.
 */
/**
 * Whether a media query list holds on every screen: `screen`, `all`, `only screen`, nothing else (Drupal wraps a
 * `media="screen"` stylesheet it aggregates in `@media screen{...}`): a rule in it is as much the site's as one outside.
 */
function mediaOnEveryScreen (list: string): boolean {
  return list.toLowerCase().split(',').some((query) => /^\s*(?:only\s+)?(?:screen|all)\s*$/.test(query))
}

function mediaOnScreen (list: string): boolean {
  if (list.trim() === '') return true
  return list.toLowerCase().split(',').some((query) => {
    const [, modifier, type, rest] = MEDIA_QUERY.exec(query) ?? []
    if (type === undefined || type === '') return true
    const screen = SCREEN_TYPES.has(type)
    return modifier === 'not' ? !screen || rest.trim() !== '' : screen
  })
}

const withoutComments = (prelude: string): string => (prelude.includes('/*') ? prelude.replace(/\/\*[\s\S]*?\*\//g, '') : prelude).trim()

/**
 * Leaf blocks of a stylesheet: each rule's prelude (selectors or at-rule), body and @media context; comments and
 * strings skipped. The context is a stack pushed and popped once per brace: a sheet of 100,000 nested braces costs
 * no more than one of 100,000 rules.
 */
function blocksOf (css: string): Block[] {
  const blocks: Block[] = []
  const contexts: MediaContext[] = []
  let start = 0
  let bodyStart = -1
  const special = new RegExp(SPECIAL.source, 'g')
  let match: RegExpExecArray | null
  while ((match = special.exec(css)) !== null && blocks.length < MAX_ITEMS * 20) {
    const i = match.index
    const ch = css[i]
    if (ch === '"' || ch === "'") {
      // to the closing quote, past escaped ones
      let end = css.indexOf(ch, i + 1)
      while (end !== -1 && css[end - 1] === '\\') end = css.indexOf(ch, end + 1)
      special.lastIndex = end === -1 ? css.length : end + 1
    } else if (ch === '/') {
      if (css[i + 1] !== '*') continue
      const end = css.indexOf('*/', i + 2)
      special.lastIndex = end === -1 ? css.length : end + 2
    } else if (ch === '{') {
      const prelude = withoutComments(css.slice(start, i))
      const context = contexts[contexts.length - 1] ?? TOP_LEVEL
      blocks.push({ prelude, body: '', ...context })
      // a block inside this one is in this @media too (and on a screen only if both can match one)
      const media = MEDIA_RULE.test(prelude) ? prelude.slice(6) : null
      contexts.push(media === null || mediaOnEveryScreen(media)
        ? context
        : { inMedia: true, screen: context.screen && mediaOnScreen(media) })
      bodyStart = i + 1
      start = i + 1
    } else if (ch === '}') {
      // the innermost block just closed is a leaf when nothing opened since its body started
      const last = blocks[blocks.length - 1]
      if (last !== undefined && bodyStart !== -1 && last.body === '') last.body = css.slice(bodyStart, i)
      bodyStart = -1
      contexts.pop()
      start = i + 1
    } else if (contexts.length === 0) {
      // a statement at the top level (@import ...;, @charset ...;) ends before the next rule's prelude
      start = i + 1
    }
  }
  return blocks.filter((block) => block.body !== '')
}

/**
 * The @font-face rules, font-family uses (their values as written: `familiesOf` resolves them), custom properties
 * and @imports of a stylesheet, in one scan; URLs resolved against `baseUrl`.
 */
export function readCssFonts (css: string, baseUrl: string): CssFonts {
  const out: CssFonts = { faces: [], uses: [], imports: [], variables: new Map() }
  const base = new URL(baseUrl)
  for (const match of css.slice(0, 64 * 1024).matchAll(IMPORT)) {
    const href = resolveUrl(match[2] ?? match[4], base)
    if (href !== null && out.imports.length < 20) out.imports.push(href)
  }
  for (const { prelude, body, inMedia, screen } of blocksOf(css)) {
    const hasFont = /font/i.test(body)
    const hasVariable = body.includes('--')
    if (!hasFont && !hasVariable) continue
    const declarations = declarationsOf(body)
    if (hasVariable) {
      for (const [name, value] of declarations) if (name.startsWith('--') && !out.variables.has(name)) out.variables.set(name, value)
    }
    if (!hasFont || out.faces.length + out.uses.length >= MAX_ITEMS) continue
    if (/^@font-face$/i.test(prelude)) {
      const family = unquote(declarations.get('font-family') ?? '')
      if (family === '') continue
      const src = URL_VALUE.exec(declarations.get('src') ?? '')?.[2]
      out.faces.push({ family, weights: weightsOf(declarations.get('font-weight') ?? '400'), src: src === undefined ? null : resolveUrl(src, base) })
      continue
    }
    if (prelude.startsWith('@')) continue
    const family = declarations.get('font-family')
    const shorthand = family === undefined ? declarations.get('font') : undefined
    if (family === undefined && shorthand === undefined) continue
    out.uses.push({
      selectors: prelude.toLowerCase().split(',').map((selector) => selector.trim()).filter(Boolean),
      value: family ?? shorthand ?? '',
      shorthand: family === undefined,
      inMedia,
      screen
    })
  }
  return out
}

const VAR = /var\(\s*(--[\w-]+)\s*(?:,([^)]*))?\)/g

/**
 * The families a font-family use names, first the one a browser tries first: `var()` resolved (one level) from
 * `variables` (the custom properties of the page's sheets), the family part of a `font` shorthand; empty for
 * `inherit` and the like.
 */
export function familiesOf (use: CssFontUse, variables: Map<string, string>): string[] {
  let value = use.value.replace(VAR, (_all, name: string, fallback?: string) => variables.get(name) ?? fallback ?? '')
  if (use.shorthand) value = FONT_SHORTHAND.exec(value)?.[1] ?? ''
  const families = fontFamilies(value)
  return families.length === 0 || /^(inherit|initial|unset|revert)$/i.test(families[0]) ? [] : families
}
