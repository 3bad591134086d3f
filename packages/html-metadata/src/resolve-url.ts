/**
 * Resolves an attribute value against a base URL the way a browser does (relative, protocol-relative, absolute),
 * or returns null when the value is blank or does not parse. Pass a URL object as base when resolving many values.
 */
export function resolveUrl (href: string | null | undefined, base: string | URL): string | null {
  if (href == null) return null
  const trimmed = href.trim()
  if (trimmed === '') return null
  if (typeof base !== 'string') {
    const plain = resolvePlainPath(trimmed, base)
    if (plain !== null) return plain
  }
  try {
    return new URL(trimmed, base).href
  } catch {
    return null
  }
}

// A root-relative reference the URL parser leaves exactly as written: no dot segment (also not percent-encoded),
// no backslash, whitespace, quote or non-ASCII character, nothing it would percent-encode in path, query or fragment.
const PLAIN_PATH = /^\/(?![/\\])[\w\-.~!$&()*+,;=:@/?#%]*$/
const DOT_SEGMENT = /\/\.|%2e/i
let lastBaseHref = ''
let lastPrefix: string | null = null

/**
 * `new URL(path, base).href` for a root-relative path under an http(s) base, without running the URL parser: the
 * base's scheme, credentials, host and port followed by the path as written. Null when the shortcut does not apply.
 * Pages link mostly this way, and parsing every link and image of a large page is a measurable part of extraction.
 */
export function resolvePlainPath (path: string, base: URL): string | null {
  if (path.charCodeAt(0) !== 0x2f || !PLAIN_PATH.test(path) || DOT_SEGMENT.test(path)) return null
  const baseHref = base.href
  if (baseHref !== lastBaseHref) {
    // an http(s) href is scheme://[credentials@]host[:port]/path...; '/' is percent-encoded in credentials
    const scheme = base.protocol
    lastPrefix = scheme === 'http:' || scheme === 'https:' ? baseHref.slice(0, baseHref.indexOf('/', scheme.length + 2)) : null
    lastBaseHref = baseHref
  }
  return lastPrefix === null ? null : lastPrefix + path
}

/**
 * The document base URL: the first `<base href>` resolved against the final URL, else the final URL.
 * https://html.spec.whatwg.org/multipage/urls-and-fetching.html#document-base-url
 */
export function documentBaseUrl (baseHref: string | null, pageUrl: URL): URL {
  const resolved = resolveUrl(baseHref, pageUrl)
  if (resolved === null) return pageUrl
  const url = new URL(resolved)
  // a data: or javascript: base would make every relative URL on the page meaningless
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : pageUrl
}

/** The hostname without one leading `www.`, for "same site" comparisons. */
export function bareHost (hostname: string): string {
  return hostname.startsWith('www.') ? hostname.slice(4) : hostname
}
