import { Type } from '@sinclair/typebox'
import fastJson from 'fast-json-stringify'
import { describe, expect, test } from 'vitest'
import { compileSerializer } from '../src/serializer.js'

const Due = Type.Object({ operation: Type.Literal('due'), at: Type.String(), minutes: Type.Integer() })
const Open = Type.Object({ operation: Type.Literal('open'), open: Type.Boolean(), holiday: Type.Unsafe<string | null>({ type: ['string', 'null'] }) })
const Tagged = { oneOf: [Due, Open], discriminator: { propertyName: 'operation' } }

describe('response serializers', () => {
  test('a tagged union writes each member exactly as fast-json-stringify does for that union', () => {
    const ours = compileSerializer({ schema: Tagged })
    const theirs = fastJson(Tagged as object)
    const values = [
      { operation: 'due', at: '2026-03-06T16:00:00-05:00', minutes: 60, extra: 'dropped' },
      { operation: 'open', open: false, holiday: null },
      { operation: 'open', open: true, holiday: 'Juneteenth "observed"' }
    ]
    for (const value of values) expect(ours(value)).toBe(theirs(value))
    expect(JSON.parse(ours(values[0]))).toEqual({ operation: 'due', at: '2026-03-06T16:00:00-05:00', minutes: 60 })
  })

  test('a value whose tag names no member is an error, not a guess', () => {
    expect(() => compileSerializer({ schema: Tagged })({ operation: 'other' })).toThrow(TypeError)
  })

  test('untagged schemas, and unions whose members lack a constant tag, keep fast-json-stringify as it is', () => {
    const plain = Type.Object({ a: Type.Integer() })
    expect(compileSerializer({ schema: plain })({ a: 1, b: 2 })).toBe('{"a":1}')
    const loose = { anyOf: [Type.Object({ kind: Type.String() }), Due], discriminator: { propertyName: 'kind' } }
    expect(compileSerializer({ schema: loose })({ kind: 'x' })).toBe('{"kind":"x"}')
  })
})
