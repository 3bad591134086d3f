import { Type, type Static, type TSchema } from '@sinclair/typebox'

// Nullable and enum fields as plain `type` / `enum` schemas: the validator reads them directly, and
// fast-json-stringify serialises them without trying each branch of an anyOf.

/**
 * `T | null`, written `type: [T, 'null']`; T must be a schema with a single `type`. An `enum` gains `null` too: JSON
 * Schema checks `type` and `enum` apart, so a null outside the enum would be refused by any standard validator.
 */
export const Nullable = <T extends TSchema> (schema: T, options: Record<string, unknown> = {}) => {
  if (typeof schema.type !== 'string') throw new Error('Nullable needs a schema with a single type')
  const values = Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'], ...values, ...options })
}

/** One of a few strings, written as a string `enum`. */
export const StringEnum = <const V extends readonly string[]> (values: V, options: Record<string, unknown> = {}) =>
  Type.Unsafe<V[number]>({ type: 'string', enum: [...values], ...options })
