import { Type } from '@sinclair/typebox'

// Response-side enums and nullables are written as plain `type`/`enum` schemas: fast-json-stringify serialises
// them directly, where an anyOf would make it validate every value to pick a branch.
export const StringEnum = <T extends string> (values: readonly T[], options: Record<string, unknown> = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options })
export const NullableString = (options: Record<string, unknown> = {}) => Type.Unsafe<string | null>({ type: ['string', 'null'], ...options })
export const NullableInteger = (options: Record<string, unknown> = {}) => Type.Unsafe<number | null>({ type: ['integer', 'null'], ...options })
/** A string-to-string map as `additionalProperties`: fast-json-stringify tests no pattern per key. */
export const StringMap = (options: Record<string, unknown> = {}) =>
  Type.Unsafe<Record<string, string>>({ type: 'object', additionalProperties: { type: 'string' }, ...options })
