// The RFC 9309 matcher: the most specific (longest, in octets) matching rule of the group that applies
// wins and allow wins a tie; groups for the same agent merge; no specific group means the `*` group.
// Decisions follow Google's reference parser (google/robotstxt) case for case.
import type { ParsedRobots, RobotsRecord } from './robots-parse.js'

export interface MatchedRule {
  line: number
  directive: 'allow' | 'disallow'
  /** the pattern as compared (percent-escaped) */
  pattern: string
  text: string
}

export interface RobotsDecision {
  allowed: boolean
  /** which group decided: the agent's own group(s), the `*` group, or none (no rules apply) */
  group: 'specific' | 'global' | 'none'
  rule: MatchedRule | null
}

/** Product tokens contain only [a-zA-Z_-]; anything after is ignored ("Foo Bar" is "Foo"). */
export function extractUserAgent (value: string): string {
  const match = /^[A-Za-z_-]*/.exec(value)
  return match === null ? '' : match[0]
}

export function isValidUserAgentToObey (value: string): boolean {
  return value.length > 0 && extractUserAgent(value) === value
}

/**
 * Path, params and query of a URL, without scheme, authority and fragment; always starts with "/".
 * Mirrors the reference parser, which also accepts scheme-less input such as "example.com/a".
 */
export function getPathParamsQuery (url: string): string {
  const searchStart = url.startsWith('//') ? 2 : 0
  const firstIndex = (chars: string, from: number): number => {
    for (let i = from; i < url.length; i++) if (chars.includes(url[i])) return i
    return -1
  }
  const earlyPath = firstIndex('/?;', searchStart)
  let protocolEnd = url.indexOf('://', searchStart)
  if (earlyPath !== -1 && (protocolEnd === -1 || earlyPath < protocolEnd)) protocolEnd = -1
  protocolEnd = protocolEnd === -1 ? searchStart : protocolEnd + 3
  const pathStart = firstIndex('/?;', protocolEnd)
  if (pathStart === -1) return '/'
  const hash = url.indexOf('#', searchStart)
  if (hash !== -1 && hash < pathStart) return '/'
  const path = url.slice(pathStart, hash === -1 ? url.length : hash)
  return path.startsWith('/') ? path : '/' + path
}

/**
 * Whether `pattern` matches `path` from its start: `*` is any sequence, `$` at the very end anchors.
 * Keeps the set of path prefixes that the pattern prefix can match, so the worst case is
 * O(path * pattern) rather than exponential backtracking.
 */
export function patternMatches (path: string, pattern: string): boolean {
  let positions = [0]
  for (let p = 0; p < pattern.length; p++) {
    const ch = pattern[p]
    if (ch === '$' && p === pattern.length - 1) return positions[positions.length - 1] === path.length
    if (ch === '*') {
      const from = positions[0]
      positions = []
      for (let i = from; i <= path.length; i++) positions.push(i)
      continue
    }
    const next: number[] = []
    for (const pos of positions) if (pos < path.length && path[pos] === ch) next.push(pos + 1)
    if (next.length === 0) return false
    positions = next
  }
  return true
}

interface Best { priority: number, record: RobotsRecord | null, pattern: string }
const none = (): Best => ({ priority: -1, record: null, pattern: '' })

/** Octet form of a URL path, as the rules are compared in octets. */
function pathOctets (url: string): string {
  return Buffer.from(getPathParamsQuery(url), 'utf8').toString('latin1')
}

export function matchRobots (parsed: ParsedRobots, userAgent: string, url: string): RobotsDecision {
  const path = pathOctets(url)
  const best = { allowSpecific: none(), disallowSpecific: none(), allowGlobal: none(), disallowGlobal: none() }
  let seenGlobal = false
  let seenSpecific = false
  let everSeenSpecific = false
  let everSeenGlobal = false
  let seenSeparator = false

  const consider = (record: RobotsRecord, pattern: string): boolean => {
    if (!patternMatches(path, pattern)) return false
    const slot = record.key === 'allow'
      ? (seenSpecific ? best.allowSpecific : best.allowGlobal)
      : (seenSpecific ? best.disallowSpecific : best.disallowGlobal)
    if (slot.priority < pattern.length) Object.assign(slot, { priority: pattern.length, record, pattern })
    return true
  }

  for (const record of parsed.records) {
    if (record.key === 'user-agent') {
      if (seenSeparator) seenSpecific = seenGlobal = seenSeparator = false
      const value = record.value
      // Google: "*" followed by whitespace and more text still names the global group
      if (value.startsWith('*') && (value.length === 1 || /[ \t\n\v\f\r]/.test(value[1]))) {
        seenGlobal = everSeenGlobal = true
      } else if (extractUserAgent(value).toLowerCase() === userAgent.toLowerCase()) {
        seenSpecific = everSeenSpecific = true
      }
      continue
    }
    if (record.key !== 'allow' && record.key !== 'disallow') continue
    if (!seenGlobal && !seenSpecific) continue
    seenSeparator = true
    if (consider(record, record.value) || record.key !== 'allow') continue
    // Google: an allowed ".../index.htm(l)" also allows its directory ("/dir/" exactly)
    const slash = record.value.lastIndexOf('/')
    if (slash !== -1 && record.value.slice(slash).startsWith('/index.htm')) {
      consider(record, record.value.slice(0, slash + 1) + '$')
    }
  }

  const decide = (allow: Best, disallow: Best): { allowed: boolean, winner: Best } => {
    const allowed = !(disallow.priority > allow.priority)
    return { allowed, winner: allowed ? allow : disallow }
  }
  let outcome: { allowed: boolean, winner: Best }
  let group: RobotsDecision['group']
  const { allowSpecific, disallowSpecific, allowGlobal, disallowGlobal } = best
  if (allowSpecific.priority > 0 || disallowSpecific.priority > 0) {
    outcome = decide(allowSpecific, disallowSpecific)
    group = 'specific'
  } else if (everSeenSpecific) {
    // the agent has a group, but nothing in it matched with a non-empty pattern
    outcome = { allowed: true, winner: allowSpecific.priority >= disallowSpecific.priority ? allowSpecific : disallowSpecific }
    group = 'specific'
  } else if (allowGlobal.priority > 0 || disallowGlobal.priority > 0) {
    outcome = decide(allowGlobal, disallowGlobal)
    group = 'global'
  } else {
    outcome = { allowed: true, winner: allowGlobal.priority >= disallowGlobal.priority ? allowGlobal : disallowGlobal }
    group = everSeenGlobal ? 'global' : 'none'
  }
  const record = outcome.winner.record
  const rule = record === null
    ? null
    : { line: record.line, directive: record.key as 'allow' | 'disallow', pattern: outcome.winner.pattern, text: record.text }
  return { allowed: outcome.allowed, group, rule }
}
