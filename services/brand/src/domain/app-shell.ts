import { parseDocument, type PageMetadata, type ParsedDocument } from '@utility-apis/html-metadata'
import { isStarterDescription } from './starter-placeholders.js'
import { cleanText, wordCount } from './clean-text.js'

// An application shell: the server sends an empty mount point and the scripts that fill it (Create React App, Vite's
// React, Vue, Svelte and vanilla starters, Angular, a Nuxt SPA, a client-only Next.js export). What makes a page one is
// an empty mount point and the absence of content: nothing in its body a reader sees but what a script will write, and
// nothing in its head the brand rules read. A starter's head has an icon, a manifest and a title (a placeholder, or
// the project's name: Angular's), and perhaps a placeholder description (starter-placeholders.ts): none of these is
// content. A head that states the site's identity (a description of its own, OpenGraph, Twitter cards, application
// names, JSON-LD) is, and the page is read as it is: x.com serves an empty #react-root under a full head.

/** A shell has next to no text of its own: a "Loading…" notice, a spinner's caption. */
const SHELL_MAX_WORDS = 30
/** A shell is a handful of elements; a page of more is read no further (and is no shell). */
const SHELL_MAX_ELEMENTS = 2000

// The mount points frameworks fill: React's #root, Vue's and Svelte's #app, Next.js's #__next, Nuxt's #__nuxt, ...
const ROOT_IDS = new Set(['root', 'app', '__next', '__nuxt', 'svelte', 'main', 'application', 'react-root', 'vue-app', 'q-app'])
const ROOT_ATTRIBUTES = ['ng-app', 'data-reactroot']
// Elements whose presence is content a reader uses: a link, a picture, a frame, a form.
const CONTENT = new Set(['a', 'img', 'picture', 'video', 'audio', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet',
  'form', 'input', 'select', 'textarea', 'button'])
// Subtrees that show nothing of their own: the title (the head's other elements hold no text, and its scripts count),
// styles, inert templates, what only shows without scripts, and drawings (a spinner is an SVG).
const SKIPPED = new Set(['title', 'style', 'template', 'noscript', 'svg', 'math'])
// domhandler's node types of elements
const ELEMENT_TYPES = new Set(['tag', 'script', 'style'])
// The document's frame and the head's elements, none of which a reader sees.
const DOCUMENT = new Set(['html', 'head', 'body', 'meta', 'link', 'base'])
// The HTML standard's JavaScript MIME type essences: a script of any other type is a data block, never run.
const JAVASCRIPT_TYPES = new Set(['module', 'application/ecmascript', 'application/javascript', 'application/x-ecmascript',
  'application/x-javascript', 'text/ecmascript', 'text/javascript', 'text/javascript1.0', 'text/javascript1.1', 'text/javascript1.2',
  'text/javascript1.3', 'text/javascript1.4', 'text/javascript1.5', 'text/jscript', 'text/livescript', 'text/x-ecmascript', 'text/x-javascript'])

type DomNode = ParsedDocument

/** What the body of a page shows without scripts, and whether it runs any. */
interface BodyReading {
  /** Scripts the browser runs: external or inline, classic or module. */
  scripts: number
  /** Words of visible text. */
  words: number
  /** A link, an image, a frame or a form. */
  content: boolean
  /** An element frameworks mount into (#root, #app, #__next, #__nuxt, a custom element such as <app-root>). */
  mountPoint: boolean
  /** An element a reader could see: not the head's, a hidden one, a template, a script or a style. */
  visibleElement: boolean
  /** The walk stopped at SHELL_MAX_ELEMENTS. */
  tooLarge: boolean
}

function runsScript (attributes: Record<string, string>): boolean {
  const type = attributes.type?.split(';')[0].trim().toLowerCase() ?? ''
  return type === '' || JAVASCRIPT_TYPES.has(type)
}

function isMountPoint (name: string, attributes: Record<string, string>): boolean {
  return ROOT_IDS.has(attributes.id ?? '') || name.includes('-') || ROOT_ATTRIBUTES.some((attribute) => attribute in attributes)
}

/** One walk of the document, iterative (a page of nested elements cannot overflow the stack) and bounded. */
function readBody (doc: DomNode): BodyReading {
  const reading: BodyReading = { scripts: 0, words: 0, content: false, mountPoint: false, visibleElement: false, tooLarge: false }
  const stack: DomNode[] = [...(doc.children ?? [])].reverse()
  let elements = 0
  while (stack.length > 0) {
    const node = stack.pop() as DomNode
    if (node.type === 'text') { reading.words += wordCount(cleanText(node.data)); continue }
    // elements only: a doctype, a comment or CDATA is none
    if (node.name === undefined || !ELEMENT_TYPES.has(node.type)) continue
    if (++elements > SHELL_MAX_ELEMENTS) { reading.tooLarge = true; break }
    const attributes = node.attribs ?? {}
    if (node.name === 'script') { if (runsScript(attributes)) reading.scripts++; continue }
    if (CONTENT.has(node.name)) { reading.content = true; break }
    if (SKIPPED.has(node.name) || 'hidden' in attributes) continue
    if (!DOCUMENT.has(node.name)) reading.visibleElement = true
    if (isMountPoint(node.name, attributes)) reading.mountPoint = true
    for (let index = (node.children?.length ?? 0) - 1; index >= 0; index--) stack.push((node.children as DomNode[])[index])
  }
  return reading
}

/** Whether the head states something the brand rules read, beyond a title, icons and a starter's placeholders. */
function headSaysSomething (meta: PageMetadata): boolean {
  return (meta.description !== null && !isStarterDescription(meta.description)) || Object.keys(meta.openGraph).length > 0 ||
    Object.keys(meta.twitter).length > 0 || meta.applicationName !== null || meta.appleMobileWebAppTitle !== null ||
    meta.jsonLd.nodes.length > 0
}

/**
 * Whether the raw homepage is an application shell: it runs a script (external or inline); its head states nothing
 * but a title, icons and a starter's placeholders; and its body shows nothing else: no link, image, frame or form, at
 * most SHELL_MAX_WORDS words, and an element frameworks mount into, or no visible element and no text at all (the
 * body is the mount point: a client-only Next.js export hydrates the whole document).
 */
export function isApplicationShell (meta: PageMetadata, html: string): boolean {
  // what the metadata already counted rules out every page with content, before the page is walked again
  const { mainText, links, images, forms, copyrightHolder, logoCandidates } = meta
  if (mainText.words > SHELL_MAX_WORDS || links.length > 0 || images.length > 0 || forms > 0 || copyrightHolder !== null ||
    logoCandidates.length > 0 || headSaysSomething(meta)) return false
  const body = readBody(parseDocument(html))
  if (body.tooLarge || body.content || body.scripts === 0 || body.words > SHELL_MAX_WORDS) return false
  return body.mountPoint || (body.words === 0 && !body.visibleElement)
}
