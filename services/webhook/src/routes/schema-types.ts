import { Type } from '@sinclair/typebox'

/** A string-to-string map as `additionalProperties`: fast-json-stringify tests no pattern per key. */
export const StringMap = (options: Record<string, unknown> = {}) =>
  Type.Unsafe<Record<string, string>>({ type: 'object', additionalProperties: { type: 'string' }, ...options })

/** 9999-12-31T23:59:59Z: the last second an ISO date-time can write, so the latest time a request may name. */
export const MAX_EPOCH_SECONDS = 253402300799
