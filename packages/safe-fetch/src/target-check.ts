// The fetcher's own rules, run on a target before a route does any work for it (or charges for it), so that a target
// the fetcher would refuse is refused up front, the same way, whatever route takes it.
import { isIpLiteral } from './address.js'
import { FetchError } from './errors.js'
import { resolvePolicy, type FetchPolicy } from './policy.js'
import { isDefaultPort, resolvePermitted } from './resolve.js'
import { checkUrl } from './url-policy.js'

/** Resolves to the URL when the fetcher may fetch it; rejects with the FetchError the fetcher would give. */
export type TargetCheck = (url: string) => Promise<URL>

/**
 * A check of targets under `policy` (the one the route's fetcher has): the URL rules (http or https, no credentials,
 * an IP literal in any notation judged, IPv4-mapped IPv6 unwrapped) and every address the host name resolves to,
 * judged on its port as the connection will judge it (`localhost.` resolves as `localhost`). It rejects with
 * FETCH_ERR_BLOCKED, FETCH_ERR_SCHEME, FETCH_ERR_CREDENTIALS or FETCH_ERR_BAD_URL; a name that does not resolve
 * passes, for the fetch to report. The fetch still judges every address at connect time: a name whose answers change
 * after the check is refused there.
 */
export function createTargetCheck (policy: FetchPolicy = {}): TargetCheck {
  const resolved = resolvePolicy(policy)
  return async (input) => {
    const url = checkUrl(input, resolved)
    if (isIpLiteral(url.hostname)) return url
    try {
      await resolvePermitted(url.hostname, resolved, isDefaultPort(url.protocol, url.port))
    } catch (error) {
      if (!(error instanceof FetchError)) throw error
      // Whether a name resolves at all is the fetch's to report: only an address the fetcher refuses is refused here
      if (error.code === 'FETCH_ERR_DNS') return url
      throw Object.assign(error, { url: url.href })
    }
    return url
  }
}
