import { describe, expect, it } from 'vitest'
import { PROVIDERS } from '../../src/domain/providers/index.js'
import { secretFormatCheck, unquoted, wrongCredential } from '../../src/domain/secret-shape.js'

describe('secretFormatCheck', () => {
  it.each([
    ['stripe', 'sk_live_abc', 'Stripe secret API key'],
    ['stripe', 'pk_test_abc', 'Stripe publishable key'],
    ['stripe', 'rk_live_abc', 'Stripe restricted API key'],
    ['slack', 'xoxb-123-abc', 'Slack bot token'],
    ['slack', 'xoxp-123-abc', 'Slack user token'],
    ['shopify', 'shpat_abc', 'Shopify Admin API access token'],
    ['github', 'ghp_abc', 'GitHub personal access token']
  ] as const)('on %s recognises %s as %s, naming only its public prefix', (provider, secret, what) => {
    const check = secretFormatCheck(PROVIDERS[provider], secret, false)
    expect(check.status).toBe('warning')
    expect(check.detail).toContain(what)
    expect(check.detail).not.toContain(secret)
  })

  it('describes whitespace around the secret', () => {
    expect(secretFormatCheck(PROVIDERS.github, 'abc\n', false).detail).toContain('ends with a newline')
    expect(secretFormatCheck(PROVIDERS.github, ' abc', false).detail).toContain('starts with whitespace')
    expect(secretFormatCheck(PROVIDERS.github, 'abc\r\n', false).detail).toContain('ends with CRLF')
  })

  it('describes quotes around the secret, and still recognises the credential inside them', () => {
    expect(secretFormatCheck(PROVIDERS.github, '"abc"', false).detail).toContain('wrapped in quotes')
    expect(secretFormatCheck(PROVIDERS['standard-webhooks'], '"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"', false)).toMatchObject({ status: 'failed', detail: expect.stringContaining('wrapped in quotes') })
    expect(wrongCredential("'sk_live_abc'")?.what).toBe('a Stripe secret API key')
  })

  it('takes off one pair of matching quotes only', () => {
    expect(unquoted('"whsec_abc"')).toBe('whsec_abc')
    expect(unquoted(" 'abc'\n")).toBe('abc')
    expect(unquoted('"abc\'')).toBeUndefined()
    expect(unquoted('""')).toBeUndefined()
    expect(unquoted('a"b"')).toBeUndefined()
  })

  it('checks provider-specific shapes', () => {
    expect(secretFormatCheck(PROVIDERS.stripe, 'abc', false).detail).toContain('start with whsec_')
    expect(secretFormatCheck(PROVIDERS.github, 'whsec_abc', false).detail).toContain('Stripe or Standard Webhooks')
    expect(secretFormatCheck(PROVIDERS.slack, 'xyzz0WbapA4vBCDEFasx0q6G', false).detail).toContain('legacy verification token')
    expect(secretFormatCheck(PROVIDERS.slack, '8f742231b10e8888abcd99aaabbb85a5', false).status).toBe('passed')
    expect(secretFormatCheck(PROVIDERS['standard-webhooks'], 'whsec_???', false).status).toBe('failed')
    expect(secretFormatCheck(PROVIDERS['standard-webhooks'], `whsec_${Buffer.from('short').toString('base64')}`, false).detail).toContain('24 to 64 bytes')
  })

  it('passes a secret that produced the matching signature, whatever its shape', () => {
    expect(secretFormatCheck(PROVIDERS.stripe, 'sk_live_abc', true).status).toBe('passed')
    expect(secretFormatCheck(PROVIDERS['standard-webhooks'], 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', true).detail).toContain('24-byte key')
  })
})
