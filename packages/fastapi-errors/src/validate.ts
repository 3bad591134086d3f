import { compileAcceptor, REJECTED, type Acceptor } from './accept.js'
import { echoInput, IssueList } from './issue-bounds.js'
import { formatExpected, messages, type Loc, type ValidationIssue } from './issues.js'
import { acceptsNull, codePoints, isPlainObject, recordValues, regex, typeOf, type Schema } from './schema.js'
import { assertSupported, formatCheck, memberTags, urlError } from './schema-support.js'

export interface ValidateOptions {
  /** Query strings and headers arrive as text: numbers and booleans are parsed there, never in JSON bodies. */
  coerceScalars?: boolean
  /** The top-level model: a non-object there is `model_attributes_type`, as FastAPI reports a body. */
  isModelRoot?: boolean
}

interface Walk {
  /** Holds the first MAX_ISSUES issues; past them, issues are counted and never built. */
  issues: IssueList
  coerce: boolean
}

/**
 * pydantic's value_error for a check a schema cannot express. FastAPI would encode the exception in `ctx.error` as
 * `{}`; every service gives its message there instead, which is what a client can use.
 */
export function valueError (loc: Loc, input: unknown, message: string): ValidationIssue {
  // Without an input (one that must not be echoed, or a rule about the whole body), the key is left out
  const issue: ValidationIssue = { type: 'value_error', loc, msg: `Value error, ${message}` }
  if (input !== undefined) issue.input = echoInput(input)
  issue.ctx = { error: message }
  return issue
}

function issue (w: Walk, sensitive: boolean, type: string, loc: Loc, msg: string, input: unknown, ctx?: Record<string, unknown>) {
  if (w.issues.full) return w.issues.count()
  const entry: ValidationIssue = { type, loc, msg }
  if (!sensitive) entry.input = echoInput(input)
  if (ctx) entry.ctx = ctx
  w.issues.add(entry)
}

/**
 * Validates `value` against `schema` and returns the value to use (coerced for query strings) plus its issues, in
 * field order, as pydantic v2 in lax-JSON-but-strict-types mode would report them: at most MAX_ISSUES, then one
 * `too_many_errors` at `loc` counting the rest; each echoes at most MAX_INPUT_CHARS characters of its input.
 */
export function validate (schema: Schema, value: unknown, loc: Loc, options: ValidateOptions = {}): { value: unknown, issues: ValidationIssue[] } {
  assertSupported(schema)
  // Most bodies are valid, and they should not pay for the error paths (locations, messages, inputs)
  if (options.coerceScalars !== true) {
    const accepted = acceptorOf(schema)(value)
    if (accepted !== REJECTED) return { value: accepted, issues: [] }
  }
  return walkIssues(schema, value, loc, options)
}

/** `validate` without its fast path for accepted values: every value is walked. */
export function walkIssues (schema: Schema, value: unknown, loc: Loc, options: ValidateOptions = {}): { value: unknown, issues: ValidationIssue[] } {
  const w: Walk = { issues: new IssueList(), coerce: options.coerceScalars ?? false }
  const out = walk(schema, value, loc, w, false, options.isModelRoot ?? false)
  return { value: out, issues: w.issues.list(loc) }
}

const acceptors = new WeakMap<Schema, Acceptor>()

function acceptorOf (schema: Schema): Acceptor {
  let accept = acceptors.get(schema)
  if (accept === undefined) {
    accept = compileAcceptor(schema)
    acceptors.set(schema, accept)
  }
  return accept
}

function walk (schema: Schema, value: unknown, loc: Loc, w: Walk, inheritedSensitive: boolean, modelRoot = false): unknown {
  const sensitive = inheritedSensitive || schema['x-sensitive'] === true
  if (schema.discriminator) return walk(taggedMember(schema, value), value, loc, w, sensitive, modelRoot)
  if (value === null && acceptsNull(schema)) return null

  if (schema.anyOf) return walkAnyOf(schema, value, loc, w, sensitive)
  if (schema.const !== undefined || schema.enum) {
    const allowed = schema.enum ?? [schema.const]
    if (!allowed.some((a) => a === value)) {
      const expected = formatExpected(allowed)
      issue(w, sensitive, 'literal_error', loc, messages.literal(expected), value, { expected })
    }
    return value
  }

  switch (typeOf(schema)) {
    case 'object': return walkObject(schema, value, loc, w, sensitive, modelRoot)
    case 'array': return walkArray(schema, value, loc, w, sensitive)
    case 'string': return walkString(schema, value, loc, w, sensitive)
    case 'integer': return walkNumber(schema, value, loc, w, sensitive, true)
    case 'number': return walkNumber(schema, value, loc, w, sensitive, false)
    case 'boolean': return walkBoolean(value, loc, w, sensitive)
    case 'null':
      if (value !== null) issue(w, sensitive, 'none_required', loc, messages.noneRequired(), value)
      return value
    default: return value
  }
}

const envelopes = new WeakMap<Schema, Schema>()

/**
 * The member a tagged union's value names. A value without a known tag is checked against what every member shares
 * (the tag as one literal of all tags, and the common fields), reported at the same flat locations as a member would be.
 */
function taggedMember (schema: Schema, value: unknown): Schema {
  const tag = schema.discriminator?.propertyName ?? ''
  const member = isPlainObject(value) ? memberTags(schema).get(value[tag]) : undefined
  if (member !== undefined) return member
  let envelope = envelopes.get(schema)
  if (envelope === undefined) {
    const members = schema.oneOf ?? schema.anyOf ?? []
    const shared = Object.keys(members[0]?.properties ?? {}).filter((name) => members.every((m) => m.properties?.[name]))
    const properties = Object.fromEntries(shared.map((name) => [name, members[0].properties?.[name] as Schema]))
    properties[tag] = { enum: [...memberTags(schema).keys()] }
    const required = shared.filter((name) => members.every((m) => m.required?.includes(name)))
    envelope = { type: 'object', properties, required }
    envelopes.set(schema, envelope)
  }
  return envelope
}

function walkAnyOf (schema: Schema, value: unknown, loc: Loc, w: Walk, sensitive: boolean): unknown {
  const members = schema.anyOf ?? []
  const nonNull = members.filter((m) => m.type !== 'null')
  if (value === null && nonNull.length < members.length) return null
  // A union of literals is one Literal[...] to pydantic: one literal_error listing them all.
  if (nonNull.length > 0 && nonNull.every((m) => m.const !== undefined)) {
    return walk({ enum: nonNull.map((m) => m.const), 'x-sensitive': schema['x-sensitive'] }, value, loc, w, sensitive)
  }
  if (nonNull.length === 1) return walk(nonNull[0], value, loc, w, sensitive)
  // General unions: the first member that accepts the value wins; otherwise report the first member's issues.
  let firstIssues: IssueList | undefined
  for (const member of nonNull) {
    const trial: Walk = { issues: new IssueList(), coerce: w.coerce }
    const out = walk(member, value, loc, trial, sensitive)
    if (trial.issues.size === 0) return out
    firstIssues ??= trial.issues
  }
  for (const found of firstIssues?.list(loc) ?? []) w.issues.add(found)
  return value
}

function walkObject (schema: Schema, value: unknown, loc: Loc, w: Walk, sensitive: boolean, modelRoot: boolean): unknown {
  const valueSchema = recordValues(schema)
  if (!isPlainObject(value)) {
    if (valueSchema) issue(w, sensitive, 'dict_type', loc, messages.dictType(), value)
    else if (modelRoot || !schema.title) issue(w, sensitive, 'model_attributes_type', loc, messages.modelAttributesType(), value)
    else issue(w, sensitive, 'model_type', loc, messages.modelType(schema.title), value, { class_name: schema.title })
    return value
  }
  if (valueSchema) {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[k] = walk(valueSchema, v, [...loc, k], w, sensitive)
    return out
  }
  const required = new Set(schema.required ?? [])
  const out: Record<string, unknown> = {}
  for (const [name, propSchema] of Object.entries(schema.properties ?? {})) {
    if (!Object.hasOwn(value, name)) {
      // FastAPI would echo the whole parent object as `input`; it may hold secrets, so we leave it out.
      if (required.has(name)) w.issues.add({ type: 'missing', loc: [...loc, name], msg: messages.missing() })
      continue
    }
    out[name] = walk(propSchema, value[name], [...loc, name], w, sensitive)
  }
  // Unknown extra fields are ignored, as pydantic does by default (they are dropped from what handlers see),
  // unless the model forbids them. Where a misspelt field could be a secret, its value is not echoed.
  if (schema.additionalProperties === false) {
    const hideExtras = sensitive || schema['x-sensitive-extras'] === true
    for (const name of Object.keys(value)) {
      if (!Object.hasOwn(schema.properties ?? {}, name)) {
        issue(w, hideExtras, 'extra_forbidden', [...loc, name], messages.extraForbidden(), value[name])
      }
    }
  }
  return out
}

function walkArray (schema: Schema, value: unknown, loc: Loc, w: Walk, sensitive: boolean): unknown {
  if (!Array.isArray(value)) {
    issue(w, sensitive, 'list_type', loc, messages.listType(), value)
    return value
  }
  // As pydantic-core: a list longer than allowed is one too_long, its items unread (it stops at the first item past
  // the bound and drops their errors); a list with bad items is those errors, its length unchecked against the minimum.
  if (schema.maxItems !== undefined && value.length > schema.maxItems) {
    issue(w, sensitive, 'too_long', loc, messages.tooLong(schema.maxItems, value.length), value,
      { field_type: 'List', max_length: schema.maxItems, actual_length: value.length })
    return value
  }
  const before = w.issues.size
  const out = schema.items ? value.map((item, i) => walk(schema.items as Schema, item, [...loc, i], w, sensitive)) : value
  if (schema.minItems !== undefined && value.length < schema.minItems && w.issues.size === before) {
    issue(w, sensitive, 'too_short', loc, messages.tooShort(schema.minItems, value.length), value,
      { field_type: 'List', min_length: schema.minItems, actual_length: value.length })
  }
  return out
}

function walkString (schema: Schema, value: unknown, loc: Loc, w: Walk, sensitive: boolean): unknown {
  if (typeof value !== 'string') {
    issue(w, sensitive, 'string_type', loc, messages.stringType(), value)
    return value
  }
  // Python counts code points, not UTF-16 units.
  const length = schema.minLength !== undefined || schema.maxLength !== undefined ? codePoints(value) : 0
  if (schema.minLength !== undefined && length < schema.minLength) {
    issue(w, sensitive, 'string_too_short', loc, messages.stringTooShort(schema.minLength), value, { min_length: schema.minLength })
  } else if (schema.maxLength !== undefined && length > schema.maxLength) {
    issue(w, sensitive, 'string_too_long', loc, messages.stringTooLong(schema.maxLength), value, { max_length: schema.maxLength })
  } else if (schema.pattern !== undefined && !regex(schema.pattern).test(value)) {
    issue(w, sensitive, 'string_pattern_mismatch', loc, messages.stringPattern(schema.pattern), value, { pattern: schema.pattern })
  } else if (schema.format === 'uri') {
    checkUrl(value, loc, w, sensitive)
  } else if (schema.format !== undefined) {
    const error = formatCheck(schema.format)?.(value) ?? null
    if (error !== null) {
      const entry = valueError(loc, value, error)
      if (sensitive) delete entry.input
      w.issues.add(entry)
    }
  }
  return value
}

function checkUrl (value: string, loc: Loc, w: Walk, sensitive: boolean) {
  const error = urlError(value)
  if (error === 'scheme') {
    issue(w, sensitive, 'url_scheme', loc, messages.urlScheme("'http' or 'https'"), value, { expected_schemes: "'http' or 'https'" })
  } else if (error) {
    issue(w, sensitive, 'url_parsing', loc, messages.urlParsing(error), value, { error })
  }
}

function walkNumber (schema: Schema, value: unknown, loc: Loc, w: Walk, sensitive: boolean, integer: boolean): unknown {
  let n: number
  if (typeof value === 'number') {
    n = value
  } else if (typeof value === 'string' && w.coerce) {
    const text = value.trim()
    const ok = integer ? /^[-+]?\d+$/.test(text) : text !== '' && Number.isFinite(Number(text))
    if (!ok) {
      issue(w, sensitive, integer ? 'int_parsing' : 'float_parsing', loc, integer ? messages.intParsing() : messages.floatParsing(), value)
      return value
    }
    n = Number(text)
  } else {
    // JSON types are strict: a numeric string or a boolean is not a number. A string that would not even
    // parse gets pydantic's lax-mode parsing error, which says more.
    const parses = typeof value === 'string' && (integer ? /^\s*[-+]?\d+\s*$/ : /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/).test(value)
    if (typeof value === 'string' && !parses) {
      issue(w, sensitive, integer ? 'int_parsing' : 'float_parsing', loc, integer ? messages.intParsing() : messages.floatParsing(), value)
    } else {
      issue(w, sensitive, integer ? 'int_type' : 'float_type', loc, integer ? messages.intType() : messages.floatType(), value)
    }
    return value
  }
  if (integer && !Number.isInteger(n)) {
    issue(w, sensitive, 'int_from_float', loc, messages.intFromFloat(), value)
    return value
  }
  if (schema.minimum !== undefined && n < schema.minimum) {
    issue(w, sensitive, 'greater_than_equal', loc, messages.greaterThanEqual(schema.minimum), value, { ge: schema.minimum })
  } else if (schema.exclusiveMinimum !== undefined && n <= schema.exclusiveMinimum) {
    issue(w, sensitive, 'greater_than', loc, messages.greaterThan(schema.exclusiveMinimum), value, { gt: schema.exclusiveMinimum })
  } else if (schema.maximum !== undefined && n > schema.maximum) {
    issue(w, sensitive, 'less_than_equal', loc, messages.lessThanEqual(schema.maximum), value, { le: schema.maximum })
  } else if (schema.exclusiveMaximum !== undefined && n >= schema.exclusiveMaximum) {
    issue(w, sensitive, 'less_than', loc, messages.lessThan(schema.exclusiveMaximum), value, { lt: schema.exclusiveMaximum })
  }
  return n
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on', 't', 'y'])
const FALSE_WORDS = new Set(['false', '0', 'no', 'off', 'f', 'n'])

function walkBoolean (value: unknown, loc: Loc, w: Walk, sensitive: boolean): unknown {
  if (typeof value === 'boolean') return value
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase()
    const known = TRUE_WORDS.has(word) || FALSE_WORDS.has(word)
    if (w.coerce && known) return TRUE_WORDS.has(word)
    if (!known) {
      issue(w, sensitive, 'bool_parsing', loc, messages.boolParsing(), value)
      return value
    }
  }
  issue(w, sensitive, 'bool_type', loc, messages.boolType(), value)
  return value
}
