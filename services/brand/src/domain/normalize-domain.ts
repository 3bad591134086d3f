import { domainToASCII } from 'node:url'

/** What the service will fetch for one `domain` input. */
export interface DomainTarget {
  /** Lowercase ASCII hostname: no port, path, credentials or trailing dot. */
  domain: string
  /** Origins to try in order, each ending in `/`: https then http for a bare domain, the given scheme for a URL. */
  candidates: string[]
  /** True when the input named no scheme. */
  bare: boolean
}

/** Why an input cannot be profiled; `type` and `message` follow pydantic's wording for the 422 body. */
export class DomainInputError extends Error {
  readonly type: 'value_error' | 'url_scheme'

  constructor (type: 'value_error' | 'url_scheme', message: string) {
    super(message)
    this.name = 'DomainInputError'
    this.type = type
  }
}

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i
const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/

/**
 * Turns a bare domain or a URL into the hostname we report and the origins we fetch.
 * A URL keeps its scheme and port; a path, query, fragment or credentials are dropped because
 * a brand profile is about the homepage.
 */
export function normalizeDomainInput (input: string): DomainTarget {
  const text = input.trim()
  if (text === '') throw new DomainInputError('value_error', 'domain must not be empty')
  if (/\s/.test(text)) throw new DomainInputError('value_error', 'domain must not contain whitespace')

  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase()
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') {
    throw new DomainInputError('url_scheme', "URL scheme should be 'http' or 'https'")
  }
  const bare = scheme === undefined
  // '//example.com' is a protocol-relative URL: treat it as a bare domain
  const withScheme = bare ? `https://${text.replace(/^\/\//, '')}` : text

  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    throw new DomainInputError('value_error', 'domain is not a valid domain name or URL')
  }

  const domain = hostnameOf(url)
  const port = url.port === '' ? '' : `:${url.port}`
  const host = domain.includes(':') ? `[${domain}]` : domain
  const candidates = bare
    ? [`https://${host}${port}/`, `http://${host}${port}/`]
    : [`${url.protocol}//${host}${port}/`]
  return { domain, candidates, bare }
}

function hostnameOf (url: URL): string {
  let host = url.hostname
  if (host.startsWith('[')) return host.slice(1, -1) // IPv6 literal, already canonical
  if (host.endsWith('.')) host = host.slice(0, -1)
  // WHATWG URL already applied IDNA; domainToASCII returns '' for what IDNA rejects
  const ascii = domainToASCII(host).toLowerCase()
  if (ascii === '' || ascii.length > 253) {
    throw new DomainInputError('value_error', 'domain is not a valid domain name or URL')
  }
  if (!ascii.split('.').every((label) => LABEL.test(label))) {
    throw new DomainInputError('value_error', 'domain is not a valid domain name or URL')
  }
  return ascii
}
