import { Type } from '@sinclair/typebox'
import { validate, type Schema } from '@utility-apis/fastapi-errors'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import { describe, expect, test } from 'vitest'
import { Nullable, StringEnum } from '../src/schema-types.js'

describe('Nullable and StringEnum', () => {
  test('Nullable accepts null and the type, and reports the type otherwise', () => {
    const schema = Nullable(Type.Integer({ minimum: 1 }), { description: 'n' }) as Schema
    expect(schema).toMatchObject({ type: ['integer', 'null'], minimum: 1, description: 'n' })
    expect(validate(schema, null, ['body', 'n']).issues).toEqual([])
    expect(validate(schema, 0, ['body', 'n']).issues.map((issue) => issue.type)).toEqual(['greater_than_equal'])
    expect(validate(schema, true, ['body', 'n']).issues.map((issue) => issue.type)).toEqual(['int_type'])
  })

  test('Nullable of a StringEnum takes null under a standard JSON Schema validator too (an MCP client checks answers so)', () => {
    const schema = Nullable(StringEnum(['good', 'poor']))
    const check = new AjvJsonSchemaValidator().getValidator(schema as never)
    expect([null, 'good', 'poor', 'fair'].map((value) => check(value).valid)).toEqual([true, true, true, false])
    expect(validate(schema as Schema, null, ['body', 'rating']).issues).toEqual([])
  })

  test('Nullable refuses a schema without a single type', () => {
    expect(() => Nullable(Type.Union([Type.String(), Type.Integer()]))).toThrow(/single type/)
  })

  test('StringEnum is a literal_error listing every value', () => {
    const schema = StringEnum(['hex', 'base64']) as Schema
    expect(validate(schema, 'utf8', ['body', 'encoding']).issues).toEqual([{
      type: 'literal_error', loc: ['body', 'encoding'], msg: "Input should be 'hex' or 'base64'", input: 'utf8', ctx: { expected: "'hex' or 'base64'" }
    }])
  })
})
