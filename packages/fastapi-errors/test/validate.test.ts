import { Type } from '@sinclair/typebox'
import { describe, expect, test } from 'vitest'
import { registerFormat, UnsupportedSchemaError } from '../src/schema-support.js'
import type { Schema } from '../src/schema.js'
import { validate, valueError } from '../src/validate.js'

// Expected bodies are written from pydantic v2 / FastAPI behaviour (pydantic-core's error types and messages), not from our output.
const Body = Type.Object({
  provider: Type.Union([Type.Literal('github'), Type.Literal('slack'), Type.Literal('stripe')]),
  secret: Type.String({ minLength: 1, 'x-sensitive': true }),
  name: Type.Optional(Type.String({ minLength: 2, maxLength: 5 })),
  code: Type.Optional(Type.String({ pattern: '^[a-z]+$' })),
  minutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
  ratio: Type.Optional(Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 1 })),
  flag: Type.Optional(Type.Boolean()),
  tags: Type.Optional(Type.Array(Type.String())),
  headers: Type.Optional(Type.Record(Type.String(), Type.String(), { 'x-sensitive': true })),
  url: Type.Optional(Type.String({ format: 'uri' })),
  generic: Type.Optional(Type.Union([Type.Object({ header_name: Type.String() }, { title: 'GenericOptions' }), Type.Null()])),
  when: Type.Optional(Type.Union([Type.Integer(), Type.Null()]))
})

const check = (value: unknown) => validate(Body as unknown as Schema, value, ['body'], { isModelRoot: true }).issues
const base = { provider: 'github', secret: 's' }

describe('pydantic v2 error types', () => {
  test('missing fields, in field order, without echoing the parent object', () => {
    expect(check({})).toEqual([
      { type: 'missing', loc: ['body', 'provider'], msg: 'Field required' },
      { type: 'missing', loc: ['body', 'secret'], msg: 'Field required' }
    ])
  })

  test('a body that is not an object', () => {
    expect(check([1])).toEqual([{
      type: 'model_attributes_type', loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', input: [1]
    }])
  })

  test('literal_error lists every allowed value', () => {
    expect(check({ ...base, provider: 'gitlab' })).toEqual([{
      type: 'literal_error',
      loc: ['body', 'provider'],
      msg: "Input should be 'github', 'slack' or 'stripe'",
      input: 'gitlab',
      ctx: { expected: "'github', 'slack' or 'stripe'" }
    }])
  })

  test('string_too_short on a secret never echoes the input', () => {
    expect(check({ ...base, secret: '' })).toEqual([{
      type: 'string_too_short', loc: ['body', 'secret'], msg: 'String should have at least 1 character', ctx: { min_length: 1 }
    }])
  })

  test('string_too_short / string_too_long pluralise like pydantic', () => {
    expect(check({ ...base, name: 'a' })).toEqual([{
      type: 'string_too_short', loc: ['body', 'name'], msg: 'String should have at least 2 characters', input: 'a', ctx: { min_length: 2 }
    }])
    expect(check({ ...base, name: 'abcdef' })).toEqual([{
      type: 'string_too_long', loc: ['body', 'name'], msg: 'String should have at most 5 characters', input: 'abcdef', ctx: { max_length: 5 }
    }])
  })

  test('lengths count code points, as Python does', () => {
    expect(check({ ...base, name: '😀😀' })).toEqual([])
  })

  test('string_pattern_mismatch', () => {
    expect(check({ ...base, code: 'A1' })).toEqual([{
      type: 'string_pattern_mismatch', loc: ['body', 'code'], msg: "String should match pattern '^[a-z]+$'", input: 'A1', ctx: { pattern: '^[a-z]+$' }
    }])
  })

  test('string_type: no coercion of numbers or null', () => {
    expect(check({ ...base, name: 123 })).toEqual([{ type: 'string_type', loc: ['body', 'name'], msg: 'Input should be a valid string', input: 123 }])
    expect(check({ ...base, name: null })).toEqual([{ type: 'string_type', loc: ['body', 'name'], msg: 'Input should be a valid string', input: null }])
  })

  test('integer errors: int_type, int_parsing, int_from_float', () => {
    expect(check({ ...base, minutes: '60' })).toEqual([{ type: 'int_type', loc: ['body', 'minutes'], msg: 'Input should be a valid integer', input: '60' }])
    expect(check({ ...base, minutes: 'sixty' })).toEqual([{
      type: 'int_parsing', loc: ['body', 'minutes'], msg: 'Input should be a valid integer, unable to parse string as an integer', input: 'sixty'
    }])
    expect(check({ ...base, minutes: 1.5 })).toEqual([{
      type: 'int_from_float', loc: ['body', 'minutes'], msg: 'Input should be a valid integer, got a number with a fractional part', input: 1.5
    }])
    expect(check({ ...base, minutes: null })).toEqual([{ type: 'int_type', loc: ['body', 'minutes'], msg: 'Input should be a valid integer', input: null }])
    expect(check({ ...base, minutes: true })).toEqual([{ type: 'int_type', loc: ['body', 'minutes'], msg: 'Input should be a valid integer', input: true }])
  })

  test('bounds: greater_than_equal, less_than_equal, greater_than, less_than', () => {
    expect(check({ ...base, minutes: -1 })).toEqual([{
      type: 'greater_than_equal', loc: ['body', 'minutes'], msg: 'Input should be greater than or equal to 0', input: -1, ctx: { ge: 0 }
    }])
    expect(check({ ...base, minutes: 10_000_001 })).toEqual([{
      type: 'less_than_equal', loc: ['body', 'minutes'], msg: 'Input should be less than or equal to 10000000', input: 10_000_001, ctx: { le: 10_000_000 }
    }])
    expect(check({ ...base, ratio: 0 })).toEqual([{ type: 'greater_than', loc: ['body', 'ratio'], msg: 'Input should be greater than 0', input: 0, ctx: { gt: 0 } }])
    expect(check({ ...base, ratio: 1 })).toEqual([{ type: 'less_than', loc: ['body', 'ratio'], msg: 'Input should be less than 1', input: 1, ctx: { lt: 1 } }])
  })

  test('bool_type and bool_parsing', () => {
    expect(check({ ...base, flag: 1 })).toEqual([{ type: 'bool_type', loc: ['body', 'flag'], msg: 'Input should be a valid boolean', input: 1 }])
    expect(check({ ...base, flag: 'maybe' })).toEqual([{
      type: 'bool_parsing', loc: ['body', 'flag'], msg: 'Input should be a valid boolean, unable to interpret input', input: 'maybe'
    }])
  })

  test('list_type and item locations', () => {
    expect(check({ ...base, tags: 'a' })).toEqual([{ type: 'list_type', loc: ['body', 'tags'], msg: 'Input should be a valid list', input: 'a' }])
    expect(check({ ...base, tags: ['a', 2] })).toEqual([{ type: 'string_type', loc: ['body', 'tags', 1], msg: 'Input should be a valid string', input: 2 }])
  })

  test('dict_type for a map, and sensitive maps never echo input', () => {
    expect(check({ ...base, headers: 'x' })).toEqual([{ type: 'dict_type', loc: ['body', 'headers'], msg: 'Input should be a valid dictionary' }])
    expect(check({ ...base, headers: { 'X-Sig': 5 } })).toEqual([{ type: 'string_type', loc: ['body', 'headers', 'X-Sig'], msg: 'Input should be a valid string' }])
  })

  test('model_type for a nested model; null allowed where optional', () => {
    expect(check({ ...base, generic: 'x' })).toEqual([{
      type: 'model_type', loc: ['body', 'generic'], msg: 'Input should be a valid dictionary or instance of GenericOptions', input: 'x', ctx: { class_name: 'GenericOptions' }
    }])
    expect(check({ ...base, generic: null, when: null })).toEqual([])
    expect(check({ ...base, when: 'x' })).toEqual([{
      type: 'int_parsing', loc: ['body', 'when'], msg: 'Input should be a valid integer, unable to parse string as an integer', input: 'x'
    }])
  })

  test('url_parsing and url_scheme', () => {
    expect(check({ ...base, url: 'example' })).toEqual([{
      type: 'url_parsing', loc: ['body', 'url'], msg: 'Input should be a valid URL, relative URL without a base', input: 'example', ctx: { error: 'relative URL without a base' }
    }])
    expect(check({ ...base, url: 'ftp://example.com/' })).toEqual([{
      type: 'url_scheme', loc: ['body', 'url'], msg: "URL scheme should be 'http' or 'https'", input: 'ftp://example.com/', ctx: { expected_schemes: "'http' or 'https'" }
    }])
  })

  test('every error is reported, extras are ignored and dropped', () => {
    const result = validate(Body as unknown as Schema, { provider: 'x', secret: '', extra: 1 }, ['body'], { isModelRoot: true })
    expect(result.issues.map((i) => i.type)).toEqual(['literal_error', 'string_too_short'])
    expect(validate(Body as unknown as Schema, { ...base, extra: 1 }, ['body'], { isModelRoot: true }).value).toEqual(base)
  })

  test('query strings are parsed as pydantic does for text inputs', () => {
    const Query = Type.Object({ year: Type.Integer({ minimum: 1971 }), full: Type.Optional(Type.Boolean()) }) as unknown as Schema
    expect(validate(Query, { year: '2026', full: 'true' }, ['query'], { coerceScalars: true })).toEqual({ value: { year: 2026, full: true }, issues: [] })
    expect(validate(Query, { year: '1970' }, ['query'], { coerceScalars: true }).issues).toEqual([{
      type: 'greater_than_equal', loc: ['query', 'year'], msg: 'Input should be greater than or equal to 1971', input: '1970', ctx: { ge: 1971 }
    }])
  })
})

describe('only what is implemented compiles', () => {
  test.each([
    ['uniqueItems', Type.Array(Type.String(), { uniqueItems: true })],
    ['$ref', Type.Object({ a: Type.Ref('Other') })],
    ['oneOf without a discriminator', { oneOf: [Type.String(), Type.Integer()] }],
    ['an unregistered format', Type.String({ format: 'email' })],
    ['a pattern that leaves dict keys unchecked', Type.Record(Type.String({ pattern: '^a' }), Type.String())],
    ['a member without its tag', { anyOf: [Type.Object({ kind: Type.Literal('a') }), Type.Object({})], discriminator: { propertyName: 'kind' } }]
  ])('%s throws when the schema is used', (_name, schema) => {
    expect(() => validate(schema as Schema, {}, ['body'])).toThrow(UnsupportedSchemaError)
  })

  test('annotations and x- extensions are accepted', () => {
    const schema = Type.String({ description: 'd', examples: ['a'], default: 'a', 'x-sensitive': true }) as Schema
    expect(validate(schema, 'a', ['body']).issues).toEqual([])
  })
})

describe('tagged unions (a discriminator)', () => {
  const schema = Type.Union([
    Type.Object({ op: Type.Literal('add'), n: Type.Integer(), zone: Type.String() }),
    Type.Object({ op: Type.Literal('flip'), flag: Type.Boolean(), zone: Type.String() })
  ], { discriminator: { propertyName: 'op' } }) as Schema

  test('the named member is validated, at the flat field names', () => {
    expect(validate(schema, { op: 'flip', flag: 1, zone: 'UTC' }, ['body']).issues)
      .toEqual([{ type: 'bool_type', loc: ['body', 'flag'], msg: 'Input should be a valid boolean', input: 1 }])
    expect(validate(schema, { op: 'add', n: 2, zone: 'UTC' }, ['body'])).toEqual({ value: { op: 'add', n: 2, zone: 'UTC' }, issues: [] })
  })

  test('an unknown or missing tag is a literal_error, with the fields every member shares', () => {
    expect(validate(schema, { op: 'mul', zone: 5 }, ['body']).issues).toEqual([
      { type: 'literal_error', loc: ['body', 'op'], msg: "Input should be 'add' or 'flip'", input: 'mul', ctx: { expected: "'add' or 'flip'" } },
      { type: 'string_type', loc: ['body', 'zone'], msg: 'Input should be a valid string', input: 5 }
    ])
    expect(validate(schema, { zone: 'UTC' }, ['body']).issues).toEqual([{ type: 'missing', loc: ['body', 'op'], msg: 'Field required' }])
  })

  test('a body that is not an object', () => {
    expect(validate(schema, [], ['body'], { isModelRoot: true }).issues.map((issue) => issue.type)).toEqual(['model_attributes_type'])
  })
})

describe('closed models, formats and value errors', () => {
  test('additionalProperties: false reports each extra field as extra_forbidden', () => {
    const schema = Type.Object({ mon: Type.Optional(Type.String()) }, { additionalProperties: false }) as Schema
    expect(validate(schema, { monday: 'x', mon: 'y' }, ['body', 'schedule']).issues).toEqual([
      { type: 'extra_forbidden', loc: ['body', 'schedule', 'monday'], msg: 'Extra inputs are not permitted', input: 'x' }
    ])
  })

  test('extra fields come after the named fields\' errors, at any depth, and x-sensitive-extras keeps their values out', () => {
    const inner = Type.Object({ hours: Type.Integer() }, { additionalProperties: false })
    const schema = Type.Object({ minutes: Type.Integer(), inner }, { additionalProperties: false, 'x-sensitive-extras': true }) as Schema
    expect(validate(schema, { secrte: 's3cr3t', minutes: 'x', inner: { hourz: 1, hours: 2 } }, ['body']).issues).toEqual([
      { type: 'int_parsing', loc: ['body', 'minutes'], msg: 'Input should be a valid integer, unable to parse string as an integer', input: 'x' },
      { type: 'extra_forbidden', loc: ['body', 'inner', 'hourz'], msg: 'Extra inputs are not permitted', input: 1 },
      { type: 'extra_forbidden', loc: ['body', 'secrte'], msg: 'Extra inputs are not permitted' }
    ])
  })

  test('a registered format reports a value_error with its message, after the pattern', () => {
    registerFormat('odd-digits', (value) => value.length % 2 === 1 ? null : `${value} has an even number of digits`)
    const schema = Type.String({ pattern: '^\\d+$', format: 'odd-digits' }) as Schema
    expect(validate(schema, '123', ['query', 'n']).issues).toEqual([])
    expect(validate(schema, '12', ['query', 'n']).issues).toEqual([valueError(['query', 'n'], '12', '12 has an even number of digits')])
    expect(validate(schema, 'ab', ['query', 'n']).issues.map((issue) => issue.type)).toEqual(['string_pattern_mismatch'])
  })

  test("valueError is pydantic's value_error, with the message as ctx.error", () => {
    expect(valueError(['body', 'x'], 3, 'must be odd')).toEqual({
      type: 'value_error', loc: ['body', 'x'], msg: 'Value error, must be odd', input: 3, ctx: { error: 'must be odd' }
    })
  })
})

describe('lists, as pydantic-core validates them', () => {
  const Tags = Type.Object({ tags: Type.Array(Type.String(), { minItems: 2, maxItems: 3 }) })
  const tagIssues = (tags: unknown) => validate(Tags as unknown as Schema, { tags }, ['body'], { isModelRoot: true }).issues

  test('a list longer than allowed is one too_long, its items unread', () => {
    expect(tagIssues([1, 2, 3, 4])).toEqual([{
      type: 'too_long',
      loc: ['body', 'tags'],
      msg: 'List should have at most 3 items after validation, not 4',
      input: [1, 2, 3, 4],
      ctx: { field_type: 'List', max_length: 3, actual_length: 4 }
    }])
  })

  test('a list with bad items is those items\' errors, whatever its length', () => {
    expect(tagIssues([1])).toEqual([{ type: 'string_type', loc: ['body', 'tags', 0], msg: 'Input should be a valid string', input: 1 }])
    expect(tagIssues(['a'])).toMatchObject([{ type: 'too_short', loc: ['body', 'tags'], ctx: { min_length: 2, actual_length: 1 } }])
  })
})

describe('a 422 stays small whatever the body holds', () => {
  const Numbers = Type.Object({ values: Type.Array(Type.Integer()) }, { additionalProperties: false })
  const issuesOf = (value: unknown) => validate(Numbers as unknown as Schema, value, ['body'], { isModelRoot: true }).issues

  test('a million bad items: the first 1000 issues, then one counting the other 999,000', () => {
    const issues = issuesOf({ values: new Array(1_000_000).fill('x') })
    expect(issues).toHaveLength(1001)
    expect(issues[999]).toMatchObject({ type: 'int_parsing', loc: ['body', 'values', 999] })
    expect(issues[1000]).toEqual({
      type: 'too_many_errors',
      loc: ['body'],
      msg: '999000 more errors not listed: a response lists the first 1000',
      ctx: { listed: 1000, not_listed: 999_000 }
    })
  })

  test('issues of every kind are counted past the bound: extra fields, missing ones, members of a union', () => {
    const extras = Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`extra${i}`, i]))
    expect(issuesOf({ ...extras }).at(-1)).toMatchObject({ type: 'too_many_errors', ctx: { listed: 1000, not_listed: 501 } })
    const Union = Type.Object({ either: Type.Union([Type.Array(Type.Integer()), Type.Integer()]) })
    const union = validate(Union as unknown as Schema, { either: new Array(1200).fill('x') }, ['body']).issues
    expect(union.at(-1)).toMatchObject({ type: 'too_many_errors', ctx: { listed: 1000, not_listed: 200 } })
  })

  test('an input of more than 200 characters is echoed cut, and says it was', () => {
    const Name = Type.Object({ name: Type.String({ maxLength: 5 }) })
    const [issue] = validate(Name as unknown as Schema, { name: 'n'.repeat(1_200_000) }, ['body']).issues
    expect(issue.input).toBe(`${'n'.repeat(200)}...[truncated: 1200000 characters]`)
    expect(valueError(['body', 'name'], 'v'.repeat(300), 'too long').input).toBe(`${'v'.repeat(200)}...[truncated: 300 characters]`)
  })
})
