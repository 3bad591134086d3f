import { describe, expect, it } from 'vitest'
import { HeaderBag } from '../../src/domain/header-bag.js'
import { headerFindings, otherProviderCheck, otherProviderHint, otherProviders } from '../../src/domain/header-findings.js'
import { PROVIDERS } from '../../src/domain/providers/index.js'

describe('otherProviders', () => {
  it('names the provider whose signature header the request carries, whatever the case of its name', () => {
    expect(otherProviders(new HeaderBag({ 'stripe-signature': 't=1,v1=ab' }), 'github')).toEqual([{ provider: 'stripe', name: 'Stripe', header: 'Stripe-Signature' }])
    expect(otherProviders(new HeaderBag({ 'SVIX-SIGNATURE': 'v1,abc' }), 'stripe').map((other) => other.provider)).toEqual(['standard-webhooks'])
    expect(otherProviders(new HeaderBag({ 'X-Hub-Signature': 'sha1=ab' }), 'generic-hmac').map((other) => other.provider)).toEqual(['github', 'bitbucket', 'jira', 'intercom'])
  })

  it('never names the chosen provider, generic-hmac, or a provider for unrelated headers', () => {
    expect(otherProviders(new HeaderBag({ 'Stripe-Signature': 't=1,v1=ab' }), 'stripe')).toEqual([])
    expect(otherProviders(new HeaderBag({ 'X-Signature': 'ab', 'Content-Type': 'application/json' }), 'github')).toEqual([])
  })

  it('lists every provider whose header is present', () => {
    const others = otherProviders(new HeaderBag({ 'X-Slack-Signature': 'v0=ab', 'X-Shopify-Hmac-Sha256': 'YQ==' }), 'github')
    expect(others.map((other) => other.provider)).toEqual(['slack', 'shopify'])
    expect(otherProviderCheck(others).detail).toContain('"provider": "slack" or "provider": "shopify"')
  })
})

describe('otherProviderCheck and otherProviderHint', () => {
  it('say which provider to verify with', () => {
    const others = [{ provider: 'stripe' as const, name: 'Stripe', header: 'Stripe-Signature' }]
    expect(otherProviderCheck(others)).toEqual({
      name: 'other_provider_headers',
      status: 'warning',
      detail: 'the headers carry Stripe-Signature (Stripe): this delivery looks like Stripe\'s; verify it with "provider": "stripe"'
    })
    expect(otherProviderHint(others, 'GitHub')).toEqual({
      framework: 'any',
      summary: 'The headers are Stripe\'s, not GitHub\'s',
      detail: 'They carry Stripe-Signature and not GitHub\'s signature header: verify with "provider": "stripe" and that provider\'s signing secret.'
    })
  })
})

describe('headerFindings', () => {
  it('names the headers whose values carry quotes, never their values', () => {
    const headers = new HeaderBag({ 'Stripe-Signature': '"t=1700000000,v1=abc"', 'Content-Type': 'application/json' })
    const { checks, hints } = headerFindings(headers, PROVIDERS.stripe, 'missing_timestamp')
    expect(checks).toEqual([{ name: 'quoted_header_values', status: 'warning', detail: expect.stringMatching(/^Stripe-Signature is wrapped in quotes/) }])
    expect(checks[0].detail).not.toContain('1700000000')
    expect(hints.map((hint) => hint.summary)).toEqual(['Header values are wrapped in quotes'])
  })

  it('looks only at the headers that carry signatures, timestamps and ids', () => {
    const headers = new HeaderBag({ ETag: '"33a64df5"', 'X-Slack-Request-Timestamp': '"1531420618"', 'X-My-Sig': "'ab'" })
    expect(headerFindings(headers, PROVIDERS.slack, 'invalid_timestamp').checks[0].detail).toMatch(/^X-Slack-Request-Timestamp is wrapped/)
    expect(headerFindings(headers, PROVIDERS['generic-hmac'], 'malformed_signature_header', { header_name: 'x-my-sig', encoding: 'hex' }).checks[0].detail)
      .toMatch(/^X-Slack-Request-Timestamp, X-My-Sig are wrapped/)
    expect(headerFindings(new HeaderBag({ ETag: '"33a64df5"' }), PROVIDERS.github, 'missing_signature_header').checks).toEqual([])
  })

  it('finds nothing when the provider read its signature', () => {
    const headers = new HeaderBag({ 'X-Hub-Signature-256': "'sha256=ab'", 'Stripe-Signature': 't=1,v1=ab' })
    expect(headerFindings(headers, PROVIDERS.github, undefined)).toEqual({ checks: [], hints: [] })
  })

  it('puts the other provider before the quotes', () => {
    const headers = new HeaderBag({ 'Stripe-Signature': '"t=1,v1=ab"' })
    expect(headerFindings(headers, PROVIDERS.github, 'missing_signature_header').checks.map((item) => item.name)).toEqual(['other_provider_headers', 'quoted_header_values'])
  })
})
