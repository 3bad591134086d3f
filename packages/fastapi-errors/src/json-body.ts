/**
 * JSON bodies the way FastAPI reports them. JSON.parse does the work; only when it fails do we scan the text
 * again to find the position and message Python's json module would give, since V8 omits positions for many errors.
 */
export class InvalidJsonBody {
  constructor (readonly position: number, readonly error: string) {}
}

export class UnsupportedMediaTypeBody {
  constructor (readonly contentType: string) {}
}

export function parseJsonBody (text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    const [position, error] = locateJsonError(text)
    return new InvalidJsonBody(position, error)
  }
}

const WS = new Set([' ', '\t', '\n', '\r'])

class Fail extends Error {
  constructor (readonly pos: number, readonly reason: string) { super(reason) }
}

/** Returns Python's (position, message) for the first syntax error of `text`. */
export function locateJsonError (text: string): [number, string] {
  let i = 0
  const skip = () => { while (i < text.length && WS.has(text[i])) i++ }

  const string = () => {
    const start = i
    i++
    while (i < text.length) {
      const c = text[i]
      if (c === '"') { i++; return }
      if (c === '\\') {
        const e = text[i + 1]
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) throw new Fail(i, 'Invalid \\uXXXX escape')
          i += 6
          continue
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) throw new Fail(i, 'Invalid \\escape')
        i += 2
        continue
      }
      if (c.charCodeAt(0) < 0x20) throw new Fail(i, 'Invalid control character at')
      i++
    }
    throw new Fail(start, 'Unterminated string starting at')
  }

  const value = (): void => {
    skip()
    const c = text[i]
    if (c === '{') return object()
    if (c === '[') return array()
    if (c === '"') return string()
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) { i += word.length; return }
    }
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/.exec(text.slice(i))
    if (m && m[0] !== '-' && m[0] !== '') { i += m[0].length; return }
    throw new Fail(i, 'Expecting value')
  }

  const object = () => {
    i++
    skip()
    if (text[i] === '}') { i++; return }
    for (;;) {
      skip()
      if (text[i] !== '"') throw new Fail(i, 'Expecting property name enclosed in double quotes')
      string()
      skip()
      if (text[i] !== ':') throw new Fail(i, "Expecting ':' delimiter")
      i++
      value()
      skip()
      if (text[i] === '}') { i++; return }
      if (text[i] !== ',') throw new Fail(i, "Expecting ',' delimiter")
      i++
    }
  }

  const array = () => {
    i++
    skip()
    if (text[i] === ']') { i++; return }
    for (;;) {
      value()
      skip()
      if (text[i] === ']') { i++; return }
      if (text[i] !== ',') throw new Fail(i, "Expecting ',' delimiter")
      i++
    }
  }

  try {
    value()
    skip()
    if (i < text.length) return [i, 'Extra data']
    // JSON.parse failed where Python would not (e.g. lone surrogates): report the start.
    return [0, 'Expecting value']
  } catch (err) {
    if (err instanceof Fail) return [err.pos, err.reason]
    throw err
  }
}
