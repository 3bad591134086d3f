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

/**
 * The deepest nesting of arrays and objects a body may have. Real requests need a handful of levels; the bound keeps
 * everything that walks a body (validation, the `input` echo, serialisation of errors) far from the stack's limit.
 */
export const MAX_JSON_DEPTH = 64

export const TOO_DEEP = `Nesting too deep: at most ${MAX_JSON_DEPTH} levels of arrays and objects`

export function parseJsonBody (text: string): unknown {
  if (text.trim() === '') return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    const [position, error] = locateJsonError(text)
    return new InvalidJsonBody(position, error)
  }
  return nestedDeeperThan(value, MAX_JSON_DEPTH) ? new InvalidJsonBody(tooDeepAt(text), TOO_DEEP) : value
}

/** Whether arrays and objects nest more than `limit` levels, without recursion. */
function nestedDeeperThan (root: unknown, limit: number): boolean {
  if (typeof root !== 'object' || root === null) return false
  const stack: Array<[object, number]> = [[root, 1]]
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [object, number]
    if (depth > limit) return true
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1])
    }
  }
  return false
}

/** The offset of the first bracket that opens one level too many. */
function tooDeepAt (text: string): number {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') {
      inString = true
    } else if (c === '[' || c === '{') {
      if (++depth > MAX_JSON_DEPTH) return i
    } else if (c === ']' || c === '}') {
      depth--
    }
  }
  return 0
}

const WS = new Set([' ', '\t', '\n', '\r'])

class Fail extends Error {
  constructor (readonly pos: number, readonly reason: string) { super(reason) }
}

/** Returns Python's (position, message) for the first syntax error of `text`. */
export function locateJsonError (text: string): [number, string] {
  let i = 0
  let depth = 0
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

  // Recursion follows the text's nesting: deeper than the bound is an error of its own.
  const open = () => {
    if (++depth > MAX_JSON_DEPTH) throw new Fail(i, TOO_DEEP)
    i++
    skip()
  }

  const object = () => {
    open()
    if (text[i] === '}') { i++; depth--; return }
    for (;;) {
      skip()
      if (text[i] !== '"') throw new Fail(i, 'Expecting property name enclosed in double quotes')
      string()
      skip()
      if (text[i] !== ':') throw new Fail(i, "Expecting ':' delimiter")
      i++
      value()
      skip()
      if (text[i] === '}') { i++; depth--; return }
      if (text[i] !== ',') throw new Fail(i, "Expecting ',' delimiter")
      i++
    }
  }

  const array = () => {
    open()
    if (text[i] === ']') { i++; depth--; return }
    for (;;) {
      value()
      skip()
      if (text[i] === ']') { i++; depth--; return }
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
