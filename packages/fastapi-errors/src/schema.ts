/** The subset of JSON Schema that TypeBox emits for our request schemas. */
export interface Schema {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  patternProperties?: Record<string, Schema>
  additionalProperties?: boolean | Schema
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
  discriminator?: { propertyName: string }
  const?: unknown
  enum?: unknown[]
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minItems?: number
  maxItems?: number
  title?: string
  $id?: string
  'x-sensitive'?: boolean
  /** An unknown field's value stays out of `input`: beside secrets, a misspelt field may be one. */
  'x-sensitive-extras'?: boolean
  [key: string]: unknown
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The schema of a dict's values (TypeBox's Record), or undefined for a model with named fields. */
export function recordValues (schema: Schema): Schema | undefined {
  if (schema.properties) return undefined
  if (schema.patternProperties) return Object.values(schema.patternProperties)[0]
  return typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined
}

/** Python's len(): code points, so a surrogate pair counts once. */
export function codePoints (value: string): number {
  let n = value.length
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < value.length) {
      const d = value.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) { n--; i++ }
    }
  }
  return n
}

/** `type: [T, 'null']`: pydantic's `T | None`. */
export const acceptsNull = (s: Schema): boolean => Array.isArray(s.type) && s.type.includes('null')

export const typeOf = (s: Schema): string | undefined => Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type

const patternCache = new Map<string, RegExp>()
export const regex = (p: string) => {
  let r = patternCache.get(p)
  if (!r) { r = new RegExp(p, 'u'); patternCache.set(p, r) }
  return r
}
