import { Type } from '@sinclair/typebox'
import fastJson from 'fast-json-stringify'
import { describe, expect, test } from 'vitest'
import { compileSerializer, withMergedTaggedUnions } from '../src/serializer.js'

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

  const Rendering = Type.Union([
    Type.Object({ status: Type.Literal('disabled') }),
    Type.Object({ status: Type.Literal('failed'), reason: Type.String() }),
    Type.Object({ status: Type.Literal('measured'), pages: Type.Array(Type.Object({ url: Type.String() })), ms: Type.Integer() })
  ])
  const Report = Type.Object({ score: Type.Integer(), rendering: Rendering, history: Type.Array(Rendering) })

  test('a tagged union inside a response writes each member as fast-json-stringify does for the union', () => {
    const ours = compileSerializer({ schema: Report })
    const theirs = fastJson(Report as object)
    const renderings = [{ status: 'disabled' }, { status: 'failed', reason: 'no "browser"' }, { status: 'measured', pages: [{ url: 'https://a.example/' }], ms: 12 }]
    for (const rendering of renderings) {
      const value = { score: 7, rendering, history: renderings }
      expect(ours(value)).toBe(theirs(value))
    }
  })

  test('nested tagged unions are merged for serialising only: the schema the route documents keeps its anyOf', () => {
    const merged = withMergedTaggedUnions(Report) as any
    expect(merged.properties.rendering.anyOf).toBeUndefined()
    expect(merged.properties.rendering.properties.status).toEqual({ type: 'string', enum: ['disabled', 'failed', 'measured'] })
    expect(merged.properties.rendering.required).toEqual(['status'])
    expect(merged.properties.history.items.properties.reason).toEqual({ type: 'string' })
    expect((Report.properties.rendering as any).anyOf).toHaveLength(3)
  })

  test('a union whose members disagree on a shared property, or have no constant tag, stays a union', () => {
    const clash = Type.Union([
      Type.Object({ status: Type.Literal('a'), value: Type.String() }),
      Type.Object({ status: Type.Literal('b'), value: Type.Integer() })
    ])
    const untagged = Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })])
    const schema = Type.Object({ clash, untagged })
    expect((withMergedTaggedUnions(schema) as any).properties.clash.anyOf).toHaveLength(2)
    expect((withMergedTaggedUnions(schema) as any).properties.untagged.anyOf).toHaveLength(2)
    const value = { clash: { status: 'b', value: 3 }, untagged: { b: 'x' } }
    expect(compileSerializer({ schema })(value)).toBe(fastJson(schema as object)(value))
  })
})
