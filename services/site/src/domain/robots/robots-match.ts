// The RFC 9309 matcher: the most specific (longest, in octets) matching rule of the group that applies
// wins and allow wins a tie; groups for the same agent merge; no specific group means the `*` group.
// Decisions follow Google's reference parser (google/robotstxt) case for case.
import { PathIndex } from './path-index.js'
import { extractUserAgent, type ParsedRobots, type RobotsGroup, type RobotsRecord } from './robots-parse.js'

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

/** Whether `url` is the robots.txt URI itself, always allowed (RFC 9309 2.2.2): its path exactly, no params or query. */
export const isRobotsTxtItself = (url: string): boolean => getPathParamsQuery(url) === '/robots.txt'

/**
 * Whether `pattern` matches `path` from its start: `*` is any sequence, `$` at the very end anchors.
 * The literal pieces between the `*`s are found left to right, each at its leftmost place after the
 * previous one (the leftmost place leaves the most room for the rest, so it never misses a match):
 * time linear in the path and the pattern, where the reference parser's position set is their product.
 */
function patternMatches (index: PathIndex, pattern: string): boolean {
  const path = index.path
  const anchored = pattern.endsWith('$')
  const pieces = (anchored ? pattern.slice(0, -1) : pattern).split('*')
  const head = pieces[0]
  if (!path.startsWith(head)) return false
  if (pieces.length === 1) return !anchored || path.length === head.length
  let from = head.length
  for (let i = 1; i < pieces.length - 1; i++) {
    const at = index.indexOf(pieces[i], from)
    if (at === -1) return false
    from = at + pieces[i].length
  }
  const tail = pieces[pieces.length - 1]
  return anchored ? path.length - tail.length >= from && path.endsWith(tail) : index.indexOf(tail, from) !== -1
}

function simpleMatch (path: string, pattern: string): boolean {
  return pattern.endsWith('$') ? path === pattern.slice(0, -1) : path.startsWith(pattern)
}

interface Best { priority: number, record: RobotsRecord | null, pattern: string }

/** Octet form of a URL path, as the rules are compared in octets. */
function pathOctets (url: string): string {
  return Buffer.from(getPathParamsQuery(url), 'utf8').toString('latin1')
}

// The characters a rule names as %2A and %24 (RFC 9309 section 2.2.3), written as what neither a path's octets nor a
// rule's can hold: compared so, the escape's own characters (%, 2, A, 4) never meet anything but themselves
const STAR = '\u0100'
const DOLLAR = '\u0101'
const NAMES_SPECIAL = /%2a|%24/i

/** A path whose `*` and `$` are the characters a rule's %2A and %24 name. */
const literalPath = (path: string): string => path.replace(/\*/g, STAR).replace(/\$/g, DOLLAR)

/** A rule's %2A and %24, and a `$` before its end (the character itself), as those characters; a final `$` anchors. */
function literalPattern (pattern: string): string {
  const anchored = pattern.endsWith('$')
  const body = (anchored ? pattern.slice(0, -1) : pattern).replace(/%2a/gi, STAR).replace(/%24|\$/g, DOLLAR)
  return anchored ? `${body}$` : body
}

/** A URL's path as the rules are compared to it, with its indexes, each made the first time a rule needs it. */
class PathForms {
  #index: PathIndex | null = null
  #literal: string | null = null
  #literalIndex: PathIndex | null = null

  constructor (readonly path: string) {}

  index (): PathIndex {
    this.#index ??= new PathIndex(this.path)
    return this.#index
  }

  /** The path whose `*` and `$` are the characters a rule's %2A and %24 name. */
  literal (): string {
    this.#literal ??= literalPath(this.path)
    return this.#literal
  }

  literalIndex (): PathIndex {
    this.#literalIndex ??= new PathIndex(this.literal())
    return this.#literalIndex
  }
}

/** Whether `pattern` matches a path: a plain prefix needs no index of it (most files have no wildcard). */
function matchesPath (path: string, index: () => PathIndex, pattern: string): boolean {
  return pattern.includes('*') ? patternMatches(index(), pattern) : simpleMatch(path, pattern)
}

/** The longest matching allow and disallow among the groups' rules (the first of equal length wins). */
function longestMatches (groups: RobotsGroup[], matches: (pattern: string) => boolean): { allow: Best, disallow: Best } {
  const allow: Best = { priority: -1, record: null, pattern: '' }
  const disallow: Best = { priority: -1, record: null, pattern: '' }
  const consider = (record: RobotsRecord, pattern: string): boolean => {
    const best = record.key === 'allow' ? allow : disallow
    // a pattern no longer than the best so far cannot change the outcome, matched or not
    if (pattern.length <= best.priority) return true
    if (!matches(pattern)) return false
    Object.assign(best, { priority: pattern.length, record, pattern })
    return true
  }
  for (const group of groups) {
    for (const record of group.rules) {
      if (consider(record, record.value) || record.key !== 'allow') continue
      // Google: an allowed ".../index.htm(l)" also allows its directory ("/dir/" exactly)
      const slash = record.value.lastIndexOf('/')
      if (slash !== -1 && record.value.slice(slash).startsWith('/index.htm')) consider(record, record.value.slice(0, slash + 1) + '$')
    }
  }
  return { allow, disallow }
}

/**
 * The verdict of a set of groups: the longest match wins, allow on a tie; when no rule with a
 * non-empty pattern matches, everything is allowed.
 */
function verdictOf (groups: RobotsGroup[], group: RobotsDecision['group'], matches: (pattern: string) => boolean): RobotsDecision {
  const { allow, disallow } = longestMatches(groups, matches)
  const decided = allow.priority > 0 || disallow.priority > 0
  const allowed = !decided || !(disallow.priority > allow.priority)
  const winner = decided ? (allowed ? allow : disallow) : allow.priority >= disallow.priority ? allow : disallow
  const record = winner.record
  const rule = record === null
    ? null
    : { line: record.line, directive: record.key as 'allow' | 'disallow', pattern: winner.pattern, text: record.text }
  return { allowed, group, rule }
}

/**
 * Matches one URL for any number of user agents. An agent named by user-agent lines is judged by those
 * groups only; every other agent by the `*` groups, a verdict worked out once and shared. Each distinct
 * pattern is tried against the path at most once, so a file costs its patterns' length once per URL.
 */
export function robotsMatcher (parsed: ParsedRobots, url: string): (userAgent: string) => RobotsDecision {
  const octets = new PathForms(pathOctets(url))
  const known = new Map<string, boolean>()
  const matches = (pattern: string): boolean => {
    let result = known.get(pattern)
    if (result === undefined) {
      // as Google's parser compares: octet for octet, `*` any sequence, a final `$` the end
      result = matchesPath(octets.path, () => octets.index(), pattern)
      // and a rule that names `*` or `$` as %2A or %24 matches that character too
      if (!result && NAMES_SPECIAL.test(pattern)) result = matchesPath(octets.literal(), () => octets.literalIndex(), literalPattern(pattern))
      known.set(pattern, result)
    }
    return result
  }
  let globalVerdict: RobotsDecision | null = null
  return (userAgent) => {
    const token = userAgent.toLowerCase()
    const own = parsed.groups.filter((g) => g.agents.includes(token))
    if (own.length > 0) return verdictOf(own, 'specific', matches)
    if (globalVerdict === null) {
      const global = parsed.groups.filter((g) => g.global)
      globalVerdict = verdictOf(global, global.length > 0 ? 'global' : 'none', matches)
    }
    return globalVerdict
  }
}

export function matchRobots (parsed: ParsedRobots, userAgent: string, url: string): RobotsDecision {
  return robotsMatcher(parsed, url)(userAgent)
}
