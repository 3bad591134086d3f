import { describe, expect, it } from 'vitest'
import { HeaderBag } from '../../src/domain/header-bag.js'
import { otherProviderCheck, otherProviderHint, otherProviders } from '../../src/domain/provider-guess.js'

describe('otherProviders', () => {
  it('names the provider whose signature header the request carries, whatever the case of its name', () => {
    expect(otherProviders(new HeaderBag({ 'stripe-signature': 't=1,v1=ab' }), 'github')).toEqual([{ provider: 'stripe', name: 'Stripe', header: 'Stripe-Signature' }])
    expect(otherProviders(new HeaderBag({ 'SVIX-SIGNATURE': 'v1,abc' }), 'stripe').map((other) => other.provider)).toEqual(['standard-webhooks'])
    expect(otherProviders(new HeaderBag({ 'X-Hub-Signature': 'sha1=ab' }), 'generic-hmac').map((other) => other.provider)).toEqual(['github'])
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
