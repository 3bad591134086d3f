import { encodingForLabel } from './encoding-labels.js'

// The HTML "prescan a byte stream to determine its encoding" algorithm over the first 1024 bytes:
// https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding
// Bytes are read as latin1 so that one character is one byte.

const PRESCAN_BYTES = 1024

const isSpace = (c: string): boolean => c === '\t' || c === '\n' || c === '\f' || c === '\r' || c === ' '
const isAsciiLetter = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')

interface Cursor { s: string, pos: number }

/** The encoding named by the first usable `<meta charset>` or http-equiv content-type, or null. */
export function prescanMetaCharset (bytes: Uint8Array): string | null {
  const s = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, PRESCAN_BYTES)).toString('latin1')
  const cur: Cursor = { s, pos: 0 }
  while (cur.pos < s.length) {
    if (s.startsWith('<!--', cur.pos)) {
      const end = s.indexOf('-->', cur.pos + 2)
      if (end === -1) return null
      cur.pos = end + 3
      continue
    }
    const c1 = s[cur.pos + 1] ?? ''
    if (s[cur.pos] === '<' && s.slice(cur.pos + 1, cur.pos + 5).toLowerCase() === 'meta' &&
      (isSpace(s[cur.pos + 5] ?? '') || s[cur.pos + 5] === '/')) {
      cur.pos += 5
      const found = readMeta(cur)
      if (found !== null) return found
      continue
    }
    if (s[cur.pos] === '<' && (isAsciiLetter(c1) || (c1 === '/' && isAsciiLetter(s[cur.pos + 2] ?? '')))) {
      while (cur.pos < s.length && !isSpace(s[cur.pos]) && s[cur.pos] !== '>') cur.pos++
      while (getAttribute(cur) !== null) { /* attributes of other tags are skipped */ }
      cur.pos++
      continue
    }
    if (s[cur.pos] === '<' && (c1 === '!' || c1 === '/' || c1 === '?')) {
      const end = s.indexOf('>', cur.pos)
      if (end === -1) return null
      cur.pos = end + 1
      continue
    }
    cur.pos++
  }
  return null
}

function readMeta (cur: Cursor): string | null {
  const seen = new Set<string>()
  let gotPragma = false
  let needPragma: boolean | null = null
  let charset: string | null = null
  for (let attr = getAttribute(cur); attr !== null; attr = getAttribute(cur)) {
    const [name, value] = attr
    if (seen.has(name)) continue
    seen.add(name)
    if (name === 'http-equiv' && value === 'content-type') {
      gotPragma = true
    } else if (name === 'content' && charset === null) {
      const label = charsetFromContentValue(value)
      if (label !== null) {
        charset = encodingForLabel(label)
        needPragma = true
      }
    } else if (name === 'charset') {
      charset = encodingForLabel(value)
      needPragma = false
    }
  }
  cur.pos++
  if (needPragma === null || (needPragma && !gotPragma) || charset === null) return null
  if (charset === 'utf-16be' || charset === 'utf-16le') return 'utf-8'
  if (charset === 'x-user-defined') return 'windows-1252'
  return charset
}

// "get an attribute": returns [lowercased name, lowercased value] or null at '>' or the end of input.
function getAttribute (cur: Cursor): [string, string] | null {
  const s = cur.s
  while (cur.pos < s.length && (isSpace(s[cur.pos]) || s[cur.pos] === '/')) cur.pos++
  if (cur.pos >= s.length || s[cur.pos] === '>') return null
  let name = ''
  const value = ''
  for (;; cur.pos++) {
    const c = s[cur.pos]
    if (c === undefined) return [name, '']
    if (c === '=' && name !== '') {
      cur.pos++
      return readValue(cur, name)
    }
    if (isSpace(c)) break
    if (c === '/' || c === '>') return [name, '']
    name += c.toLowerCase()
  }
  while (cur.pos < s.length && isSpace(s[cur.pos])) cur.pos++
  if (s[cur.pos] !== '=') return [name, value]
  cur.pos++
  return readValue(cur, name)
}

function readValue (cur: Cursor, name: string): [string, string] {
  const s = cur.s
  while (cur.pos < s.length && isSpace(s[cur.pos])) cur.pos++
  const quote = s[cur.pos]
  if (quote === '"' || quote === "'") {
    const end = s.indexOf(quote, cur.pos + 1)
    const stop = end === -1 ? s.length : end
    const value = s.slice(cur.pos + 1, stop).toLowerCase()
    cur.pos = stop + 1
    return [name, value]
  }
  if (quote === '>') return [name, '']
  const start = cur.pos
  while (cur.pos < s.length && !isSpace(s[cur.pos]) && s[cur.pos] !== '>') cur.pos++
  return [name, s.slice(start, cur.pos).toLowerCase()]
}

/**
 * "Extract a character encoding from a meta element" (the content attribute of http-equiv content-type):
 * https://html.spec.whatwg.org/multipage/urls-and-fetching.html#algorithm-for-extracting-a-character-encoding-from-a-meta-element
 */
export function charsetFromContentValue (content: string): string | null {
  const lower = content.toLowerCase()
  let from = 0
  for (;;) {
    const at = lower.indexOf('charset', from)
    if (at === -1) return null
    let i = at + 7
    while (i < lower.length && isSpace(lower[i])) i++
    if (lower[i] !== '=') {
      from = at + 7
      continue
    }
    i++
    while (i < lower.length && isSpace(lower[i])) i++
    const c = content[i]
    if (c === undefined) return null
    if (c === '"' || c === "'") {
      const end = content.indexOf(c, i + 1)
      return end === -1 ? null : content.slice(i + 1, end)
    }
    let end = i
    while (end < content.length && !isSpace(content[end]) && content[end] !== ';') end++
    return content.slice(i, end)
  }
}
