// A site's robots.txt as RFC 9309 applies it: 2xx is parsed; 4xx (except 429) means no rules; 429, 5xx
// or no answer means crawlers must assume everything is disallowed. /robots.txt itself is always allowed.
import { robotsMatcher } from './robots-match.js'
import type { ParsedRobots } from './robots-parse.js'

export type RobotsOutcome = 'parsed' | 'unavailable' | 'unreachable'

export interface RobotsPolicy {
  outcome: RobotsOutcome
  parsed: ParsedRobots | null
}

export interface RobotsVerdict { allowed: boolean, rule: { line: number, text: string } | null }

export function robotsOutcome (status: number | null): RobotsOutcome {
  if (status === null || status === 429 || status >= 500) return 'unreachable'
  if (status >= 400) return 'unavailable'
  return status >= 200 && status < 300 ? 'parsed' : 'unreachable'
}

/** Whether each token may fetch `url` under this policy. */
export function robotsVerdicts (policy: RobotsPolicy, url: string): (token: string) => RobotsVerdict {
  if (new URL(url).pathname === '/robots.txt' || policy.outcome === 'unavailable') return () => ({ allowed: true, rule: null })
  if (policy.outcome === 'unreachable' || policy.parsed === null) return () => ({ allowed: false, rule: null })
  const match = robotsMatcher(policy.parsed, url)
  return (token) => {
    const decision = match(token)
    return { allowed: decision.allowed, rule: decision.rule === null ? null : { line: decision.rule.line, text: decision.rule.text } }
  }
}
