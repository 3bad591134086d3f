// What the raw markup says that the shared metadata package does not keep: hreflang annotations as
// written (a relative href is an error of its own, kept as written; hreflang.ts resolves it) and which
// images are content. One walk over the parsed document, iterative, so a deeply nested hostile page
// cannot exhaust the stack.
import type { CheerioAPI } from 'cheerio/slim'
import type { PageFacts } from '../observations.js'

// the few domhandler fields read here (domhandler itself is not a direct dependency)
interface Node { type: string, name?: string, attribs?: Record<string, string>, children?: Node[] }

const HIDING_STYLE = /(^|;)\s*(display\s*:\s*none|visibility\s*:\s*hidden)\s*(;|$)/i
const DECORATIVE_ROLE = /^\s*(presentation|none)\s*$/i
const TINY = /^\s*[01](\.0*)?\s*(px)?\s*$/i

function styleSize (style: string, property: 'width' | 'height'): string | undefined {
  return new RegExp(`(?:^|;)\\s*${property}\\s*:\\s*([^;]*)`, 'i').exec(style)?.[1]
}

/** An element that hides itself and what it holds: `hidden`, `aria-hidden`, display:none or visibility:hidden. */
function hides (el: Node): boolean {
  const a = el.attribs ?? {}
  if (el.name === 'noscript' || el.name === 'template') return true
  return a.hidden !== undefined || a['aria-hidden'] === 'true' || HIDING_STYLE.test(a.style ?? '')
}

/** A tracking pixel: declared 1x1 (or 0) by attributes or inline style. */
function isPixel (el: Node): boolean {
  const a = el.attribs ?? {}
  const style = a.style ?? ''
  const width = a.width ?? styleSize(style, 'width')
  const height = a.height ?? styleSize(style, 'height')
  return width !== undefined && height !== undefined && TINY.test(width) && TINY.test(height)
}

function resolved (href: string, base: string): string | null {
  try {
    return new URL(href, base).href
  } catch {
    return null
  }
}

export interface MarkupFacts {
  hreflang: PageFacts['hreflang']
  images: PageFacts['images']
}

export function markupFacts ($: CheerioAPI, pageUrl: string): MarkupFacts {
  const hreflang: PageFacts['hreflang'] = []
  const images: PageFacts['images'] = { total: 0, with_alt: 0, hidden: 0 }
  // children are pushed last first, so the walk meets elements in document order
  const stack: Array<[Node, boolean]> = (($.root().get(0) as unknown as Node).children ?? []).map((n): [Node, boolean] => [n, false]).reverse()
  while (stack.length > 0) {
    const [node, hiddenAbove] = stack.pop() as [Node, boolean]
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') continue
    const a = node.attribs ?? {}
    const hidden = hiddenAbove || hides(node)
    if (node.name === 'link' && a.hreflang !== undefined && (a.rel ?? '').toLowerCase().split(/\s+/).includes('alternate')) {
      const href = (a.href ?? '').trim()
      const relative = !/^[a-z][a-z0-9+.-]*:/i.test(href)
      // a relative href is kept as written, so its error quotes what the page says, not a URL the page never wrote
      hreflang.push({ hreflang: a.hreflang.trim(), href: relative ? href : resolved(href, pageUrl) ?? href, relative })
    } else if (node.name === 'img' && (a.src ?? a.srcset ?? '').trim() !== '') {
      if (hidden || isPixel(node)) images.hidden++
      else {
        images.total++
        // axe's image-alt, which Lighthouse runs, passes an image marked decorative by its role as it passes alt=""
        if (a.alt !== undefined || DECORATIVE_ROLE.test(a.role ?? '')) images.with_alt++
      }
    }
    const children = node.children ?? []
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i], hidden])
  }
  return { hreflang, images }
}
