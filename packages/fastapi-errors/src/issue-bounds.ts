import type { Loc, ValidationIssue } from './issues.js'

/**
 * The most issues one 422 lists. A body can hold a million bad items in a few megabytes: answering each would make
 * the answer a hundred times the request, and its memory the process's. The first ones are what a client fixes first.
 */
export const MAX_ISSUES = 1000

/** The most characters of an input one issue echoes: the issue says where and what; the caller has the input. */
export const MAX_INPUT_CHARS = 200

/** The type of the one issue that follows the first MAX_ISSUES: how many more there were. */
export const TOO_MANY_ERRORS = 'too_many_errors'

/**
 * Issues in the order found, at most MAX_ISSUES of them; the rest are only counted (no issue is built for them), and
 * `list` ends with one issue saying how many. An issue that is itself such a count (from a list made elsewhere) adds
 * its count, so lists can be merged.
 */
export class IssueList {
  readonly issues: ValidationIssue[] = []
  private more = 0

  /** True once MAX_ISSUES are held: callers skip building further issues and `count` them instead. */
  get full (): boolean {
    return this.issues.length >= MAX_ISSUES
  }

  /** The issues held and counted, the count of one merged `too_many_errors` included. */
  get size (): number {
    return this.issues.length + this.more
  }

  add (issue: ValidationIssue): void {
    if (issue.type === TOO_MANY_ERRORS) this.more += Number(issue.ctx?.not_listed ?? 0)
    else if (this.full) this.more++
    else this.issues.push(issue)
  }

  /** One more issue that is not built: the list is full. */
  count (): void {
    this.more++
  }

  /** What a 422 answers: the issues held, then (if any were only counted) one at `loc` saying how many more. */
  list (loc: Loc): ValidationIssue[] {
    if (this.more === 0) return this.issues
    return [...this.issues, {
      type: TOO_MANY_ERRORS,
      loc,
      msg: `${this.more} more errors not listed: a response lists the first ${MAX_ISSUES}`,
      ctx: { listed: this.issues.length, not_listed: this.more }
    }]
  }
}

/** `issues` as a 422 may list them: unchanged when within the bound, else the first MAX_ISSUES and their count. */
export function boundedIssues (issues: ValidationIssue[]): ValidationIssue[] {
  if (issues.length <= MAX_ISSUES || (issues.length === MAX_ISSUES + 1 && issues[MAX_ISSUES].type === TOO_MANY_ERRORS)) return issues
  const list = new IssueList()
  for (const issue of issues) list.add(issue)
  return list.list(issues[0].loc.slice(0, 1))
}

/**
 * What an issue echoes of an input: the input itself when its JSON is at most MAX_INPUT_CHARS characters; otherwise
 * a string of its first MAX_INPUT_CHARS characters (of the text, or of the JSON of a list or an object), then
 * `...[truncated: ...]` saying what the whole was. Never reads more of the input than it echoes.
 */
export function echoInput (value: unknown): unknown {
  if (typeof value === 'string') {
    if (value.length <= MAX_INPUT_CHARS) return value
    const cut = cutAt(value, MAX_INPUT_CHARS)
    return cut === value.length ? value : `${value.slice(0, cut)}...[truncated: ${value.length} characters]`
  }
  if (typeof value !== 'object' || value === null) return value
  const writer = new BoundedJson(MAX_INPUT_CHARS)
  writer.write(value)
  if (!writer.overflowed) return value
  const whole = Array.isArray(value) ? `a list of ${value.length} items` : `an object of ${Object.keys(value).length} fields`
  return `${writer.text.slice(0, cutAt(writer.text, MAX_INPUT_CHARS))}...[truncated: ${whole}]`
}

/** The UTF-16 offset after `limit` code points of `text` (its length when shorter): a surrogate pair is never split. */
function cutAt (text: string, limit: number): number {
  let points = 0
  let i = 0
  while (i < text.length && points < limit) {
    const c = text.charCodeAt(i)
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < text.length ? 2 : 1
    points++
  }
  return i
}

/** JSON text of a parsed body's value, written until it passes `limit` characters and no further. */
class BoundedJson {
  text = ''
  constructor (private readonly limit: number) {}

  get overflowed (): boolean {
    return this.text.length > this.limit
  }

  // Recursion follows the value's nesting, which the body parser bounds (MAX_JSON_DEPTH).
  write (value: unknown): void {
    if (this.overflowed) return
    if (typeof value === 'string') {
      this.text += JSON.stringify(value.length > this.limit ? value.slice(0, this.limit + 1) : value)
    } else if (Array.isArray(value)) {
      this.text += '['
      for (let i = 0; i < value.length && !this.overflowed; i++) {
        if (i > 0) this.text += ','
        this.write(value[i])
      }
      this.text += ']'
    } else if (typeof value === 'object' && value !== null) {
      this.text += '{'
      let first = true
      for (const key in value) {
        if (this.overflowed) break
        if (!Object.hasOwn(value, key)) continue
        this.text += `${first ? '' : ','}${JSON.stringify(key.length > this.limit ? key.slice(0, this.limit + 1) : key)}:`
        first = false
        this.write((value as Record<string, unknown>)[key])
      }
      this.text += '}'
    } else {
      this.text += JSON.stringify(value) ?? 'null'
    }
  }
}
