/**
 * Re-lays out a JSON document token by token. Unlike JSON.parse + JSON.stringify it keeps every number as written
 * (no precision loss on 18-digit ids, `1.0` stays `1.0`), key order (integer-like keys included) and duplicate
 * keys, so the only difference between variants is the one being tested: whitespace or string escaping.
 */

export type Layout = 'compact' | 'pretty' | 'python'
/** as-is: string tokens untouched; canonical: JSON.stringify's escaping; the others add escapes to canonical. */
export type StringStyle = 'as-is' | 'canonical' | 'html' | 'unicode' | 'ascii'

const isSpace = (code: number): boolean => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09
const PUNCTUATION = new Set(['{', '}', '[', ']', ',', ':'])

/** The tokens of a JSON object or array, whitespace dropped; undefined when the text is not one. */
export function tokenize (text: string): string[] | undefined {
  const first = text.trimStart()[0]
  if (first !== '{' && first !== '[') return undefined
  try {
    JSON.parse(text) // the grammar check: the scanner below may then trust the text
  } catch {
    return undefined
  }
  const tokens: string[] = []
  let at = 0
  while (at < text.length) {
    const code = text.charCodeAt(at)
    if (isSpace(code)) {
      at++
    } else if (code === 0x22) {
      let end = at + 1
      while (text.charCodeAt(end) !== 0x22) end += text.charCodeAt(end) === 0x5c ? 2 : 1
      tokens.push(text.slice(at, end + 1))
      at = end + 1
    } else if (PUNCTUATION.has(text[at])) {
      tokens.push(text[at++])
    } else {
      let end = at + 1
      while (end < text.length && !isSpace(text.charCodeAt(end)) && !PUNCTUATION.has(text[end])) end++
      tokens.push(text.slice(at, end))
      at = end
    }
  }
  return tokens
}

const NON_ASCII = /[\u0080-\uffff]/g
const asciiEscape = (text: string): string =>
  text.replace(NON_ASCII, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)

const NEEDS_REWRITE = /[\\\ud800-\udfff]/
const HTML_ESCAPES: Record<string, string> = { '/': '\\/', '&': '\\u0026', '<': '\\u003c', '>': '\\u003e' }

function restring (token: string, style: StringStyle): string {
  if (style === 'as-is') return token
  // Without a backslash (and with no lone surrogate) a string token already is what JSON.stringify writes.
  const canonical = NEEDS_REWRITE.test(token) ? JSON.stringify(JSON.parse(token)) : token
  switch (style) {
    case 'canonical': return canonical
    case 'html': return canonical.replace(/[/&<>]/g, (char) => HTML_ESCAPES[char])
    case 'unicode': return asciiEscape(canonical).replace(/\//g, '\\/')
    case 'ascii': return asciiEscape(canonical)
  }
}

/** Writes the tokens back: compact (JSON.stringify), pretty (2-space indent), or Python's json.dumps separators. */
export function layout (tokens: string[], shape: Layout, strings: StringStyle): string {
  const parts: string[] = []
  let depth = 0
  const indents = ['\n']
  const newline = (): string => (indents[depth] ??= `\n${'  '.repeat(depth)}`)
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]
    const next = tokens[index + 1]
    if (token === '{' || token === '[') {
      const empty = next === (token === '{' ? '}' : ']')
      if (shape === 'pretty' && !empty) {
        depth++
        parts.push(token + newline())
      } else {
        parts.push(empty ? token + next : token)
        if (empty) index++
      }
    } else if (token === '}' || token === ']') {
      if (shape === 'pretty') {
        depth--
        parts.push(newline() + token)
      } else {
        parts.push(token)
      }
    } else if (token === ',') {
      parts.push(shape === 'pretty' ? `,${newline()}` : shape === 'python' ? ', ' : ',')
    } else if (token === ':') {
      parts.push(shape === 'compact' ? ':' : ': ')
    } else {
      parts.push(token.startsWith('"') ? restring(token, strings) : token)
    }
  }
  return parts.join('')
}
