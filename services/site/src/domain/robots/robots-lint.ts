// The Lighthouse `robots-txt` audit (core/audits/seo/robots-txt.js): a line-by-line validity lint
// that is stricter than what crawlers accept, reported with line numbers so owners can fix each line.

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

function directiveError (name: string, value: string): string | null {
  if (!SAFELIST.has(name)) return 'Unknown directive'
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

export function lintRobotsTxt (text: string): RobotsLintError[] {
  const errors: RobotsLintError[] = []
  let inGroup = false
  text.split(/\r\n|\r|\n/).forEach((content, index) => {
    const hash = content.indexOf('#')
    const line = (hash === -1 ? content : content.slice(0, hash)).trim()
    if (line === '') return
    const colon = line.indexOf(':')
    if (colon === -1) {
      errors.push({ line: index + 1, content, message: 'Syntax not understood' })
      return
    }
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    const message = directiveError(name, value)
    if (message !== null) {
      errors.push({ line: index + 1, content, message })
      return
    }
    if (name === 'user-agent') inGroup = true
    else if (!inGroup && (name === 'allow' || name === 'disallow')) {
      errors.push({ line: index + 1, content, message: 'No user-agent specified' })
    }
  })
  return errors
}
