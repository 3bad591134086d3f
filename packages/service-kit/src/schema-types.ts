import { Type, type Static, type TSchema } from '@sinclair/typebox'

// Nullable and enum fields as plain `type` / `enum` schemas: the validator reads them directly, and
// fast-json-stringify serialises them without trying each branch of an anyOf.

/** `T | null`, written `type: [T, 'null']`; T must be a schema with a single `type`. */
export const Nullable = <T extends TSchema> (schema: T, options: Record<string, unknown> = {}) => {
  if (typeof schema.type !== 'string') throw new Error('Nullable needs a schema with a single type')
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'], ...options })
}

/** One of a few strings, written as a string `enum`. */
export const StringEnum = <const V extends readonly string[]> (values: V, options: Record<string, unknown> = {}) =>
  Type.Unsafe<V[number]>({ type: 'string', enum: [...values], ...options })
