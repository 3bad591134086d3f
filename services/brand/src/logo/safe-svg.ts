import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes'

// An SVG logo from any site, rebuilt from what an XML parser read in it, keeping only what draws a logo. Text rules
// cannot clean SVG: the parser decodes character references (`url&#40;`, `filter&#58;`) and CSS decodes its own escapes
// (`fil\74 er`) and drops its comments (`filter/**/:`), so what librsvg acts on is never the text a pattern saw. Here the
// allowlist judges the names and values the parser decoded, and librsvg reads only the document written back from them:
// no bitmap (an <image>, or a data: document named by a url(), which librsvg decodes unbounded), no filter effect (whose
// cost the file chooses and a timeout does not stop), nothing that loads, runs or animates.

/** An SVG larger than this is no logo (the whole document is parsed). */
export const SVG_MAX_BYTES = 512 * 1024
const SVG_NS = 'http://www.w3.org/2000/svg'
const XLINK_NS = 'http://www.w3.org/1999/xlink'

/** The elements a logo is drawn with; any other is dropped with all it holds (script, image, filter, pattern, animate…). */
const ELEMENTS = new Set([
  'svg', 'g', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'defs', 'linearGradient',
  'radialGradient', 'stop', 'clipPath', 'mask', 'symbol', 'use', 'switch', 'style', 'a'
])
/** A link draws what it holds: kept as a group, its target gone. */
const RENAMED: Record<string, string> = { a: 'g' }
/** The elements whose text is drawn (a <style>'s is rebuilt from its rules). */
const TEXT_ELEMENTS = new Set(['text', 'tspan'])
/** The elements an href is kept on, and only as a fragment of the file itself. */
const HREF_ELEMENTS = new Set(['use', 'linearGradient', 'radialGradient'])

/**
 * The paint and text properties a logo uses, as a style declaration or as a presentation attribute. Not a dash pattern:
 * cairo draws every dash, as many as the path's length over the pattern's, which the file chooses (200 lines dashed
 * every 0.01 unit, 2 KB, held a decode slot 59 s within every cap below); a dashed stroke is drawn solid. Logos dash
 * almost never; pages mostly set a pattern as long as the path, to animate it being drawn.
 */
const PROPERTIES = new Set([
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'opacity', 'color', 'display', 'visibility', 'clip-path',
  'clip-rule', 'mask', 'stop-color', 'stop-opacity', 'font-family', 'font-size', 'font-weight', 'font-style',
  'font-variant', 'font-stretch', 'text-anchor', 'dominant-baseline', 'alignment-baseline', 'baseline-shift',
  'letter-spacing', 'word-spacing', 'text-decoration', 'paint-order', 'vector-effect', 'shape-rendering',
  'text-rendering', 'overflow'
])
/** Geometry and structure attributes, beside the properties. */
const ATTRIBUTES = new Set([
  ...PROPERTIES, 'id', 'class', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr', 'width',
  'height', 'd', 'points', 'pathLength', 'transform', 'viewBox', 'preserveAspectRatio', 'offset', 'gradientUnits',
  'gradientTransform', 'spreadMethod', 'clipPathUnits', 'maskUnits', 'maskContentUnits', 'dx', 'dy', 'rotate',
  'textLength', 'lengthAdjust'
])

/**
 * The characters a kept value may hold: numbers, names, colours, lists, quoted font names and url(#id). No backslash
 * (a CSS escape), no `/` (a CSS comment), no `:` `;` `{` `}` `@` `<` (another declaration, rule or tag).
 */
const SAFE_VALUE = /^[\p{L}\p{N}\s#.,%()'"+!_-]*$/u
const ID = String.raw`[\p{L}\p{N}_.-]+`
const FRAGMENT = new RegExp(`^#${ID}$`, 'u')
const FRAGMENT_URL = new RegExp(String.raw`^url\(\s*(['"]?)#${ID}\1\s*\)`, 'iu')
/** A selector of element names, classes and ids, with descendant or child combinators: nothing that reads attributes. */
const SIMPLE_SELECTOR = /^(?:[a-zA-Z][\w-]*|[.#][\w-]+)(?:[.#][\w-]+)*(?:\s*>\s*|\s+(?=[\w.#]))?/
const CSS_COMMENT = /\/\*[\s\S]*?(?:\*\/|$)/g

/** Whether a value is one we keep: only its safe characters, every url() a fragment of the file, quotes paired. */
function safeValue (value: string): boolean {
  if (!SAFE_VALUE.test(value) || (value.match(/["']/g)?.length ?? 0) % 2 !== 0) return false
  for (const url of value.matchAll(/url\s*\(/gi)) {
    if (!FRAGMENT_URL.test(value.slice(url.index))) return false
  }
  return true
}

/** A style attribute's (or rule's) declarations, only the allowed properties with safe values; `` when none. */
function safeDeclarations (css: string): string {
  // a comment separates tokens in CSS: removed as a space, it joins nothing into a name
  const text = css.replace(CSS_COMMENT, ' ')
  if (text.includes('\\')) return ''
  const kept: string[] = []
  for (const declaration of text.split(';')) {
    const colon = declaration.indexOf(':')
    if (colon < 0) continue
    const name = declaration.slice(0, colon).trim().toLowerCase()
    const value = declaration.slice(colon + 1).trim()
    if (PROPERTIES.has(name) && value !== '' && safeValue(value)) kept.push(`${name}:${value}`)
  }
  return kept.join(';')
}

/** Whether every selector of a rule's comma-separated list is a simple one. */
function simpleSelectors (prelude: string): boolean {
  return prelude.split(',').every((selector) => {
    let rest = selector.trim()
    while (rest !== '') {
      const step = SIMPLE_SELECTOR.exec(rest)
      if (step === null || step[0] === '') return false
      rest = rest.slice(step[0].length)
    }
    return selector.trim() !== ''
  })
}

/** A plain rule of a <style> sheet as it is written back: its selectors and its allowed declarations. */
interface Rule {
  prelude: string
  declarations: string
}

/**
 * A <style> sheet rebuilt from its plain rules (simple selectors, allowed declarations); at-rules (@import, @font-face,
 * @media) and nested blocks are left out whole. A sheet with a CSS escape anywhere is left out whole.
 */
function safeSheet (css: string): Rule[] {
  const text = css.replace(CSS_COMMENT, ' ')
  if (text.includes('\\')) return []
  const rules: Rule[] = []
  let depth = 0
  let start = 0
  let open = 0
  let nested = false
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') {
      if (depth === 0) open = i
      else nested = true
      depth++
    } else if (text[i] === '}' && depth > 0 && --depth === 0) {
      const prelude = text.slice(start, open).trim()
      const declarations = safeDeclarations(text.slice(open + 1, i))
      if (!nested && !prelude.includes('@') && simpleSelectors(prelude) && declarations !== '') rules.push({ prelude, declarations })
      start = i + 1
      nested = false
    }
  }
  return rules
}

const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeAttribute = (value: string): string => escapeText(value).replace(/"/g, '&quot;')

/** An element as the document written back holds it: what the bound on drawing reads. */
interface Kept {
  name: string
  attributes: Map<string, string>
  children: Kept[]
  /** The characters of a <text>, its tspans' included. */
  characters: number
  /** The line and curve segments its geometry draws (a path's `d`, a polygon's `points`; a basic shape's few). */
  segments: number
}

/** An element's kept attributes; an href (plain or under any prefix bound to xlink) only as a fragment. */
function safeAttributes (element: string, attributes: Record<string, SaxesAttributeNS>): Map<string, string> {
  const kept = new Map<string, string>()
  for (const { uri, local, value } of Object.values(attributes)) {
    if (local === 'href' && (uri === '' || uri === XLINK_NS)) {
      if (HREF_ELEMENTS.has(element) && FRAGMENT.test(value)) kept.set('href', value)
    } else if (uri !== '') {
      // xmlns declarations, xml:*, an editor's own namespaces: the root's own declaration is written by us
      continue
    } else if (local === 'style') {
      const style = safeDeclarations(value)
      if (style !== '') kept.set('style', style)
    } else if (ATTRIBUTES.has(local) && safeValue(value)) {
      kept.set(local, value)
    }
  }
  return kept
}

const written = (attributes: Map<string, string>): string =>
  [...attributes].map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('')
const sheetText = (rules: Rule[]): string => rules.map(({ prelude, declarations }) => `${prelude}{${declarations}}`).join('\n')

// What librsvg does for a document is not told by its size: a <use> draws its target again each time, a group with
// opacity, a clip path or a mask is drawn on a canvas of its own and composited (a mask's content drawn once more for
// every element it masks), and libvips runs librsvg again for each strip of the image, sharp's timeout being checked
// only between strips. 1.5 KB of <use> nested four deep (10,000 groups with opacity) held a decode slot for 40-60 s.
// So the document written back is counted as librsvg would draw it, every reference expanded, and refused past what a
// logo needs. The caps were measured with sharp at 1024 px, the largest the route makes (README, Logo).

/** The most elements a document may draw, every <use> expanded, a text's characters each counted as one. */
export const MAX_DRAWN_ELEMENTS = 2000
/** The most groups drawn on a canvas of their own (opacity below 1, clip path, mask), every <use> expanded. */
export const MAX_COMPOSITED_GROUPS = 64
/**
 * The most path segments a document may draw, every <use> expanded. Cairo's fill of a path that crosses itself costs
 * about the square of its segments: 13 KB of <use> of a 1,001-point star held a decode slot 30 s, one path of 50,000
 * random segments 167 s. Measured at 1024 px: 4,000 random segments 2.6 s (2.9 s stroked), 3,000 about 1.5 s, a
 * 1,001-point star drawn three times 1.1 s. The inline SVGs of the 89 real pages draw 4 segments at the median, 771 at
 * the 99th percentile, the largest logos 2,600-2,900 (sprite sheets of 9,000 and 29,000 are no logo).
 */
export const MAX_PATH_SEGMENTS = 3000
/** A mask costs librsvg this many groups: its content is drawn to a canvas, read as luminance, then applied. */
const MASK_GROUPS = 4
/** Elements nested in one another and references followed, at most: no logo is deeper; the count recurses this far. */
const MAX_DEPTH = 128

/** Drawn only when something refers to them. */
const NOT_RENDERED = new Set(['defs', 'symbol', 'clipPath', 'mask', 'linearGradient', 'radialGradient', 'stop', 'style'])
/** The properties that may make an element a group of its own; a url(#id) in a mask or clip-path draws that element too. */
const COMPOSITING = new Set(['opacity', 'mask', 'clip-path'])
const REFERENCE = new RegExp(String.raw`url\(\s*['"]?#(${ID})`, 'giu')

/** A document librsvg would take too long to draw: refused as a file that is no SVG is. */
class TooCostlyError extends Error {}

interface Cost {
  drawn: number
  groups: number
  segments: number
}

/** The compositing declarations of a style attribute or rule, as [property, value]. */
function compositingOf (declarations: string): Array<[string, string]> {
  return declarations.split(';').map((declaration): [string, string] => {
    const colon = declaration.indexOf(':')
    return [declaration.slice(0, colon), declaration.slice(colon + 1)]
  }).filter(([name]) => COMPOSITING.has(name))
}

/**
 * The sheet's compositing declarations by what a selector's last compound names: its id, else its first class, else its
 * element. An element named so is taken to match whatever else the selector asks: a group counted too many, never one
 * too few.
 */
function sheetIndex (rules: Rule[]): Map<string, Map<string, [string, string]>> {
  const index = new Map<string, Map<string, [string, string]>>()
  for (const { prelude, declarations } of rules) {
    const compositing = compositingOf(declarations)
    if (compositing.length === 0) continue
    for (const selector of prelude.split(',')) {
      const names = selector.trim().split(/[\s>]+/).at(-1)?.match(/[.#]?[\w-]+/g) ?? []
      const key = names.find((name) => name.startsWith('#')) ?? names.find((name) => name.startsWith('.')) ?? names[0]?.toLowerCase()
      if (key === undefined) continue
      const named = index.get(key) ?? new Map<string, [string, string]>()
      // a declaration repeated by many rules for one name is one group
      for (const declaration of compositing) named.set(declaration.join(':'), declaration)
      index.set(key, named)
    }
  }
  return index
}

/** Whether a compositing declaration makes its element a group of its own; how many groups it weighs. */
function groupsOf ([name, value]: [string, string]): number {
  const text = value.trim().toLowerCase()
  if (name !== 'opacity') return text === 'none' ? 0 : name === 'mask' ? MASK_GROUPS : 1
  const opacity = text.endsWith('%') ? parseFloat(text) / 100 : parseFloat(text)
  // a value librsvg may read as below 1 (inherit, a typo) counts: a group too many, never one too few
  return opacity >= 1 ? 0 : 1
}

/** Every element by its id; several when a file repeats an id (each counted at its dearest). */
function idsOf (root: Kept): Map<string, Kept[]> {
  const ids = new Map<string, Kept[]>()
  const pending = [root]
  for (let element = pending.pop(); element !== undefined; element = pending.pop()) {
    const id = element.attributes.get('id')
    const same = id === undefined ? undefined : ids.get(id)
    if (same !== undefined) same.push(element)
    else if (id !== undefined) ids.set(id, [element])
    pending.push(...element.children)
  }
  return ids
}

/**
 * Counts what librsvg would draw for a document: each element once per time it is drawn (a <use>'s target each time,
 * a clip path's or mask's content for each element it applies to), memoised per element. Throws TooCostlyError past
 * MAX_DRAWN_ELEMENTS, MAX_COMPOSITED_GROUPS or MAX_DEPTH, or for an element that refers back to itself.
 */
class DrawingCount {
  readonly #ids: Map<string, Kept[]>
  readonly #sheet: Map<string, Map<string, [string, string]>>
  readonly #costs = new Map<Kept, Cost>()
  readonly #counting = new Set<Kept>()
  readonly #caps: DrawingCaps

  constructor (root: Kept, rules: Rule[], caps: DrawingCaps) {
    this.#ids = idsOf(root)
    this.#sheet = sheetIndex(rules)
    this.#caps = caps
  }

  cost (element: Kept, depth = 0): Cost {
    const known = this.#costs.get(element)
    if (known !== undefined) return known
    if (this.#counting.has(element)) throw new TooCostlyError('an element that draws itself')
    if (depth > MAX_DEPTH) throw new TooCostlyError('elements nested deeper than a logo')
    this.#counting.add(element)
    const total: Cost = { drawn: 0, groups: 0, segments: 0 }
    const compositing = this.#compositing(element)
    const groups = compositing.reduce((sum, declaration) => sum + groupsOf(declaration), 0)
    this.#add(total, { drawn: 1 + element.characters, groups, segments: element.segments })
    for (const child of element.children) if (!NOT_RENDERED.has(child.name)) this.#add(total, this.cost(child, depth + 1))
    const references = compositing.flatMap(([, value]) => [...value.matchAll(REFERENCE)].map((match) => match[1]))
    const href = element.name === 'use' ? element.attributes.get('href') : undefined
    if (href !== undefined) references.push(href.slice(1))
    for (const id of references) {
      const targets = (this.#ids.get(id) ?? []).map((target) => this.cost(target, depth + 1))
      this.#add(total, targets.reduce((dearest, cost) => weight(cost) > weight(dearest) ? cost : dearest, { drawn: 0, groups: 0, segments: 0 }))
    }
    this.#counting.delete(element)
    this.#costs.set(element, total)
    return total
  }

  /** The element's compositing declarations: its attributes, its style, and the sheet's rules that may apply to it. */
  #compositing (element: Kept): Array<[string, string]> {
    const declarations = [...element.attributes].filter(([name]) => COMPOSITING.has(name))
    declarations.push(...compositingOf(element.attributes.get('style') ?? ''))
    const id = element.attributes.get('id')
    const classes = (element.attributes.get('class') ?? '').split(/\s+/).filter((name) => name !== '').map((name) => `.${name}`)
    for (const key of [element.name.toLowerCase(), ...classes, ...(id === undefined ? [] : [`#${id}`])]) {
      declarations.push(...(this.#sheet.get(key)?.values() ?? []))
    }
    return declarations
  }

  #add (total: Cost, cost: Cost): void {
    total.drawn += cost.drawn
    total.groups += cost.groups
    total.segments += cost.segments
    if (total.drawn > this.#caps.drawn) throw new TooCostlyError('more elements drawn than a logo has')
    if (total.groups > this.#caps.groups) throw new TooCostlyError('more groups composited than a logo has')
    if (total.segments > this.#caps.segments) throw new TooCostlyError('more path segments drawn than a logo has')
  }
}

/** The caps a document is counted against. */
interface DrawingCaps {
  drawn: number
  groups: number
  segments: number
}
const CAPS: DrawingCaps = { drawn: MAX_DRAWN_ELEMENTS, groups: MAX_COMPOSITED_GROUPS, segments: MAX_PATH_SEGMENTS }

/** Which of several elements of one id costs most (each counted at its dearest). */
const weight = (cost: Cost): number => cost.drawn + cost.groups + cost.segments

const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi
/** The basic shapes: one segment each (convex: their fill costs what one edge does, whatever their size). */
const SHAPES = new Set(['rect', 'circle', 'ellipse', 'line'])

/**
 * The segments an element's geometry draws: a coordinate pair of a path's `d` or a polygon's `points` counts one (a
 * curve's control points count too: cairo flattens a curve into several lines), a basic shape one.
 */
function segmentsOf (name: string, attributes: Map<string, string>): number {
  if (SHAPES.has(name)) return 1
  const geometry = attributes.get('d') ?? attributes.get('points')
  return geometry === undefined ? 0 : Math.ceil((geometry.match(NUMBER)?.length ?? 0) / 2)
}

/** What librsvg would draw for a document, every reference expanded; null when it is no SVG or is past the caps. */
export function drawingCost (body: Buffer, caps = CAPS): Cost | null {
  const parsed = parsedSvg(body)
  return parsed === null ? null : countedWithin(parsed, caps)
}

function countedWithin (parsed: { root: Kept, rules: Rule[] }, caps: DrawingCaps): Cost | null {
  try {
    return new DrawingCount(parsed.root, parsed.rules, caps).cost(parsed.root)
  } catch (error) {
    if (error instanceof TooCostlyError) return null
    throw error
  }
}

/** Whether a tag is one we keep: an allowed element of the SVG namespace (or of none, as SVG files without xmlns are). */
const allowed = (tag: SaxesTagNS): boolean => (tag.uri === SVG_NS || tag.uri === '') && ELEMENTS.has(tag.local)

interface ParsedSvg {
  /** The document written back from what was kept. */
  written: string
  root: Kept
  rules: Rule[]
}

/**
 * The document read and written back from its allowed elements, attributes and declarations, or null for a file that
 * is not one: larger than SVG_MAX_BYTES, not well-formed XML, with a document type (its entities would be expanded: a
 * billion laughs), whose root is not an <svg>, or whose elements nest deeper than MAX_DEPTH.
 */
function parsedSvg (body: Buffer): ParsedSvg | null {
  if (body.length > SVG_MAX_BYTES) return null
  const parser = new SaxesParser({ xmlns: true, position: false, resolvePrefix: (prefix: string) => prefix === 'xlink' ? XLINK_NS : undefined })
  const out: string[] = []
  /** The kept elements open; a dropped element counts in `dropped` with all it holds. */
  const open: Kept[] = []
  const rules: Rule[] = []
  let root: Kept | null = null
  let dropped = 0
  let sheet: string | null = null
  /** The <text> open, whose characters its tspans' count in. */
  let text: Kept | null = null
  parser.on('doctype', () => { throw new Error('an SVG with a document type') })
  parser.on('opentag', (tag) => {
    if (root === null && !(tag.local === 'svg' && (tag.uri === SVG_NS || tag.uri === ''))) throw new Error('not an SVG')
    // a <style> holds only its sheet; one for some media only would apply to all
    if (dropped > 0 || sheet !== null || !allowed(tag) || (tag.local === 'style' && tag.attributes.media !== undefined)) {
      dropped++
      return
    }
    // the count and the writing recurse no deeper than this
    if (open.length >= MAX_DEPTH) throw new Error('elements nested deeper than a logo')
    const name = RENAMED[tag.local] ?? tag.local
    const attributes = name === 'style' ? new Map<string, string>() : safeAttributes(name, tag.attributes)
    const element: Kept = { name, attributes, children: [], characters: 0, segments: segmentsOf(name, attributes) }
    out.push(`<${name}${root === null ? ` xmlns="${SVG_NS}"` : ''}${written(element.attributes)}>`)
    open.at(-1)?.children.push(element)
    open.push(element)
    root ??= element
    if (name === 'style') sheet = ''
    if (name === 'text') text ??= element
  })
  const onText = (content: string) => {
    if (dropped > 0) return
    if (sheet !== null) sheet += content
    else if (TEXT_ELEMENTS.has(open.at(-1)?.name ?? '')) {
      out.push(escapeText(content))
      if (text !== null) text.characters += content.length
    }
  }
  parser.on('text', onText)
  parser.on('cdata', onText)
  parser.on('closetag', () => {
    if (dropped > 0) { dropped--; return }
    if (sheet !== null) {
      const kept = safeSheet(sheet)
      rules.push(...kept)
      out.push(escapeText(sheetText(kept)))
    }
    sheet = null
    const element = open.pop()
    if (element === text) text = null
    out.push(`</${element?.name ?? ''}>`)
  })
  try {
    parser.write(body.toString('utf8')).close()
  } catch {
    return null
  }
  return root === null ? null : { written: out.join(''), root, rules }
}

/**
 * The SVG rebuilt from its allowed elements, attributes and declarations, or null for a file that is not one (see
 * parsedSvg) or that asks librsvg for more drawing than a logo does: more than MAX_DRAWN_ELEMENTS elements or
 * MAX_COMPOSITED_GROUPS composited groups drawn, every <use> expanded, or an element that draws itself.
 */
export function safeSvg (body: Buffer): Buffer | null {
  const parsed = parsedSvg(body)
  if (parsed === null || countedWithin(parsed, CAPS) === null) return null
  return Buffer.from(parsed.written, 'utf8')
}
