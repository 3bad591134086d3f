import { describe, expect, it } from 'vitest'
import { PROVIDERS } from '../../src/domain/providers/index.js'
import { secretVariants } from '../../src/domain/secret-variants.js'

const codes = (...args: Parameters<typeof secretVariants>) => secretVariants(...args).map((variant) => variant.code)

describe('secretVariants', () => {
  it('offers a trimmed secret when there is whitespace', () => {
    expect(codes(PROVIDERS.github, 'abc\n')).toEqual(['secret_trimmed'])
    expect(codes(PROVIDERS.github, 'abc')).toEqual([])
  })

  it('offers the secret without quotes around it, keyed the provider\'s way', () => {
    expect(codes(PROVIDERS.github, '"abc"')).toEqual(['secret_unquoted'])
    expect(codes(PROVIDERS.github, '"abc"\n')).toEqual(['secret_trimmed', 'secret_unquoted'])
    const unquoted = secretVariants(PROVIDERS['standard-webhooks'], '"whsec_YWJjZGVm"').find((variant) => variant.code === 'secret_unquoted')
    expect(unquoted?.key).toEqual(Buffer.from('abcdef'))
  })

  it('offers the whsec_ handlings per provider', () => {
    expect(codes(PROVIDERS.stripe, 'abc')).toEqual(['secret_with_whsec'])
    expect(codes(PROVIDERS.stripe, 'whsec_YWJjZGVm')).toEqual(['secret_without_whsec', 'secret_base64_key'])
    expect(codes(PROVIDERS['standard-webhooks'], 'whsec_YWJjZGVm')).toEqual(['secret_verbatim', 'secret_raw'])
  })

  it('offers decoded keys for generic-hmac', () => {
    expect(codes(PROVIDERS['generic-hmac'], '00112233445566778899aabbccddeeff')).toEqual(['secret_hex_decoded'])
    expect(codes(PROVIDERS['generic-hmac'], Buffer.from('sixteen byte key').toString('base64'))).toEqual(['secret_base64_decoded'])
  })

  it('uses the provider key for a trimmed Standard Webhooks secret', () => {
    const [trimmed] = secretVariants(PROVIDERS['standard-webhooks'], ' whsec_YWJjZGVm\n')
    expect(trimmed).toMatchObject({ code: 'secret_trimmed', key: Buffer.from('abcdef') })
  })
})
