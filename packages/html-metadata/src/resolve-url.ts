/**
 * Resolves an attribute value against a base URL the way a browser does (relative, protocol-relative, absolute),
 * or returns null when the value is blank or does not parse. Pass a URL object as base when resolving many values.
 */
export function resolveUrl (href: string | null | undefined, base: string | URL): string | null {
  if (href == null) return null
  const trimmed = href.trim()
  if (trimmed === '') return null
  try {
    return new URL(trimmed, base).href
  } catch {
    return null
  }
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
