import type { Schema } from './schema.js'

/** Thrown when a schema is compiled that uses a keyword the validator does not implement. */
export class UnsupportedSchemaError extends Error {
  constructor (path: string, detail: string) {
    super(`fastapi-errors cannot validate ${path}: ${detail}`)
    this.name = 'UnsupportedSchemaError'
  }
}

// Keywords that describe and never constrain: documentation, examples, and vendor extensions (x-*).
const ANNOTATIONS = new Set([
  'title', 'description', 'examples', 'example', 'default', 'deprecated', 'readOnly', 'writeOnly',
  '$id', '$schema', '$comment'
])

const CHECKED = new Set([
  'type', 'properties', 'required', 'additionalProperties', 'patternProperties', 'items', 'minItems', 'maxItems',
  'anyOf', 'oneOf', 'discriminator', 'const', 'enum', 'minLength', 'maxLength', 'pattern', 'format',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'
])

const TYPES = new Set(['object', 'array', 'string', 'integer', 'number', 'boolean', 'null'])

// A dict's keys are not validated, so only a pattern that accepts every key can be honoured.
const ANY_KEY = new Set(['^(.*)$', '^.*$', '.*'])

const formats = new Map<string, (value: string) => string | null>()

/**
 * Adds a string format: `check` returns null for an accepted value, or the message of the value_error it causes
 * (pydantic's `Value error, <message>`). Register before the schemas that use the format are compiled.
 */
export function registerFormat (name: string, check: (value: string) => string | null): void {
  if (name === 'uri') throw new Error("the 'uri' format is built in")
  formats.set(name, check)
}

export const formatCheck = (name: string) => formats.get(name)

/** pydantic's url_parsing error text, 'scheme' for a parsed URL that is not http(s), or null for an accepted URL. */
export function urlError (value: string): string | null {
  if (value.trim() === '') return 'input is empty'
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return /^[a-z][a-z0-9+.-]*:/i.test(value) ? 'invalid domain character' : 'relative URL without a base'
  }
  return url.protocol !== 'http:' && url.protocol !== 'https:' ? 'scheme' : null
}

export const isAcceptedUrl = (value: string) => urlError(value) === null

const checked = new WeakSet<object>()

/** Throws UnsupportedSchemaError for any keyword or keyword value the validator would otherwise ignore. */
export function assertSupported (schema: Schema, path = '#'): void {
  if (checked.has(schema)) return
  for (const key of Object.keys(schema)) {
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue
    if (!CHECKED.has(key)) throw new UnsupportedSchemaError(path, `the keyword '${key}' is not implemented`)
  }
  for (const type of [schema.type ?? []].flat()) {
    if (!TYPES.has(type)) throw new UnsupportedSchemaError(path, `unknown type '${type}'`)
  }
  if (Array.isArray(schema.type) && schema.type.filter((type) => type !== 'null').length > 1) {
    throw new UnsupportedSchemaError(path, 'a type list may only pair one type with null')
  }
  if (schema.format !== undefined && schema.format !== 'uri' && !formats.has(schema.format)) {
    throw new UnsupportedSchemaError(path, `the format '${schema.format}' is not registered`)
  }
  if (schema.oneOf !== undefined && schema.discriminator === undefined) {
    throw new UnsupportedSchemaError(path, 'oneOf needs a discriminator (a tagged union)')
  }
  if (schema.discriminator !== undefined) assertTagged(schema, path)
  for (const pattern of Object.keys(schema.patternProperties ?? {})) {
    if (!ANY_KEY.has(pattern)) throw new UnsupportedSchemaError(path, `patternProperties '${pattern}' would leave keys unchecked`)
  }
  if (schema.patternProperties !== undefined && Object.keys(schema.patternProperties).length !== 1) {
    throw new UnsupportedSchemaError(path, 'patternProperties must hold exactly one catch-all pattern')
  }
  if (schema.items !== undefined && Array.isArray(schema.items)) throw new UnsupportedSchemaError(path, 'tuple items')
  for (const [name, child] of Object.entries(schema.properties ?? {})) assertSupported(child, `${path}/properties/${name}`)
  for (const [name, child] of Object.entries(schema.patternProperties ?? {})) {
    assertSupported(child, `${path}/patternProperties/${name}`)
  }
  if (typeof schema.additionalProperties === 'object') {
    assertSupported(schema.additionalProperties, `${path}/additionalProperties`)
  }
  if (schema.items !== undefined) assertSupported(schema.items, `${path}/items`)
  for (const key of ['anyOf', 'oneOf'] as const) {
    schema[key]?.forEach((member, index) => assertSupported(member, `${path}/${key}/${index}`))
  }
  checked.add(schema)
}

/** The tag of each member of a tagged union: the `const` of its discriminator property. */
export function memberTags (schema: Schema): Map<unknown, Schema> {
  const property = schema.discriminator?.propertyName ?? ''
  const members = schema.oneOf ?? schema.anyOf ?? []
  return new Map(members.map((member) => [member.properties?.[property]?.const, member]))
}

function assertTagged (schema: Schema, path: string) {
  const property = schema.discriminator?.propertyName
  const members = schema.oneOf ?? schema.anyOf
  if (typeof property !== 'string' || members === undefined || Object.keys(schema.discriminator ?? {}).length !== 1) {
    throw new UnsupportedSchemaError(path, 'a discriminator needs exactly a propertyName, with oneOf or anyOf members')
  }
  const tags = members.map((member) => member.properties?.[property]?.const)
  if (tags.some((tag) => typeof tag !== 'string') || new Set(tags).size !== tags.length) {
    throw new UnsupportedSchemaError(path, `every member needs its own string const '${property}'`)
  }
  if (members.some((member) => !(member.required ?? []).includes(property))) {
    throw new UnsupportedSchemaError(path, `every member must require '${property}'`)
  }
}
