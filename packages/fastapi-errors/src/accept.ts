import { acceptsNull, codePoints, isPlainObject, recordValues, regex, typeOf, type Schema } from './schema.js'
import { formatCheck, isAcceptedUrl, memberTags } from './schema-support.js'

/** What an acceptor returns for a value that has at least one issue. */
export const REJECTED: unique symbol = Symbol('rejected')

/** The value a handler sees (extras dropped), or REJECTED. */
export type Acceptor = (value: unknown) => unknown

/**
 * Compiles a body schema into a closure tree that answers one question fast: does `validate` find no issue in this
 * JSON value, and what value does it return? Most requests are valid, and they should not pay for the error paths
 * (locations, messages, inputs). A rejected value goes through `validate` itself, which stays the one description
 * of what each error looks like; the two are kept in agreement by a property test.
 */
export function compileAcceptor (schema: Schema): Acceptor {
  if (acceptsNull(schema)) {
    const accept = compileAcceptor({ ...schema, type: typeOf(schema) })
    return (value) => value === null ? null : accept(value)
  }
  if (schema.discriminator) return taggedAcceptor(schema)
  if (schema.anyOf) return anyOfAcceptor(schema.anyOf)
  if (schema.const !== undefined || schema.enum) {
    const allowed = schema.enum ?? [schema.const]
    return (value) => allowed.indexOf(value) === -1 ? REJECTED : value
  }
  switch (typeOf(schema)) {
    case 'object': return objectAcceptor(schema)
    case 'array': return arrayAcceptor(schema)
    case 'string': return stringAcceptor(schema)
    case 'integer': return numberAcceptor(schema, true)
    case 'number': return numberAcceptor(schema, false)
    case 'boolean': return (value) => typeof value === 'boolean' ? value : REJECTED
    case 'null': return (value) => value === null ? value : REJECTED
    default: return (value) => value
  }
}

function anyOfAcceptor (members: Schema[]): Acceptor {
  const nonNull = members.filter((m) => m.type !== 'null')
  const acceptsNull = nonNull.length < members.length
  const accept = nonNull.length > 0 && nonNull.every((m) => m.const !== undefined)
    ? compileAcceptor({ enum: nonNull.map((m) => m.const) })
    : anyAcceptor(nonNull.map(compileAcceptor))
  return acceptsNull ? (value) => value === null ? null : accept(value) : accept
}

function taggedAcceptor (schema: Schema): Acceptor {
  const tag = schema.discriminator?.propertyName ?? ''
  const acceptors = new Map([...memberTags(schema)].map(([value, member]) => [value, compileAcceptor(member)]))
  return (value) => {
    const accept = isPlainObject(value) ? acceptors.get(value[tag]) : undefined
    return accept === undefined ? REJECTED : accept(value)
  }
}

function anyAcceptor (acceptors: Acceptor[]): Acceptor {
  // A union of nothing but null constrains nothing else, as in `validate`.
  if (acceptors.length === 0) return (value) => value
  if (acceptors.length === 1) return acceptors[0]
  return (value) => {
    for (const accept of acceptors) {
      const out = accept(value)
      if (out !== REJECTED) return out
    }
    return REJECTED
  }
}

function objectAcceptor (schema: Schema): Acceptor {
  const valueSchema = recordValues(schema)
  if (valueSchema) {
    const accept = compileAcceptor(valueSchema)
    return (value) => {
      if (!isPlainObject(value)) return REJECTED
      const out: Record<string, unknown> = {}
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue
        const v = accept(value[key])
        if (v === REJECTED) return REJECTED
        out[key] = v
      }
      return out
    }
  }
  const required = new Set(schema.required ?? [])
  const fields = Object.entries(schema.properties ?? {}).map(([name, s]) => ({ name, required: required.has(name), accept: compileAcceptor(s) }))
  const closed = schema.additionalProperties === false
  return (value) => {
    if (!isPlainObject(value)) return REJECTED
    if (closed && Object.keys(value).some((key) => !Object.hasOwn(schema.properties ?? {}, key))) return REJECTED
    const out: Record<string, unknown> = {}
    for (const field of fields) {
      if (!Object.hasOwn(value, field.name)) {
        if (field.required) return REJECTED
        continue
      }
      const v = field.accept(value[field.name])
      if (v === REJECTED) return REJECTED
      out[field.name] = v
    }
    return out
  }
}

function arrayAcceptor (schema: Schema): Acceptor {
  const accept = schema.items ? compileAcceptor(schema.items) : null
  const { minItems = 0, maxItems = Infinity } = schema
  return (value) => {
    if (!Array.isArray(value) || value.length < minItems || value.length > maxItems) return REJECTED
    if (!accept) return value
    const out = new Array<unknown>(value.length)
    for (let i = 0; i < value.length; i++) {
      const v = accept(value[i])
      if (v === REJECTED) return REJECTED
      out[i] = v
    }
    return out
  }
}

function stringAcceptor (schema: Schema): Acceptor {
  const { minLength = 0, maxLength = Infinity } = schema
  const pattern = schema.pattern === undefined ? null : regex(schema.pattern)
  const uri = schema.format === 'uri'
  const format = schema.format === undefined || uri ? undefined : formatCheck(schema.format)
  return (value) => {
    if (typeof value !== 'string') return REJECTED
    // UTF-16 length bounds the code points from above, and twice them from below: count only when it matters.
    if (value.length > maxLength || value.length < minLength * 2) {
      const length = codePoints(value)
      if (length < minLength || length > maxLength) return REJECTED
    }
    if (pattern && !pattern.test(value)) return REJECTED
    if (uri && !isAcceptedUrl(value)) return REJECTED
    if (format !== undefined && format(value) !== null) return REJECTED
    return value
  }
}

function numberAcceptor (schema: Schema, integer: boolean): Acceptor {
  const { minimum = -Infinity, maximum = Infinity, exclusiveMinimum = -Infinity, exclusiveMaximum = Infinity } = schema
  return (value) => {
    if (typeof value !== 'number' || (integer && !Number.isInteger(value))) return REJECTED
    if (value < minimum || value > maximum) return REJECTED
    if (value <= exclusiveMinimum || value >= exclusiveMaximum) return REJECTED
    return value
  }
}
