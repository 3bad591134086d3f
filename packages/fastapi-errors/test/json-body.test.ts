import { describe, expect, test } from 'vitest'
import { InvalidJsonBody, locateJsonError, MAX_JSON_DEPTH, parseJsonBody, TOO_DEEP } from '../src/json-body.js'

describe('parseJsonBody', () => {
  test('valid JSON and empty bodies', () => {
    expect(parseJsonBody('{"a":[1,2]}')).toEqual({ a: [1, 2] })
    expect(parseJsonBody('')).toBeUndefined()
    expect(parseJsonBody('  \n')).toBeUndefined()
  })

  // Positions and messages are those of Python's json module, which FastAPI reports.
  test.each([
    ['{"a":', 5, 'Expecting value'],
    ['{bad}', 1, 'Expecting property name enclosed in double quotes'],
    ['{"a":1} x', 8, 'Extra data'],
    ['{"a":}', 5, 'Expecting value'],
    ['{"a" 1}', 5, "Expecting ':' delimiter"],
    ['{"a":1 "b":2}', 7, "Expecting ',' delimiter"],
    ['[1 2]', 3, "Expecting ',' delimiter"],
    ['"abc', 0, 'Unterminated string starting at'],
    ['{"a":"\u0001"}', 6, 'Invalid control character at'],
    ['nul', 0, 'Expecting value']
  ])('%j fails at %i with %s', (text, position, error) => {
    const parsed = parseJsonBody(text)
    expect(parsed).toBeInstanceOf(InvalidJsonBody)
    expect(parsed).toEqual(new InvalidJsonBody(position, error))
    expect(locateJsonError(text)).toEqual([position, error])
  })
})

describe('nesting is bounded', () => {
  const nested = (depth: number, inner = '1') => '['.repeat(depth) + inner + ']'.repeat(depth)

  test(`${MAX_JSON_DEPTH} levels parse; one more is json_invalid at the bracket that opens it`, () => {
    expect(parseJsonBody(nested(MAX_JSON_DEPTH))).toBeInstanceOf(Array)
    expect(parseJsonBody(nested(MAX_JSON_DEPTH + 1))).toEqual(new InvalidJsonBody(MAX_JSON_DEPTH, TOO_DEEP))
    expect(parseJsonBody(`{"a":"[[[","b":${nested(MAX_JSON_DEPTH)}}`)).toEqual(new InvalidJsonBody(78, TOO_DEEP))
  })

  test('100,000 levels, valid or broken, are answered without exhausting the stack', () => {
    expect(parseJsonBody(nested(100_000))).toEqual(new InvalidJsonBody(MAX_JSON_DEPTH, TOO_DEEP))
    expect(parseJsonBody('{"a":'.repeat(100_000))).toEqual(new InvalidJsonBody(5 * MAX_JSON_DEPTH, TOO_DEEP))
  })
})
