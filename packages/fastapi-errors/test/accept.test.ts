import { Type } from '@sinclair/typebox'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { compileAcceptor, REJECTED } from '../src/accept.js'
import { registerFormat } from '../src/schema-support.js'
import { typeOf, type Schema } from '../src/schema.js'
import { walkIssues } from '../src/validate.js'

registerFormat('even-length', (value) => value.length % 2 === 0 ? null : 'must have an even length')

// Every keyword the acceptor compiles, in the shapes our services use them.
const schemas: Record<string, Schema> = {
  webhookLike: Type.Object({
    provider: Type.Union([Type.Literal('github'), Type.Literal('stripe'), Type.Literal('generic-hmac')]),
    payload: Type.String({ maxLength: 12 }),
    headers: Type.Record(Type.String(), Type.String({ maxLength: 6 })),
    secret: Type.String({ minLength: 2, 'x-sensitive': true }),
    tolerance_seconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400 })),
    generic: Type.Optional(Type.Union([Type.Object({ header_name: Type.String({ pattern: '^[A-Za-z-]+$' }) }, { title: 'Generic' }), Type.Null()])),
    now: Type.Optional(Type.Union([Type.Integer(), Type.Null()]))
  }) as Schema,
  slaLike: Type.Object({
    operation: Type.Optional(Type.Union([Type.Literal('sla_due_at'), Type.Literal('is_business_time')])),
    minutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    ratio: Type.Optional(Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 1 })),
    flag: Type.Optional(Type.Boolean()),
    nothing: Type.Optional(Type.Null()),
    anything: Type.Optional(Type.Unknown()),
    maybe: Type.Optional(Type.Unsafe({ type: ['string', 'null'], maxLength: 3 })),
    either: Type.Optional(Type.Union([Type.String({ minLength: 3 }), Type.Integer()]))
  }) as Schema,
  taggedLike: Type.Union([
    Type.Object({ kind: Type.Literal('count'), n: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }),
    Type.Object({ kind: Type.Literal('word'), word: Type.String({ format: 'even-length' }), n: Type.Optional(Type.Integer()) })
  ], { discriminator: { propertyName: 'kind' } }) as Schema,
  batchLike: Type.Object({
    urls: Type.Array(Type.String({ format: 'uri' }), { minItems: 1, maxItems: 3 }),
    tags: Type.Optional(Type.Array(Type.Unknown()))
  }) as Schema
}

const oddValue = fc.oneof(fc.jsonValue({ maxDepth: 1 }), fc.constantFrom(1.5, -0, 1e300, '', ' ', '1', 'true', true, null, [], {}))

/** Values that are mostly near the schema (so both verdicts occur often), with arbitrary JSON mixed in at every level. */
function near (schema: Schema): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 15, arbitrary: shaped(schema) }, { weight: 1, arbitrary: oddValue })
}

function shaped (schema: Schema): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(near))
  if (schema.const !== undefined) return fc.constantFrom(schema.const, `${String(schema.const)}x`)
  switch (typeOf(schema)) {
    case 'object': {
      if (!schema.properties) {
        const values = schema.patternProperties ? Object.values(schema.patternProperties)[0] : schema.additionalProperties as Schema
        return fc.dictionary(fc.string({ maxLength: 4 }), near(values), { maxKeys: 3 })
      }
      const fields = Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, near(s)]))
      const all = schema.required ?? []
      const required = fc.oneof({ weight: 4, arbitrary: fc.constant(all) }, { weight: 1, arbitrary: fc.subarray(all) })
      const record = required.chain((keep) => fc.record(fields, { requiredKeys: keep }))
      return fc.tuple(record, fc.dictionary(fc.string({ maxLength: 3 }), oddValue, { maxKeys: 2 }))
        .map(([fieldsPart, extra]) => ({ ...extra, ...fieldsPart }))
    }
    case 'array': return fc.array(near(schema.items ?? {}), { maxLength: 5 })
    case 'string': {
      if (schema.format === 'even-length') return fc.string({ maxLength: 4 })
      if (schema.format === 'uri') return fc.oneof(fc.webUrl(), fc.constantFrom('ftp://x.test/', 'x.test', 'http://', ' ', 'https://a b/'))
      if (schema.pattern) return fc.oneof(fc.stringMatching(new RegExp(schema.pattern)), fc.string({ maxLength: 4 }))
      const unit = fc.constantFrom('a', 'é', '😀', '\ud800', ' ')
      const fitting = fc.string({ unit, minLength: schema.minLength ?? 0, maxLength: schema.maxLength ?? 10 })
      return fc.oneof({ weight: 6, arbitrary: fitting }, { weight: 1, arbitrary: fc.string({ unit, maxLength: 14 }) })
    }
    case 'integer': {
      const { minimum = -1000, maximum = 1000 } = schema
      return fc.oneof({ weight: 6, arbitrary: fc.integer({ min: minimum, max: maximum }) }, { weight: 1, arbitrary: fc.constantFrom(minimum - 1, maximum + 1, 2.0, 1.5, -0) })
    }
    case 'number': {
      const inside = fc.double({ min: Number(schema.exclusiveMinimum ?? -1e6), max: Number(schema.exclusiveMaximum ?? 1e6), noNaN: true })
      return fc.oneof({ weight: 6, arbitrary: inside }, { weight: 1, arbitrary: fc.constantFrom(0, 1, -1, 0.5, 1e300) })
    }
    case 'boolean': return fc.oneof({ weight: 6, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.constantFrom('true', 0, 1) })
    default: return oddValue
  }
}

describe('the acceptor agrees with validate', () => {
  for (const [name, schema] of Object.entries(schemas)) {
    test(`${name}: accepted exactly when validate finds no issue, with the same resulting value`, () => {
      const accept = compileAcceptor(schema)
      let accepted = 0
      let rejected = 0
      fc.assert(fc.property(near(schema), (value) => {
        const out = accept(value)
        const result = walkIssues(schema, value, ['body'], { isModelRoot: true })
        if (out === REJECTED) {
          rejected++
          expect(result.issues.length).toBeGreaterThan(0)
        } else {
          accepted++
          expect(result.issues).toEqual([])
          expect(out).toEqual(result.value)
        }
      }), { numRuns: 5000 })
      // Both verdicts must be exercised for the agreement to mean anything.
      expect(accepted).toBeGreaterThan(250)
      expect(rejected).toBeGreaterThan(250)
    })
  }

  test('extra fields are dropped from what the handler sees', () => {
    const accept = compileAcceptor(schemas.slaLike)
    expect(accept({ minutes: 5, extra: 'x' })).toEqual({ minutes: 5 })
  })

  test('string lengths count code points, as Python does', () => {
    const accept = compileAcceptor(Type.String({ minLength: 2, maxLength: 2 }) as Schema)
    expect(accept('😀😀')).toBe('😀😀')
    expect(accept('😀')).toBe(REJECTED)
    expect(accept('😀😀😀')).toBe(REJECTED)
  })
})
