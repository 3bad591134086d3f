import { createRequire } from 'node:module'
import { Type } from '@sinclair/typebox'
import fastJson from 'fast-json-stringify'
import { describe, expect, test, vi } from 'vitest'
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

// fast-json-stringify's own Ajv, which compiles a union's validator on the first value that reaches the union
const fromFastJson = createRequire(createRequire(import.meta.url).resolve('fast-json-stringify'))
const Ajv = fromFastJson('ajv').default as { prototype: { _compileSchemaEnv: (...args: unknown[]) => unknown } }

describe('a response with a union inside', () => {
  const Report = Type.Object({
    site: Type.String(),
    rendering: Type.Union([
      Type.Object({ status: Type.Literal('disabled') }),
      Type.Object({ status: Type.Literal('measured'), pages: Type.Array(Type.Object({ url: Type.String(), words: Type.Integer() })) })
    ]),
    gaps: Type.Array(Type.Object({ code: Type.String(), detail: Type.Union([Type.String(), Type.Integer()]) }))
  })

  test('is compiled whole before the first answer: the first answer compiles nothing (it took 300 ms more in site)', () => {
    const serialize = compileSerializer({ schema: Report })
    const compiles = vi.spyOn(Ajv.prototype, '_compileSchemaEnv')
    try {
      const values = [
        { site: 'a.example', rendering: { status: 'measured', pages: [{ url: '/', words: 3 }] }, gaps: [{ code: 'x', detail: 4 }] },
        { site: 'a.example', rendering: { status: 'disabled' }, gaps: [{ code: 'x', detail: 'why' }] }
      ]
      for (const value of values) expect(JSON.parse(serialize(value))).toEqual(value)
      expect(compiles).not.toHaveBeenCalled()
    } finally {
      compiles.mockRestore()
    }
  })

  test('writes every member as fast-json-stringify does', () => {
    const ours = compileSerializer({ schema: Report })
    const theirs = fastJson(Report as object)
    const value = { site: 'b', rendering: { status: 'measured', pages: [{ url: '/', words: 3, x: 1 }] }, gaps: [{ code: 'y', detail: 2 }] }
    expect(ours(value)).toBe(theirs(value))
  })
})
