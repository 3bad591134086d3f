// The Lighthouse `robots-txt` audit (core/audits/seo/robots-txt.js): a line-by-line validity lint
// that is stricter than what crawlers accept, reported with line numbers so owners can fix each line.
// Lines are read by the parser the matcher uses, so the lint never disagrees with the verdicts about
// what a line means: where Google's leniency applies a line Lighthouse rejects (no colon, a known
// misspelling), the error says how the line is read.
import { classifyKey, splitKeyValue, splitRobotsLines } from './robots-parse.js'

export interface RobotsLintError {
  line: number
  content: string
  message: string
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
    const dollar = value.indexOf('$')
    if (dollar !== -1 && dollar !== value.length - 1) return '"$" should only be used at the end of the pattern'
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
  if (!commentless.includes(':')) return `Syntax not understood: no colon; Google reads it as ${read}, other crawlers may ignore it`
  if (key.toLowerCase() !== name && !SAFELIST.has(key.toLowerCase())) {
    return `Unknown directive "${fromOctets(key)}": Google reads it as ${read}, other crawlers ignore it`
  }
  return null
}

export function lintRobotsTxt (text: string): RobotsLintError[] {
  const errors: RobotsLintError[] = []
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
    // a line read leniently still opens a group (or sits in one), as it does for the matcher
    if (lenient !== null && name === 'user-agent') inGroup = true
    const message = lenient ?? (SAFELIST.has(name) ? valueError(name, fromOctets(kv.value)) : 'Unknown directive')
    if (message !== null) return report(message)
    if (name === 'user-agent') inGroup = true
    else if (!inGroup && (name === 'allow' || name === 'disallow')) report('No user-agent specified')
  })
  return errors
}
