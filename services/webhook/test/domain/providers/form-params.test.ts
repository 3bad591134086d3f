import { describe, expect, it } from 'vitest'
import { formParamsCost, formParamsOnce, signedFormParams } from '../../../src/domain/providers/form-params.js'

describe('signedFormParams', () => {
  it('writes each name and value, names in code-unit order, the distinct values of a repeated name sorted', () => {
    expect(signedFormParams('b=2&a=1&B=3&a=0&a=1')).toBe('B3a0a1b2')
  })

  it('decodes as a form parser does: + is a space, percent escapes are UTF-8', () => {
    expect(signedFormParams(Buffer.from('Body=Hello+w%C3%B6rld&To=%2B15551234567'))).toBe('BodyHello wörldTo+15551234567')
  })

  it('reads the same parameters from the payload and from its bytes, and a new body anew', () => {
    const params = formParamsOnce()
    expect(params('b=2&a=1')).toBe('a1b2')
    expect(params(Buffer.from('b=2&a=1'))).toBe('a1b2')
    expect(params('c=3')).toBe('c3')
  })
})

describe('formParamsCost', () => {
  it('counts a form by its parameters, not its bytes', () => {
    expect(formParamsCost(Buffer.from('a=' + 'x'.repeat(10_000)))).toBe(formParamsCost(Buffer.from('a=1')))
    expect(formParamsCost(Buffer.from('a=1&b=2&c=3'))).toBe(3 * formParamsCost(Buffer.from('a=1')))
  })
})
