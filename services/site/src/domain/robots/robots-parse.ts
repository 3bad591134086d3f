// robots.txt parsing as RFC 9309 describes it, with the leniencies of Google's reference parser
// (google/robotstxt): missing colons, common typos, UTF-8 BOM, CR/LF/CRLF, long lines cut.
// Everything works on octets (a latin1 "binary" string) so that pattern lengths are octet counts.
// Google's limits bound the work a hostile file can cause: 500 KiB, lines cut after 16,663 octets;
// Google sets no rule count of its own, so neither do we (the 500 KiB hold at most ~50,000 rules,
// and matching costs each rule its length; see robots-match.ts).

/** Google parses at most 500 KiB; the rest is ignored. */
export const ROBOTS_MAX_BYTES = 500 * 1024
/** The reference parser keeps at most 8 * 2083 - 1 octets of a line. */
const ROBOTS_MAX_LINE_OCTETS = 2083 * 8 - 1

export type RobotsKey = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'unknown'

export interface RobotsRecord {
  /** 1-based line number in the file */
  line: number
  key: RobotsKey
  /** the key as written, lowercased (for unknown directives such as content-signal) */
  name: string
  /** allow/disallow: the pattern, percent-escaped to ASCII; other keys: the value as written (UTF-8) */
  value: string
  /** the line as written, without its line ending */
  text: string
}

/**
 * User-agent lines and the rules under them. A user-agent line after a rule starts the next group;
 * rules before any user-agent line belong to none.
 */
export interface RobotsGroup {
  /** a `*` line (alone or followed by whitespace and text) names every crawler without a group of its own */
  global: boolean
  /** lowercase product tokens of the other user-agent lines */
  agents: string[]
  /** allow and disallow records, in file order */
  rules: RobotsRecord[]
}

export interface ParsedRobots {
  records: RobotsRecord[]
  groups: RobotsGroup[]
  /** Sitemap: values in file order */
  sitemaps: string[]
  bytes: number
  /** true when the body was longer than ROBOTS_MAX_BYTES */
  truncated: boolean
  /** the parsed part of the file as UTF-8 text (for the lint) */
  text: string
}

const BOM = [0xef, 0xbb, 0xbf]
function isAsciiSpace (code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d)
}

// by hand: a trailing-whitespace regex backtracks over every run of inner spaces, quadratic in a hostile line
function stripAsciiWhitespace (s: string): string {
  let start = 0
  let end = s.length
  while (start < end && isAsciiSpace(s.charCodeAt(start))) start++
  while (end > start && isAsciiSpace(s.charCodeAt(end - 1))) end--
  return s.slice(start, end)
}

function fromOctets (s: string): string {
  return /[\x80-\xff]/.test(s) ? Buffer.from(s, 'latin1').toString('utf8') : s
}

function isHex (code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102)
}

/**
 * Octets above 0x7F become %XX and existing escapes are upper-cased (%aa -> %AA), so that rules and
 * URLs compare in one canonical percent-encoded form. Input and output are octet strings.
 */
export function escapePattern (octets: string): string {
  if (!/[%\x80-\xff]/.test(octets)) return octets
  let out = ''
  for (let i = 0; i < octets.length; i++) {
    const code = octets.charCodeAt(i)
    if (code === 37 && isHex(octets.charCodeAt(i + 1)) && isHex(octets.charCodeAt(i + 2))) {
      out += '%' + octets.slice(i + 1, i + 3).toUpperCase()
      i += 2
    } else if (code > 0x7f) {
      out += '%' + code.toString(16).toUpperCase().padStart(2, '0')
    } else {
      out += octets[i]
    }
  }
  return out
}

const USER_AGENT_KEYS = ['user-agent', 'useragent', 'user agent']
const DISALLOW_KEYS = ['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw']

export function classifyKey (key: string): RobotsKey {
  const lower = key.toLowerCase()
  if (USER_AGENT_KEYS.some((k) => lower.startsWith(k))) return 'user-agent'
  if (lower.startsWith('allow')) return 'allow'
  if (DISALLOW_KEYS.some((k) => lower.startsWith(k))) return 'disallow'
  if (lower.startsWith('sitemap') || lower.startsWith('site-map')) return 'sitemap'
  return 'unknown'
}

/**
 * Splits `key: value`; a missing colon is accepted when the line is exactly two words. A line ends at a NUL, as the
 * reference parser reads each line as a C string.
 */
export function splitKeyValue (octetLine: string): { key: string, value: string } | null {
  const nul = octetLine.indexOf('\0')
  const text = nul === -1 ? octetLine : octetLine.slice(0, nul)
  const hash = text.indexOf('#')
  const line = stripAsciiWhitespace(hash === -1 ? text : text.slice(0, hash))
  let sep = line.indexOf(':')
  if (sep === -1) {
    const ws = line.search(/[ \t]/)
    if (ws === -1) return null
    const rest = line.slice(ws).replace(/^[ \t]+/, '')
    if (/[ \t]/.test(rest)) return null
    sep = ws
  }
  const key = stripAsciiWhitespace(line.slice(0, sep))
  if (key.length === 0) return null
  return { key, value: stripAsciiWhitespace(line.slice(sep + 1)) }
}

function toRecord (lineNumber: number, octetLine: string): RobotsRecord | null {
  const kv = splitKeyValue(octetLine)
  if (kv === null) return null
  const key = classifyKey(kv.key)
  const value = key === 'allow' || key === 'disallow' ? escapePattern(kv.value) : fromOctets(kv.value)
  return { line: lineNumber, key, name: fromOctets(kv.key).toLowerCase(), value, text: fromOctets(octetLine) }
}

/** How many octets of a UTF-8 BOM open the body: the reference parser skips a partial one too. */
function bomLength (octetAt: (i: number) => number): number {
  let length = 0
  while (length < BOM.length && octetAt(length) === BOM[length]) length++
  return length
}

/** Splits the body into lines exactly as the reference parser does (BOM skipped, CR, LF or CRLF). */
export function splitRobotsLines (octets: string): string[] {
  const lines: string[] = []
  let start = bomLength((i) => octets.charCodeAt(i))
  let i = start
  let lastWasCR = false
  for (; i < octets.length; i++) {
    const code = octets.charCodeAt(i)
    if (code !== 0x0a && code !== 0x0d) continue
    const isCRLFContinuation = i === start && lastWasCR && code === 0x0a
    if (!isCRLFContinuation) lines.push(octets.slice(start, Math.min(i, start + ROBOTS_MAX_LINE_OCTETS)))
    lastWasCR = code === 0x0d
    start = i + 1
  }
  lines.push(octets.slice(start, Math.min(octets.length, start + ROBOTS_MAX_LINE_OCTETS)))
  return lines
}

/** Product tokens contain only [a-zA-Z_-]; anything after is ignored ("Foo Bar" is "Foo"). */
export function extractUserAgent (value: string): string {
  const match = /^[A-Za-z_-]*/.exec(value)
  return match === null ? '' : match[0]
}

function groupsOf (records: RobotsRecord[]): RobotsGroup[] {
  const groups: RobotsGroup[] = []
  let current: RobotsGroup | null = null
  for (const record of records) {
    if (record.key === 'user-agent') {
      if (current === null || current.rules.length > 0) {
        current = { global: false, agents: [], rules: [] }
        groups.push(current)
      }
      // Google: "*" followed by whitespace and more text still names the global group
      if (/^\*([ \t\n\v\f\r]|$)/.test(record.value)) current.global = true
      else current.agents.push(extractUserAgent(record.value).toLowerCase())
    } else if ((record.key === 'allow' || record.key === 'disallow') && current !== null) {
      current.rules.push(record)
    }
  }
  return groups
}

export function parseRobotsTxt (body: Buffer | string): ParsedRobots {
  const buffer = typeof body === 'string' ? Buffer.from(body, 'utf8') : body
  const truncated = buffer.length > ROBOTS_MAX_BYTES
  const kept = truncated ? buffer.subarray(0, ROBOTS_MAX_BYTES) : buffer
  const octets = kept.toString('latin1')
  const records: RobotsRecord[] = []
  splitRobotsLines(octets).forEach((line, index) => {
    const record = toRecord(index + 1, line)
    if (record !== null) records.push(record)
  })
  return {
    records,
    groups: groupsOf(records),
    sitemaps: records.filter((r) => r.key === 'sitemap').map((r) => r.value),
    bytes: buffer.length,
    truncated,
    // without the BOM the lines were split without, whole or partial (which would decode as U+FFFD)
    text: kept.subarray(bomLength((i) => kept[i])).toString('utf8')
  }
}
