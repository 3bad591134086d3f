// The robots.txt tester (search engines retired theirs): per user agent, allowed or not and the rule
// that decided, under RFC 9309's handling of unavailable (4xx, past the redirect limit) and unreachable (5xx) files.
import { extractContentSignals, type ContentSignal } from './content-signals.js'
import { lintRobotsTxt, type RobotsLint } from './robots-lint.js'
import { getPathParamsQuery, isRobotsTxtItself, robotsMatcher, type MatchedRule } from './robots-match.js'
import { parseRobotsTxt } from './robots-parse.js'
import type { RobotsOutcome } from './robots-policy.js'

interface AgentResult {
  user_agent: string
  allowed: boolean
  group: 'specific' | 'global' | 'none'
  matched_rule: MatchedRule | null
  reason: string
}

export interface RobotsTestResult {
  path: string
  results: AgentResult[]
  lint: RobotsLint
  sitemaps: string[]
  content_signals: ContentSignal[]
  truncated: boolean
}

const GROUP = { specific: 'its own group', global: 'the * group', none: 'no group' }

/** `unavailableNote` says why the file reads as unavailable when a 4xx did not decide it (the redirect limit). */
export function testRobots (body: Buffer | string | null, outcome: RobotsOutcome, url: string, agents: string[],
  unavailableNote: string | null = null): RobotsTestResult {
  const path = getPathParamsQuery(url)
  const parsed = outcome === 'parsed' && body !== null ? parseRobotsTxt(body) : null
  const match = parsed === null ? null : robotsMatcher(parsed, url)
  const results = agents.map((agent): AgentResult => {
    const base = { user_agent: agent, group: 'none' as const, matched_rule: null }
    if (isRobotsTxtItself(url)) return { ...base, allowed: true, reason: '/robots.txt itself is always allowed' }
    if (outcome === 'unavailable') {
      return { ...base, allowed: true, reason: `${unavailableNote ?? 'robots.txt is unavailable (4xx)'}: crawlers may fetch anything` }
    }
    if (match === null) {
      return { ...base, allowed: false, reason: 'robots.txt is unreachable (5xx, 429 or no answer): crawlers assume everything is disallowed' }
    }
    const d = match(agent)
    const reason = d.rule === null
      ? `no rule of ${GROUP[d.group]} matches ${path}: allowed`
      : `line ${d.rule.line} "${d.rule.text.trim()}" is the most specific match in ${GROUP[d.group]}`
    return { user_agent: agent, allowed: d.allowed, group: d.group, matched_rule: d.rule, reason }
  })
  return {
    path,
    results,
    lint: parsed === null ? { valid: true, errors: [], warnings: [] } : lintRobotsTxt(parsed.text),
    sitemaps: parsed?.sitemaps ?? [],
    content_signals: parsed === null ? [] : extractContentSignals(parsed),
    truncated: parsed?.truncated === true
  }
}
