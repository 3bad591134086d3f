// A site's robots.txt as RFC 9309 applies it: 2xx is parsed; 4xx (except 429), or no file within five redirects
// (or a 3xx with nothing to follow), means no rules; 429, 5xx or no answer means crawlers must assume everything is disallowed. /robots.txt itself is
// always allowed.
import { isRobotsTxtItself, robotsMatcher } from './robots-match.js'
import type { ParsedRobots } from './robots-parse.js'

export type RobotsOutcome = 'parsed' | 'unavailable' | 'unreachable'

export interface RobotsPolicy {
  outcome: RobotsOutcome
  parsed: ParsedRobots | null
}

export interface RobotsVerdict { allowed: boolean, rule: { line: number, text: string } | null }

/** What of a robots.txt fetch (its FetchFacts) decides how the file is read. */
export interface RobotsFetch {
  status: number | null
  error: { code: string } | null
  redirects: unknown[]
}

/**
 * Redirects followed to reach robots.txt. RFC 9309 2.3.1.2 asks for at least five and lets a crawler read the file
 * as unavailable past them; Google stops after five hops and reads it as a 404. The fetcher follows more (10), so
 * the limit is applied here, to the hops it reports.
 */
export const ROBOTS_MAX_REDIRECTS = 5

/**
 * A robots.txt not reached within the redirect limit: more hops than it, or a loop or an overflow the fetcher stopped
 * at (a loop never reaches the file, however many hops are followed). It had an answer, so it is not "unreachable".
 */
function pastRedirectLimit (fetch: RobotsFetch): boolean {
  const code = fetch.error?.code
  return code === 'redirect_loop' || code === 'too_many_redirects' || fetch.redirects.length > ROBOTS_MAX_REDIRECTS
}

/**
 * A final 3xx: a redirect with nothing to follow (a 300 or 302 without Location) or a 304 to a request that asked for
 * no revalidation. The server answered, and no file was reached through it, which Google reads as a 404.
 */
const nothingToFollow = (status: number | null): status is number => status !== null && status >= 300 && status < 400

export function robotsOutcome (fetch: RobotsFetch): RobotsOutcome {
  if (pastRedirectLimit(fetch)) return 'unavailable'
  const { status } = fetch
  if (status === null || status === 429 || status >= 500) return 'unreachable'
  if (status >= 400 || nothingToFollow(status)) return 'unavailable'
  return status >= 200 && status < 300 ? 'parsed' : 'unreachable'
}

/**
 * Why robots.txt reads as unavailable when no 4xx decided it, else null: the redirect limit (its status, a 200 after
 * six hops, or its fetch error, a loop, would not say so) or a 3xx with nothing to follow.
 */
export function notReachedNote (fetch: RobotsFetch): string | null {
  if (pastRedirectLimit(fetch)) {
    const hops = fetch.error?.code === 'redirect_loop' ? 'the redirects form a loop' : `${fetch.redirects.length} redirects`
    return `robots.txt not reached within ${ROBOTS_MAX_REDIRECTS} redirects (${hops}), so unavailable, as Google reads it (a 404)`
  }
  if (nothingToFollow(fetch.status)) {
    return `robots.txt answered HTTP ${fetch.status} with no redirect to follow, so unavailable, as Google reads a file not reached (a 404)`
  }
  return null
}

/** Whether each token may fetch `url` under this policy. */
export function robotsVerdicts (policy: RobotsPolicy, url: string): (token: string) => RobotsVerdict {
  if (isRobotsTxtItself(url) || policy.outcome === 'unavailable') return () => ({ allowed: true, rule: null })
  if (policy.outcome === 'unreachable' || policy.parsed === null) return () => ({ allowed: false, rule: null })
  const match = robotsMatcher(policy.parsed, url)
  return (token) => {
    const decision = match(token)
    return { allowed: decision.allowed, rule: decision.rule === null ? null : { line: decision.rule.line, text: decision.rule.text } }
  }
}
