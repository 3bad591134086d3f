/**
 * Re-lays out a JSON document token by token. Unlike JSON.parse + JSON.stringify it keeps every number as written
 * (no precision loss on 18-digit ids, `1.0` stays `1.0`), key order (integer-like keys included) and duplicate
 * keys, so the only difference between variants is the one being tested: whitespace or string escaping.
 */

export type Layout = 'compact' | 'pretty' | 'python'
/** as-is: string tokens untouched; canonical: JSON.stringify's escaping; the others add escapes to canonical. */
export type StringStyle = 'as-is' | 'canonical' | 'html' | 'unicode' | 'ascii'

// Control characters are excluded from strings, as the JSON grammar requires.
// eslint-disable-next-line no-control-regex
const TOKEN = /[ \t\n\r]+|[{}[\],:]|"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y

/** The tokens of a JSON object or array, whitespace dropped; undefined when the text is not one. */
export function tokenize (text: string): string[] | undefined {
  try {
    JSON.parse(text) // the grammar check; the tokenizer below only splits
  } catch {
    return undefined
  }
  const tokens: string[] = []
  TOKEN.lastIndex = 0
  while (TOKEN.lastIndex < text.length) {
    const match = TOKEN.exec(text)
    if (match === null) return undefined
    const token = match[0]
    if (!/^[ \t\n\r]/.test(token)) tokens.push(token)
  }
  return tokens[0] === '{' || tokens[0] === '[' ? tokens : undefined
}

const NON_ASCII = /[\u0080-\uffff]/g
export const asciiEscape = (text: string): string =>
  text.replace(NON_ASCII, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)

const PLAIN = /^"[\u0020-\u007e]*"$/

function restring (token: string, style: StringStyle): string {
  if (style === 'as-is') return token
  const canonical = PLAIN.test(token) && !token.includes('\\') ? token : JSON.stringify(JSON.parse(token))
  switch (style) {
    case 'canonical': return canonical
    case 'html': return canonical.replace(/\//g, '\\/').replace(/&/g, '\\u0026').replace(/</g, '\\u003c').replace(/>/g, '\\u003e')
    case 'unicode': return asciiEscape(canonical).replace(/\//g, '\\/')
    case 'ascii': return asciiEscape(canonical)
  }
}

/** Writes the tokens back: compact (JSON.stringify), pretty (2-space indent), or Python's json.dumps separators. */
export function layout (tokens: string[], shape: Layout, strings: StringStyle): string {
  const parts: string[] = []
  let depth = 0
  const newline = (): string => `\n${'  '.repeat(depth)}`
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
