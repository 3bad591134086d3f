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

const tooDeep = (limit: number) => `Nesting too deep: at most ${limit} levels of arrays and objects`
export const TOO_DEEP = tooDeep(MAX_JSON_DEPTH)

/**
 * The body's value, or why it is not JSON. `maxDepth` is MAX_JSON_DEPTH but for an envelope whose content is checked
 * again, as a body of its own, where it is forwarded (an MCP message: its arguments are a route's body two levels down).
 */
export function parseJsonBody (text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  if (text.trim() === '') return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    const [position, error] = locateJsonError(text, maxDepth)
    return new InvalidJsonBody(position, error)
  }
  return nestedDeeperThan(value, maxDepth) ? new InvalidJsonBody(tooDeepAt(text, maxDepth), tooDeep(maxDepth)) : value
}

/** Whether arrays and objects nest more than `limit` levels, without recursion. */
export function nestedDeeperThan (root: unknown, limit: number): boolean {
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
function tooDeepAt (text: string, limit: number): number {
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
      if (++depth > limit) return i
    } else if (c === ']' || c === '}') {
      depth--
    }
  }
  return 0
}

const WS = new Set([' ', '\t', '\n', '\r'])
const NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/y

class Fail extends Error {
  constructor (readonly pos: number, readonly reason: string) { super(reason) }
}

/**
 * A scan of JSON text as Python's json module reads it, to find where and why it fails: each method reads one
 * construct from `i` on, or throws Fail with Python's position and message.
 */
class JsonScanner {
  i = 0
  private depth = 0

  constructor (private readonly text: string, private readonly maxDepth: number) {}

  skip (): void {
    while (this.i < this.text.length && WS.has(this.text[this.i])) this.i++
  }

  value (): void {
    this.skip()
    const c = this.text[this.i]
    if (c === '{') return this.object()
    if (c === '[') return this.array()
    if (c === '"') return this.string()
    for (const word of ['true', 'false', 'null']) {
      if (this.text.startsWith(word, this.i)) { this.i += word.length; return }
    }
    NUMBER.lastIndex = this.i
    const m = NUMBER.exec(this.text)
    if (m && m[0] !== '') { this.i += m[0].length; return }
    throw new Fail(this.i, 'Expecting value')
  }

  private string (): void {
    const { text } = this
    const start = this.i++
    while (this.i < text.length) {
      const c = text[this.i]
      if (c === '"') { this.i++; return }
      if (c === '\\') {
        this.escape()
        continue
      }
      if (c.charCodeAt(0) < 0x20) throw new Fail(this.i, 'Invalid control character at')
      this.i++
    }
    throw new Fail(start, 'Unterminated string starting at')
  }

  private escape (): void {
    const e = this.text[this.i + 1]
    if (e === 'u') {
      if (!/^[0-9a-fA-F]{4}$/.test(this.text.slice(this.i + 2, this.i + 6))) throw new Fail(this.i, 'Invalid \\uXXXX escape')
      this.i += 6
      return
    }
    if (e === undefined || !'"\\/bfnrt'.includes(e)) throw new Fail(this.i, 'Invalid \\escape')
    this.i += 2
  }

  // Recursion follows the text's nesting: deeper than the bound is an error of its own.
  private open (): void {
    if (++this.depth > this.maxDepth) throw new Fail(this.i, tooDeep(this.maxDepth))
    this.i++
    this.skip()
  }

  /** After a member: the closing bracket (true) or a comma before the next (false). */
  private next (close: string): boolean {
    this.skip()
    if (this.text[this.i] === close) {
      this.i++
      this.depth--
      return true
    }
    if (this.text[this.i] !== ',') throw new Fail(this.i, "Expecting ',' delimiter")
    this.i++
    return false
  }

  private object (): void {
    this.open()
    if (this.text[this.i] === '}') { this.i++; this.depth--; return }
    do {
      this.skip()
      if (this.text[this.i] !== '"') throw new Fail(this.i, 'Expecting property name enclosed in double quotes')
      this.string()
      this.skip()
      if (this.text[this.i] !== ':') throw new Fail(this.i, "Expecting ':' delimiter")
      this.i++
      this.value()
    } while (!this.next('}'))
  }

  private array (): void {
    this.open()
    if (this.text[this.i] === ']') { this.i++; this.depth--; return }
    do this.value()
    while (!this.next(']'))
  }
}

/** Returns Python's (position, message) for the first syntax error of `text`. */
export function locateJsonError (text: string, maxDepth = MAX_JSON_DEPTH): [number, string] {
  const scanner = new JsonScanner(text, maxDepth)
  try {
    scanner.value()
    scanner.skip()
    if (scanner.i < text.length) return [scanner.i, 'Extra data']
    // JSON.parse failed where Python would not (e.g. lone surrogates): report the start.
    return [0, 'Expecting value']
  } catch (err) {
    if (err instanceof Fail) return [err.pos, err.reason]
    throw err
  }
}
