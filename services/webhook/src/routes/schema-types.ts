import { Type } from '@sinclair/typebox'

/** A string-to-string map as `additionalProperties`: fast-json-stringify tests no pattern per key. */
export const StringMap = (options: Record<string, unknown> = {}) =>
  Type.Unsafe<Record<string, string>>({ type: 'object', additionalProperties: { type: 'string' }, ...options })
