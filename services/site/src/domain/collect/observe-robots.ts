// /robots.txt as RFC 9309 reads it: 2xx is parsed; 4xx (except 429) means no rules; 429, 5xx or no
// answer means crawlers must assume everything is disallowed.
import { OBSERVED_TOKENS } from '../ai-crawlers.js'
import type { RobotsFacts } from '../observations.js'
import { extractContentSignals } from '../robots/content-signals.js'
import { lintRobotsTxt } from '../robots/robots-lint.js'
import { matchRobots } from '../robots/robots-match.js'
import { parseRobotsTxt, type ParsedRobots } from '../robots/robots-parse.js'
import { fetchStep, LIMITS, type Budget, type Fetcher } from './fetch-step.js'

export interface RobotsPolicy {
  outcome: RobotsFacts['outcome']
  parsed: ParsedRobots | null
}

export type RobotsVerdict = { allowed: boolean, rule: { line: number, text: string } | null }

export function robotsOutcome (status: number | null): RobotsFacts['outcome'] {
  if (status === null || status === 429 || status >= 500) return 'unreachable'
  if (status >= 400) return 'unavailable'
  return status >= 200 && status < 300 ? 'parsed' : 'unreachable'
}

/** Whether `token` may fetch `url` under this policy; /robots.txt itself is always allowed. */
export function robotsVerdict (policy: RobotsPolicy, token: string, url: string): RobotsVerdict {
  if (new URL(url).pathname === '/robots.txt') return { allowed: true, rule: null }
  if (policy.outcome === 'unavailable') return { allowed: true, rule: null }
  if (policy.outcome === 'unreachable' || policy.parsed === null) return { allowed: false, rule: null }
  const decision = matchRobots(policy.parsed, token, url)
  return { allowed: decision.allowed, rule: decision.rule === null ? null : { line: decision.rule.line, text: decision.rule.text } }
}

export async function observeRobots (fetcher: Fetcher, budget: Budget, origin: string, homepageUrl: string): Promise<{ facts: RobotsFacts, policy: RobotsPolicy }> {
  const url = new URL('/robots.txt', origin).href
  const step = await fetchStep(fetcher, budget, 'robots.txt', url, { maxBytes: LIMITS.robots, accept: 'text/plain,*/*;q=0.5' })
  const outcome = robotsOutcome(step.facts.status)
  const parsed = outcome === 'parsed' && step.result !== null ? parseRobotsTxt(step.result.body) : null
  const policy: RobotsPolicy = { outcome, parsed }
  const sitemaps = (parsed?.sitemaps ?? []).filter((s) => { try { return /^https?:$/.test(new URL(s).protocol) } catch { return false } })
  return {
    policy,
    facts: {
      url,
      fetch: step.facts,
      outcome,
      bytes: step.result?.body.length ?? 0,
      truncated: step.result?.truncated === true || parsed?.truncated === true,
      lintErrors: parsed === null ? [] : lintRobotsTxt(parsed.text),
      sitemaps,
      contentSignals: parsed === null ? [] : extractContentSignals(parsed),
      homepage: OBSERVED_TOKENS.map((token) => ({ token, ...robotsVerdict(policy, token, homepageUrl) }))
    }
  }
}
