import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { layout, tokenize } from '../../src/domain/json-layout.js'

describe('json-layout', () => {
  it('tokenizes objects and arrays only', () => {
    expect(tokenize('{"a": [1, true, null]}')).toEqual(['{', '"a"', ':', '[', '1', ',', 'true', ',', 'null', ']', '}'])
    for (const notADocument of ['1', '"x"', 'null', '{', '{"a":1} x', '']) expect(tokenize(notADocument)).toBeUndefined()
  })

  it('writes pretty and compact JSON exactly as JSON.stringify does', () => {
    fc.assert(fc.property(fc.oneof(fc.array(fc.jsonValue()), fc.dictionary(fc.string(), fc.jsonValue())), (value) => {
      const tokens = tokenize(JSON.stringify(value, null, 3)) as string[]
      expect(layout(tokens, 'pretty', 'as-is')).toBe(JSON.stringify(value, null, 2))
      expect(layout(tokens, 'compact', 'as-is')).toBe(JSON.stringify(value))
    }), { numRuns: 500 })
  })

  it('keeps numbers as written, key order and duplicate keys, which JSON.parse would lose', () => {
    const text = '{"id":820982911946154508,"2":1.0,"1":2,"a":1,"a":2}'
    expect(layout(tokenize(text) as string[], 'compact', 'as-is')).toBe(text)
  })

  it("writes Python's json.dumps layout with non-ASCII escaped", () => {
    // json.dumps({"name": "Zoë", "tags": ["a/b", "日"], "n": None}) in CPython 3.11
    expect(layout(tokenize('{"name":"Zoë","tags":["a/b","日"],"n":null}') as string[], 'python', 'ascii'))
      .toBe('{"name": "Zo\\u00eb", "tags": ["a/b", "\\u65e5"], "n": null}')
  })

  it('adds the escapes Shopify and PHP use', () => {
    const tokens = tokenize('{"url":"https://x.io/a?b=1&c=<d>","name":"Zoë"}') as string[]
    expect(layout(tokens, 'compact', 'html')).toBe('{"url":"https:\\/\\/x.io\\/a?b=1\\u0026c=\\u003cd\\u003e","name":"Zoë"}')
    expect(layout(tokens, 'compact', 'unicode')).toBe('{"url":"https:\\/\\/x.io\\/a?b=1&c=<d>","name":"Zo\\u00eb"}')
  })

  it('normalises string escapes to JSON.stringify\'s in canonical style', () => {
    expect(layout(tokenize('["\\u00e9\\/x"]') as string[], 'compact', 'canonical')).toBe('["é/x"]')
  })

  it('handles a deeply nested document without recursion', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    expect(() => tokenize(deep)).not.toThrow()
  })
})
