// The `url` of a request: a bare domain (tried over https, then http) or a full http(s) URL (kept as
// given, scheme and port included). The domain reported is the lowercase ASCII host name.

export interface Target {
  input: string
  domain: string
  /** URLs to try for the homepage, in order */
  candidates: string[]
}

export class InvalidTargetError extends Error {
  /** false when the input carries credentials, which an error must not repeat back */
  readonly echoInput: boolean

  constructor (message: string, echoInput = true) {
    super(message)
    this.echoInput = echoInput
  }
}

/** What every URL a request names must be: http or https, without credentials. */
export function checkHttpUrl (url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidTargetError('url must use http or https')
  if (url.username !== '' || url.password !== '') throw new InvalidTargetError('url must not contain credentials', false)
}

const HOST = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9])?)*$/

export function parseTarget (input: string): Target {
  const raw = input.trim()
  const full = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw)
  let url: URL
  try {
    url = new URL(full ? raw : `https://${raw}`)
  } catch {
    throw new InvalidTargetError('url must be a domain name or an http(s) URL')
  }
  checkHttpUrl(url)
  const host = url.hostname.replace(/\.$/, '')
  const ipLiteral = /^\[.*\]$/.test(host) || /^\d{1,3}(\.\d{1,3}){3}$/.test(host)
  if (!ipLiteral && !HOST.test(host)) throw new InvalidTargetError('url must contain a valid host name')
  url.hash = ''
  if (full) return { input: raw, domain: host, candidates: [url.href] }
  const http = new URL(url.href)
  http.protocol = 'http:'
  return { input: raw, domain: host, candidates: [url.href, http.href] }
}
