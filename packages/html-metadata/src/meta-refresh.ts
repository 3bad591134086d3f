import { resolveUrl } from './resolve-url.js'

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r'

/**
 * Parses `<meta http-equiv="refresh" content="5; url=/next">` as the HTML "shared declarative refresh steps" do.
 * Without a URL the page refreshes itself, so the URL is the page's own.
 */
export function parseMetaRefresh (content: string, base: URL, pageUrl: string): { delaySeconds: number, url: string } | null {
  let i = 0
  while (isSpace(content[i])) i++
  const digitsStart = i
  while (content[i] >= '0' && content[i] <= '9') i++
  const digits = content.slice(digitsStart, i)
  if (digits === '' && content[i] !== '.') return null
  while ((content[i] >= '0' && content[i] <= '9') || content[i] === '.') i++
  const delaySeconds = digits === '' ? 0 : Number.parseInt(digits, 10)
  if (i < content.length) {
    if (content[i] !== ';' && content[i] !== ',' && !isSpace(content[i])) return null
    while (isSpace(content[i])) i++
    if (content[i] === ';' || content[i] === ',') i++
    while (isSpace(content[i])) i++
  }
  let rest = content.slice(i)
  if (/^url\s*=/i.test(rest)) rest = rest.replace(/^url\s*=\s*/i, '')
  const quote = rest[0]
  if (quote === '"' || quote === "'") {
    rest = rest.slice(1)
    const end = rest.indexOf(quote)
    if (end !== -1) rest = rest.slice(0, end)
  }
  rest = rest.trim()
  if (rest === '') return { delaySeconds, url: pageUrl }
  const url = resolveUrl(rest, base)
  return url === null ? null : { delaySeconds, url }
}
