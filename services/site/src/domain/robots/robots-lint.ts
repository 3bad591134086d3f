// The Lighthouse `robots-txt` audit (core/audits/seo/robots-txt.js): a line-by-line validity lint
// that is stricter than what crawlers accept, reported with line numbers so owners can fix each line.
// Lines are read by the parser the matcher uses, so the lint never disagrees with the verdicts: a line
// Google's leniency applies (no colon in a two-word line, a known misspelling) is applied by the matcher
// too, so it is a warning that says how it is read, not an error (Lighthouse calls it one); a line the
// matcher ignores is an error.
import { classifyKey, splitKeyValue, splitRobotsLines } from './robots-parse.js'

interface RobotsLintError {
  line: number
  content: string
  message: string
}

/** Errors: lines crawlers ignore or misread. Warnings: lines Google (and the matcher) apply that stricter crawlers may not. */
export interface RobotsLint {
  valid: boolean
  errors: RobotsLintError[]
  warnings: RobotsLintError[]
}

const SAFELIST = new Set([
  'user-agent', 'disallow', 'allow', 'sitemap', 'crawl-delay', 'clean-param', 'host',
  'request-rate', 'visit-time', 'noindex', 'content-signal', 'license'
])
const SITEMAP_PROTOCOLS = new Set(['http:', 'https:', 'ftp:'])

function valueError (name: string, value: string): string | null {
  if (name === 'sitemap') {
    let url: URL
    try {
      url = new URL(value)
    } catch {
      return 'Invalid sitemap URL'
    }
    if (!SITEMAP_PROTOCOLS.has(url.protocol)) return 'Invalid sitemap URL protocol'
  }
  if (name === 'user-agent' && value === '') return 'No user-agent specified'
  if (name === 'allow' || name === 'disallow') {
    if (value !== '' && value[0] !== '/' && value[0] !== '*') return 'Pattern should either be empty, start with "/" or "*"'
  }
  return null
}

function fromOctets (octets: string): string {
  return Buffer.from(octets, 'latin1').toString('utf8')
}

/** How Google reads a line Lighthouse does not accept as written, or null when it reads it as written. */
function leniency (octetLine: string, key: string, name: string, value: string): string | null {
  const read = `"${name}: ${fromOctets(value)}"`
  const commentless = octetLine.split('#')[0]
  if (!commentless.includes(':')) return `No colon: read as ${read}, as Google reads it; other crawlers may ignore the line`
  if (key.toLowerCase() !== name && !SAFELIST.has(key.toLowerCase())) {
    return `Misspelt directive "${fromOctets(key)}": read as ${read}, as Google reads it; other crawlers ignore the line`
  }
  // Lighthouse's error ("$" should only be used at the end of the pattern), but Google matches it as a character
  if ((name === 'allow' || name === 'disallow') && value.slice(0, -1).includes('$')) {
    return '"$" before the end of the pattern: read as the character "$" itself, as Google reads it; other crawlers may not'
  }
  return null
}

export function lintRobotsTxt (text: string): RobotsLint {
  const errors: RobotsLintError[] = []
  const warnings: RobotsLintError[] = []
  let inGroup = false
  splitRobotsLines(Buffer.from(text, 'utf8').toString('latin1')).forEach((octetLine, index) => {
    const content = fromOctets(octetLine)
    const report = (message: string): void => { errors.push({ line: index + 1, content, message }) }
    if (content.split('#')[0].trim() === '') return
    const kv = splitKeyValue(octetLine)
    if (kv === null) return report('Syntax not understood')
    const kind = classifyKey(kv.key)
    const name = kind === 'unknown' ? kv.key.toLowerCase() : kind
    const lenient = kind === 'unknown' ? null : leniency(octetLine, kv.key, name, kv.value)
    if (lenient !== null) warnings.push({ line: index + 1, content, message: lenient })
    const message = SAFELIST.has(name) ? valueError(name, fromOctets(kv.value)) : 'Unknown directive'
    if (message !== null) return report(message)
    if (name === 'user-agent') inGroup = true
    else if (!inGroup && (name === 'allow' || name === 'disallow')) report('No user-agent specified')
  })
  return { valid: errors.length === 0, errors, warnings }
}
