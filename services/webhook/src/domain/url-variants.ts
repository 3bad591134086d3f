// The URL a sender signed, as the receiving code may have rebuilt it differently: behind a TLS-terminating proxy, with
// a router that adds or drops a trailing slash, a framework that drops or reorders the query. Strings are changed as
// strings: WHATWG URL parsing would normalise them, and the signature covers the exact characters.

export interface UrlParts {
  /** `https://` */
  scheme: string
  /** user info and host, without the port */
  host: string
  /** `:8443`, or '' */
  port: string
  path: string
  /** without the `?`; undefined when the URL has none */
  query?: string
}

const URL_PARTS = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)([^?#]*)(?:\?([^#]*))?/i

export function splitUrl (url: string): UrlParts | undefined {
  const match = URL_PARTS.exec(url)
  if (match === null) return undefined
  const authority = match[2]
  // A colon starts the port only after the closing bracket of an IPv6 literal.
  const colon = authority.indexOf(':', authority.lastIndexOf(']') + 1)
  return {
    scheme: match[1],
    host: colon < 0 ? authority : authority.slice(0, colon),
    port: colon < 0 ? '' : authority.slice(colon),
    path: match[3],
    ...(match[4] === undefined ? {} : { query: match[4] })
  }
}

const joinUrl = (parts: UrlParts): string =>
  `${parts.scheme}${parts.host}${parts.port}${parts.path}${parts.query === undefined ? '' : `?${parts.query}`}`

const defaultPort = (scheme: string): string => scheme.toLowerCase() === 'https://' ? ':443' : ':80'

/** The URL with its scheme's default port written out, or removed when it is written; others are left as they are. */
export function toggledDefaultPort (url: string): string | undefined {
  const parts = splitUrl(url)
  if (parts === undefined) return undefined
  if (parts.port === '') return joinUrl({ ...parts, port: defaultPort(parts.scheme) })
  return parts.port === defaultPort(parts.scheme) ? joinUrl({ ...parts, port: '' }) : undefined
}

export interface UrlVariant {
  code: string
  /** What was signed, as a noun phrase. */
  finding: string
  explanation: string
  url: string
}

const AS_CONFIGURED = 'pass the URL as configured at the sender'
const PROXY = 'a proxy or load balancer terminates TLS, so the application sees http: rebuild the URL from X-Forwarded-Proto ' +
  '(Express: app.set(\'trust proxy\', ...)), or pass the URL exactly as configured at the sender'

function permutations<T> (items: T[]): T[][] {
  if (items.length <= 1) return [items]
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]))
}

/** Query strings of the same parameters in other orders: every order up to 3 parameters, else sorted and reversed. */
function reorderedQueries (query: string): string[] {
  const pairs = query.split('&')
  const orders = pairs.length <= 3 ? permutations(pairs) : [[...pairs].sort(), [...pairs].reverse()]
  return [...new Set(orders.map((order) => order.join('&')))].filter((text) => text !== query)
}

/**
 * Plausible URLs the sender signed instead of the one given, each undoing one change; `withPort` adds the default
 * port ones (providers whose SDKs accept either form treat those as valid instead).
 */
export function urlVariants (url: string, withPort = true): UrlVariant[] {
  const parts = splitUrl(url)
  if (parts === undefined) return []
  const variants: UrlVariant[] = []
  const add = (code: string, finding: string, explanation: string, next: UrlParts): void => {
    const text = joinUrl(next)
    if (text !== url) variants.push({ code, finding, explanation, url: text })
  }
  const scheme = parts.scheme.toLowerCase()
  if (scheme === 'http://') {
    add('url_https', 'the URL with https instead of http', PROXY, { ...parts, scheme: 'https://', port: parts.port === ':80' ? '' : parts.port })
  }
  if (scheme === 'https://') {
    add('url_http', 'the URL with http instead of https',
      `the sender was configured with an http URL (redirected to https on the way): ${AS_CONFIGURED}, or configure https there`,
      { ...parts, scheme: 'http://', port: parts.port === ':443' ? '' : parts.port })
  }
  if (withPort && parts.port === '') {
    add('url_default_port_added', `the URL with the default port ${defaultPort(scheme)} written out`,
      'the sender was configured with the port in the URL: pass it as configured, port included', { ...parts, port: defaultPort(scheme) })
  }
  if (withPort && parts.port === defaultPort(scheme)) {
    add('url_default_port_removed', 'the URL without its default port',
      `the port was added when the URL was rebuilt (from the Host header or a proxy): ${AS_CONFIGURED}`, { ...parts, port: '' })
  }
  if (parts.path.endsWith('/') && parts.path.length > 1) {
    add('url_trailing_slash_removed', 'the URL without its trailing slash',
      'a router or the framework added a trailing slash: pass the path as the sender called it', { ...parts, path: parts.path.slice(0, -1) })
  } else {
    add('url_trailing_slash_added', 'the URL with a trailing slash',
      'the trailing slash of the configured URL was dropped (a router redirect or normalisation): pass the path as the sender called it',
      { ...parts, path: `${parts.path}/` })
  }
  if (parts.query !== undefined) {
    add('url_query_dropped', 'the URL without its query string',
      `the sender was configured without these query parameters (something on the way added them): ${AS_CONFIGURED}`, { ...parts, query: undefined })
    for (const query of reorderedQueries(parts.query)) {
      add('url_query_reordered', 'the URL with its query parameters in another order',
        'the query string was rebuilt in another order (parsed and re-serialised by the framework): pass the raw URL as received', { ...parts, query })
    }
  }
  return variants
}
