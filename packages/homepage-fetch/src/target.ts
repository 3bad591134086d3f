// The target of a brand profile or a site analysis: a bare domain (tried over https, then http) or an http(s) URL
// (its scheme and port kept), read the one way both services share. The domain reported is the lowercase ASCII host.
import { domainToASCII, domainToUnicode } from 'node:url'

/** Why an input names no target we can fetch: one vocabulary for both services, each wording it its own way. */
export type TargetInputCode = 'empty' | 'whitespace' | 'scheme' | 'credentials' | 'bad_url' | 'bad_host'

const DEFAULT_MESSAGES: Record<TargetInputCode, string> = {
  empty: 'the target must not be empty',
  whitespace: 'the host name must not contain whitespace',
  scheme: 'the URL scheme must be http or https',
  credentials: 'the URL must not contain credentials',
  bad_url: 'the target is not a domain name or an http(s) URL',
  bad_host: 'the host name is not a valid domain name'
}

export const TARGET_INPUT_CODES = Object.keys(DEFAULT_MESSAGES) as TargetInputCode[]

export type TargetMessages = Partial<Record<TargetInputCode, string>>

/** An input that names no target; `code` is stable, the message is the service's wording of it. */
export class TargetInputError extends Error {
  readonly code: TargetInputCode

  constructor (code: TargetInputCode, messages: TargetMessages = {}) {
    super(messages[code] ?? DEFAULT_MESSAGES[code])
    this.name = 'TargetInputError'
    this.code = code
  }

  /** false when the input holds credentials, which an answer must not repeat back */
  get echoInput (): boolean {
    return this.code !== 'credentials'
  }
}

/** What a service fetches for one input. */
export interface HomepageTarget {
  /** The input, trimmed. */
  input: string
  /** Lowercase ASCII host name (an IPv6 address without brackets): no port, credentials or trailing dot. */
  domain: string
  /** URLs to try in order: https then http for a bare domain, the given scheme for a URL. */
  candidates: string[]
  /** True when the input named no scheme. */
  bare: boolean
}

export interface TargetOptions {
  /** `origin` (the default): the homepage of the host, path and query dropped; `path`: the path and query kept. */
  keep?: 'origin' | 'path'
  /** The service's wording of each cause; the codes stay the same. */
  messages?: TargetMessages
}

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i
// Underscores are allowed anywhere a letter is: real host names carry them, and browsers fetch them
const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/
// The host part of a URL, where a space cannot be percent-encoded away
const AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i

/** What every URL a request names must be: http or https, without credentials. */
export function checkHttpUrl (url: URL, messages: TargetMessages = {}): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TargetInputError('scheme', messages)
  if (url.username !== '' || url.password !== '') throw new TargetInputError('credentials', messages)
}

/** Turns a bare domain or an http(s) URL into the host we report and the URLs we fetch. */
export function parseTarget (input: string, options: TargetOptions = {}): HomepageTarget {
  const messages = options.messages ?? {}
  const text = input.trim()
  if (text === '') throw new TargetInputError('empty', messages)
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase()
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') throw new TargetInputError('scheme', messages)
  const bare = scheme === undefined
  // '//example.com' is a protocol-relative URL: a bare domain
  const withScheme = bare ? `https://${text.replace(/^\/\//, '')}` : text
  const authority = AUTHORITY.exec(withScheme)?.[1] ?? ''
  if (/\s/.test(authority)) throw new TargetInputError('whitespace', messages)
  // Node 20's URL refuses a label that is no valid punycode, Node 26's passes it on: refused alike on both
  const hostLabels = authority.replace(/^.*@/, '').replace(/:\d*$/, '').split('.')
  if (hostLabels.some(isBrokenPunycode)) throw new TargetInputError('bad_url', messages)

  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    throw new TargetInputError('bad_url', messages)
  }
  checkHttpUrl(url, messages)
  const domain = hostnameOf(url, messages)
  const host = domain.includes(':') ? `[${domain}]` : domain
  const rest = options.keep === 'path' ? `${url.pathname}${url.search}` : '/'
  const at = (protocol: string): string => `${protocol}//${host}${url.port === '' ? '' : `:${url.port}`}${rest}`
  return { input: text, domain, candidates: bare ? [at('https:'), at('http:')] : [at(url.protocol)], bare }
}

/** An `xn--` label that does not decode: ToUnicode answers '' (Node 20) or the label unchanged (Node 26). */
function isBrokenPunycode (label: string): boolean {
  if (!/^xn--/i.test(label)) return false
  const unicode = domainToUnicode(label.toLowerCase())
  return unicode === '' || /^xn--/i.test(unicode)
}

function hostnameOf (url: URL, messages: TargetMessages): string {
  let host = url.hostname
  if (host.startsWith('[')) return host.slice(1, -1) // IPv6 literal, already canonical
  // 'example.com.' is the same site: fetching it with the dot breaks virtual hosts and certificate names
  if (host.endsWith('.')) host = host.slice(0, -1)
  // WHATWG URL already applied IDNA (and canonicalised IPv4 in any notation); '' is what IDNA rejects
  const ascii = domainToASCII(host).toLowerCase()
  if (ascii === '' || ascii.length > 253 || !ascii.split('.').every((label) => LABEL.test(label))) {
    throw new TargetInputError('bad_host', messages)
  }
  return ascii
}
