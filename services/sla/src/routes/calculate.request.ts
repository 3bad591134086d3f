// Validation of a calculate body: the operation picks the schema, then what a schema cannot say (a known zone, a
// real date in the supported years) is checked, and every problem is reported at once in pydantic's shape.
import { Type } from '@sinclair/typebox'
import { compileAcceptor, REJECTED, RequestValidationError, validate, type Schema, type ValidationIssue } from '@utility-apis/fastapi-errors'
import { formatWallTime, parseLocalDateTime, wallSeconds } from '@utility-apis/civil-date'
import { isKnownTimeZone } from '../domain/time-zone.js'
import { OPERATIONS, REQUEST_SCHEMAS, type CalculateRequest, type Operation } from './calculate.schemas.js'

const FIRST_WALL = wallSeconds({ year: 1971, month: 1, day: 1, hour: 0, minute: 0, second: 0 })
const LAST_WALL = wallSeconds({ year: 2100, month: 12, day: 31, hour: 23, minute: 59, second: 59 })

const DATE_TIME_FIELDS = ['start_at', 'end_at', 'at'] as const

const isSupported = (wall: number | null) => wall !== null && wall >= FIRST_WALL && wall <= LAST_WALL

const EnvelopeSchema = Type.Object({
  operation: Type.Union(OPERATIONS.map((operation) => Type.Literal(operation))),
  calendar: REQUEST_SCHEMAS.sla_due_at.properties.calendar,
  timezone: REQUEST_SCHEMAS.sla_due_at.properties.timezone
})

function valueError (field: string, input: unknown, error: string): ValidationIssue {
  return { type: 'value_error', loc: ['body', field], msg: `Value error, ${error}`, input, ctx: { error } }
}

// Field order of each schema, for reporting problems the way pydantic walks a model
const FIELDS = new Map<object, string[]>([EnvelopeSchema, ...Object.values(REQUEST_SCHEMAS)]
  .map((schema) => [schema, Object.keys(schema.properties)]))

function semanticIssues (body: Record<string, unknown>, fields: string[], failed: ValidationIssue[]): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  const sound = (field: string): boolean => !failed.some((issue) => issue.loc[1] === field)
  const { timezone } = body
  if (typeof timezone === 'string' && !isKnownTimeZone(timezone) && sound('timezone')) {
    issues.push(valueError('timezone', timezone, `unknown time zone '${timezone}'; use an IANA name such as America/New_York`))
  }
  for (const field of DATE_TIME_FIELDS) {
    const text = body[field]
    if (typeof text !== 'string' || !fields.includes(field)) continue
    const wall = parseLocalDateTime(text)
    if (isSupported(wall)) continue
    if (!sound(field)) continue
    issues.push(wall === null
      ? valueError(field, text, `${text} is not a real date and time`)
      : valueError(field, text, `must be between ${formatWallTime(FIRST_WALL)} and ${formatWallTime(LAST_WALL)}`))
  }
  return issues
}

// Most bodies are valid: they are recognised without building any issue, and only the others are walked for them
const ACCEPTORS = new Map(Object.entries(REQUEST_SCHEMAS).map(([operation, schema]) => [operation, compileAcceptor(schema as Schema)]))

function isSound (request: Record<string, unknown>): boolean {
  if (!isKnownTimeZone(request.timezone as string)) return false
  for (const field of DATE_TIME_FIELDS) {
    const text = request[field]
    if (text === undefined) continue
    if (!isSupported(parseLocalDateTime(text as string))) return false
  }
  return true
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The body as one operation's request, or a RequestValidationError listing every problem in field order. */
export function parseCalculateRequest (body: unknown): CalculateRequest {
  const operation = isPlainObject(body) && typeof body.operation === 'string' && Object.hasOwn(REQUEST_SCHEMAS, body.operation)
    ? body.operation as Operation
    : null
  // Without a valid operation only the fields every operation shares can be checked
  if (operation !== null) {
    const accepted = ACCEPTORS.get(operation)?.(body)
    if (accepted !== undefined && accepted !== REJECTED && isSound(accepted as Record<string, unknown>)) return accepted as CalculateRequest
  }
  const schema = operation === null ? EnvelopeSchema : REQUEST_SCHEMAS[operation]
  const { issues } = validate(schema as Schema, body, ['body'], { isModelRoot: true })
  if (!isPlainObject(body)) throw new RequestValidationError(issues)
  const fields = FIELDS.get(schema) ?? []
  const semantic = semanticIssues(body, fields, issues)
  if (issues.length === 0 && semantic.length === 0) return body as CalculateRequest
  // A stable sort interleaves schema and semantic problems in field order, as pydantic reports them
  const all = issues.concat(semantic)
  all.sort((a, b) => fields.indexOf(String(a.loc[1])) - fields.indexOf(String(b.loc[1])))
  throw new RequestValidationError(all)
}
