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

/** The paint and text properties a logo uses, as a style declaration or as a presentation attribute. */
const PROPERTIES = new Set([
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'opacity', 'color', 'display', 'visibility', 'clip-path',
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

/**
 * A <style> sheet rebuilt from its plain rules (simple selectors, allowed declarations); at-rules (@import, @font-face,
 * @media) and nested blocks are left out whole. A sheet with a CSS escape anywhere is left out whole.
 */
function safeSheet (css: string): string {
  const text = css.replace(CSS_COMMENT, ' ')
  if (text.includes('\\')) return ''
  const rules: string[] = []
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
      if (!nested && !prelude.includes('@') && simpleSelectors(prelude) && declarations !== '') rules.push(`${prelude}{${declarations}}`)
      start = i + 1
      nested = false
    }
  }
  return rules.join('\n')
}

const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeAttribute = (value: string): string => escapeText(value).replace(/"/g, '&quot;')

/** An element's kept attributes, written out; an href (plain or under any prefix bound to xlink) only as a fragment. */
function safeAttributes (element: string, attributes: Record<string, SaxesAttributeNS>): string {
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
  return [...kept].map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('')
}

/** Whether a tag is one we keep: an allowed element of the SVG namespace (or of none, as SVG files without xmlns are). */
const allowed = (tag: SaxesTagNS): boolean => (tag.uri === SVG_NS || tag.uri === '') && ELEMENTS.has(tag.local)

/**
 * The SVG rebuilt from its allowed elements, attributes and declarations, or null for a file that is not one: larger
 * than SVG_MAX_BYTES, not well-formed XML, with a document type (its entities would be expanded: a billion laughs), or
 * whose root is not an <svg>.
 */
export function safeSvg (body: Buffer): Buffer | null {
  if (body.length > SVG_MAX_BYTES) return null
  const parser = new SaxesParser({ xmlns: true, position: false, resolvePrefix: (prefix: string) => prefix === 'xlink' ? XLINK_NS : undefined })
  const out: string[] = []
  /** The kept elements open, by the name written; a dropped element counts in `dropped` with all it holds. */
  const open: string[] = []
  let dropped = 0
  let root = true
  let sheet: string | null = null
  parser.on('doctype', () => { throw new Error('an SVG with a document type') })
  parser.on('opentag', (tag) => {
    if (root && !(tag.local === 'svg' && (tag.uri === SVG_NS || tag.uri === ''))) throw new Error('not an SVG')
    // a <style> holds only its sheet; one for some media only would apply to all
    if (dropped > 0 || sheet !== null || !allowed(tag) || (tag.local === 'style' && tag.attributes.media !== undefined)) {
      dropped++
      return
    }
    const name = RENAMED[tag.local] ?? tag.local
    out.push(`<${name}${root ? ` xmlns="${SVG_NS}"` : ''}${name === 'style' ? '' : safeAttributes(name, tag.attributes)}>`)
    open.push(name)
    root = false
    if (name === 'style') sheet = ''
  })
  const text = (content: string) => {
    if (dropped > 0) return
    if (sheet !== null) sheet += content
    else if (TEXT_ELEMENTS.has(open.at(-1) ?? '')) out.push(escapeText(content))
  }
  parser.on('text', text)
  parser.on('cdata', text)
  parser.on('closetag', () => {
    if (dropped > 0) { dropped--; return }
    if (sheet !== null) out.push(escapeText(safeSheet(sheet)))
    sheet = null
    out.push(`</${open.pop() ?? ''}>`)
  })
  try {
    parser.write(body.toString('utf8')).close()
  } catch {
    return null
  }
  return root ? null : Buffer.from(out.join(''), 'utf8')
}
