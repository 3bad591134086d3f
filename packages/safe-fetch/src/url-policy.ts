import { isIpLiteral, unbracket } from './address.js'
import { FetchError } from './errors.js'
import type { ResolvedPolicy } from './policy.js'
import { assertPermitted, isDefaultPort } from './resolve.js'

/**
 * The URL rules, applied to the requested URL and to every redirect target before any connection: http(s) only,
 * no userinfo, and IP-literal hosts judged at once (WHATWG parsing has already turned `2130706433`, `0x7f000001`
 * and `0177.0.0.1` into `127.0.0.1`). Host names are judged at connect time, where their addresses are known.
 */
export function checkUrl (input: string, policy: ResolvedPolicy, base?: string): URL {
  let url: URL
  try {
    url = new URL(input, base)
  } catch {
    throw new FetchError('FETCH_ERR_BAD_URL', 'The URL is not valid', { url: input })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError('FETCH_ERR_SCHEME', 'Only http and https URLs can be fetched', { url: url.href })
  }
  if (url.username !== '' || url.password !== '') {
    // The error must not carry the secret it is refusing.
    const shown = new URL(url.href)
    shown.username = ''
    shown.password = ''
    throw new FetchError('FETCH_ERR_CREDENTIALS', 'URLs with credentials are not allowed', { url: shown.href })
  }
  if (isIpLiteral(url.hostname)) {
    try {
      assertPermitted(unbracket(url.hostname), policy, isDefaultPort(url.protocol, url.port))
    } catch (error) {
      throw Object.assign(error as FetchError, { url: url.href })
    }
  }
  url.hash = ''
  return url
}
