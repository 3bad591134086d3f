// Validation of a calculate body: the operation picks the schema, then what a schema cannot say (a known zone and
// calendar, real dates in the supported years, intervals in order) is checked, and every problem is reported at once
// in pydantic's shape, in field order.
import { RequestValidationError, validate, valueError, type Schema, type ValidationIssue } from '@utility-apis/fastapi-errors'
import { formatWallTime, parseLocalDateTime, wallSeconds } from '@utility-apis/civil-date'
import { isKnownTimeZone } from '../domain/time-zone.js'
import { withoutStack } from '../domain/working-calendar.js'
import { CalculateRequestSchema, REQUEST_SCHEMAS, type CalculateRequest, type Operation } from './calculate.schemas.js'
import { parseDate, workRulesIssues, type Loc } from './work-rules.request.js'

const FIRST_WALL = wallSeconds({ year: 1971, month: 1, day: 1, hour: 0, minute: 0, second: 0 })
const LAST_WALL = wallSeconds({ year: 2100, month: 12, day: 31, hour: 23, minute: 59, second: 59 })
const FIRST_INPUT_DAY = Math.floor(FIRST_WALL / 86_400)
const LAST_INPUT_DAY = Math.floor(LAST_WALL / 86_400)

const DATE_TIME_FIELDS = ['start_at', 'end_at', 'at'] as const
const DATE_FIELDS = ['date', 'start_date', 'end_date'] as const

const isSupported = (wall: number | null) => wall !== null && wall >= FIRST_WALL && wall <= LAST_WALL

// Field order of each operation, for reporting problems the way pydantic walks a model; without a known operation,
// the fields every operation shares
const FIELDS = new Map<Operation | null, string[]>(Object.entries(REQUEST_SCHEMAS)
  .map(([operation, schema]) => [operation as Operation, Object.keys(schema.properties)]))
FIELDS.set(null, Object.keys(REQUEST_SCHEMAS.sla_due_at.properties)
  .filter((field) => Object.values(REQUEST_SCHEMAS).every((schema) => Object.hasOwn(schema.properties, field))))

// An ISO 8601 date-time with an offset, a Z or a fraction: right but for what this API wants instead
const ISO_WITH_EXTRAS = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/

/** A date-time with an offset or a fraction gets a message that says what to send, not only the pattern. */
function explainDateTime (issue: ValidationIssue): ValidationIssue {
  if (issue.type !== 'string_pattern_mismatch' || typeof issue.input !== 'string') return issue
  const match = ISO_WITH_EXTRAS.exec(issue.input)
  if (match === null || (match[2] === undefined && match[3] === undefined)) return issue
  const offset = match[3] === undefined ? '' : ` without ${match[3] === 'Z' ? 'a Z' : 'an offset'}`
  const fraction = match[2] === undefined ? '' : ' in whole seconds'
  return valueError(issue.loc, issue.input, `send local wall time${fraction}${offset}, such as ${match[1]}; the zone comes from \`timezone\``)
}

const isDateTimeLoc = (loc: Loc): boolean => {
  const field = loc[loc.length - 1]
  return (DATE_TIME_FIELDS as readonly unknown[]).includes(field) && (loc.length === 2 || loc[1] === 'pauses')
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function dateTimeIssue (text: string, loc: Loc): ValidationIssue | null {
  const wall = parseLocalDateTime(text)
  if (isSupported(wall)) return null
  return wall === null
    ? valueError(loc, text, `${text} is not a real date and time`)
    : valueError(loc, text, `must be between ${formatWallTime(FIRST_WALL)} and ${formatWallTime(LAST_WALL)}`)
}

function semanticIssues (body: Record<string, unknown>, fields: string[], sound: (loc: Loc) => boolean): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  const { timezone } = body
  if (typeof timezone === 'string' && !isKnownTimeZone(timezone) && sound(['body', 'timezone'])) {
    issues.push(valueError(['body', 'timezone'], timezone, `unknown time zone '${timezone}'; use an IANA name such as America/New_York`))
  }
  for (const field of DATE_TIME_FIELDS) {
    const text = body[field]
    if (typeof text !== 'string' || !fields.includes(field) || !sound(['body', field])) continue
    const issue = dateTimeIssue(text, ['body', field])
    if (issue !== null) issues.push(issue)
  }
  for (const field of DATE_FIELDS) {
    const text = body[field]
    if (typeof text !== 'string' || !fields.includes(field) || !sound(['body', field])) continue
    const day = parseDate(text)
    if (day === null) issues.push(valueError(['body', field], text, `${text} is not a real date`))
    else if (day < FIRST_INPUT_DAY || day > LAST_INPUT_DAY) {
      issues.push(valueError(['body', field], text, 'must be between 1971-01-01 and 2100-12-31'))
    }
  }
  if (Array.isArray(body.pauses) && fields.includes('pauses')) {
    body.pauses.forEach((pause: unknown, index) => {
      if (!isPlainObject(pause)) return
      const loc: Loc = ['body', 'pauses', index]
      const { start_at: from, end_at: to } = pause
      const start = typeof from === 'string' && sound([...loc, 'start_at']) ? dateTimeIssue(from, [...loc, 'start_at']) : undefined
      const end = typeof to === 'string' && sound([...loc, 'end_at']) ? dateTimeIssue(to, [...loc, 'end_at']) : undefined
      if (start) issues.push(start)
      if (end) issues.push(end)
      if (start === null && end === null && (parseLocalDateTime(to as string) ?? 0) <= (parseLocalDateTime(from as string) ?? 0)) {
        issues.push(valueError([...loc, 'end_at'], to, `must be later than start_at ${String(from)}`))
      }
    })
  }
  issues.push(...workRulesIssues(body, sound))
  return issues
}

/** pydantic's order: by the model's fields, unknown fields after them, then by list index; otherwise as found. */
function byFieldOrder (fields: string[]): (a: ValidationIssue, b: ValidationIssue) => number {
  const rank = (issue: ValidationIssue) => {
    const index = fields.indexOf(String(issue.loc[1]))
    return index === -1 ? fields.length : index
  }
  return (a, b) => {
    const field = rank(a) - rank(b)
    if (field !== 0) return field
    for (let i = 2; i < Math.min(a.loc.length, b.loc.length); i++) {
      const x = a.loc[i]
      const y = b.loc[i]
      if (typeof x !== 'number' || typeof y !== 'number') return 0
      if (x !== y) return x - y
    }
    return 0
  }
}

const always = () => true

/** The body as one operation's request, or a RequestValidationError listing every problem in field order. */
export function parseCalculateRequest (body: unknown): CalculateRequest {
  const { value, issues } = validate(CalculateRequestSchema as Schema, body, ['body'], { isModelRoot: true })
  if (!isPlainObject(body)) throw withoutStack(() => new RequestValidationError(issues))
  const operation = typeof body.operation === 'string' && Object.hasOwn(REQUEST_SCHEMAS, body.operation)
    ? body.operation as Operation
    : null
  const fields = FIELDS.get(operation) ?? []
  // The checks read the body itself, not the validated value without its unknown keys: an unknown weekday key must
  // be reported
  if (issues.length === 0 && semanticIssues(body, fields, always).length === 0) return value as CalculateRequest
  const failed = issues.map((issue) => issue.loc)
  const sound = (loc: Loc) => !failed.some((bad) => bad.length >= 2 && loc.length >= 2 &&
    bad.slice(0, Math.min(bad.length, loc.length)).every((part, i) => part === loc[i]))
  const semantic = semanticIssues(body, fields, sound)
    .filter((issue) => !issues.some((known) => known.type === issue.type && known.loc.join('\u0000') === issue.loc.join('\u0000')))
  if (issues.length === 0 && semantic.length === 0) return value as CalculateRequest
  // A stable sort interleaves schema and semantic problems in field order, as pydantic reports them
  const all = issues.map((issue) => isDateTimeLoc(issue.loc) ? explainDateTime(issue) : issue).concat(semantic)
  all.sort(byFieldOrder(fields))
  // A 422 is an answer, not a bug: no stack, which would cost several times the validation (a batch may hold 1,000)
  throw withoutStack(() => new RequestValidationError(all))
}
