import { describe, expect, it } from 'vitest'
import { detectProvider } from '../../src/domain/detect.js'
import { HeaderBag } from '../../src/domain/header-bag.js'
import type { Provider } from '../../src/domain/provider.js'
import { replayTestVectors } from '../../src/domain/replay-vectors.js'
import { PROVIDER_IDS, PROVIDERS } from '../../src/domain/providers/index.js'
import { verifyWebhook } from '../../src/domain/verify.js'
import { checkNamed } from '../helpers/checks.js'
import { delivery } from '../helpers/deliveries.js'
import { NOW } from '../helpers/sign.js'

const BODY = '{"id":"evt_1"}'
const detect = (headers: Record<string, string>, payload = BODY) => detectProvider(new HeaderBag(headers), payload)

describe('detectProvider', () => {
  // Each provider's demo delivery carries the headers its sender sends, signature and telltales alike.
  it.each(PROVIDER_IDS.filter((id) => PROVIDERS[id].detection !== undefined))('recognises a %s delivery, and verifies it', (provider) => {
    for (const vector of replayTestVectors(PROVIDERS[provider])) {
      expect(detect(vector.headers, vector.payload)).toMatchObject({ provider, check: { name: 'provider_detection', status: 'passed' } })
      const result = verifyWebhook({ ...vector, provider: 'auto' }, 0)
      expect(result).toMatchObject({ valid: true, provider })
      expect(checkNamed(result, 'provider_detection').detail).toMatch(/gives? away/)
    }
  })

  it('never detects generic-hmac', () => {
    expect(detect(delivery('generic-hmac', BODY).headers).provider).toBeUndefined()
  })

  it.each(['airwallex', 'tebex'] as const)('never guesses %s from its common X-Signature header', (provider) => {
    const found = detect(delivery(provider, BODY).headers)
    expect(found.provider).toBeUndefined()
    expect(found.candidates).toEqual([])
    expect(verifyWebhook({ ...delivery(provider, BODY), provider: 'auto' }, NOW).reason).toBe('provider_not_detected')
  })

  it('refuses two providers\' signatures, naming both', () => {
    const headers = { ...delivery('stripe', BODY).headers, ...delivery('github', BODY).headers }
    const found = detect(headers)
    expect(found.provider).toBeUndefined()
    expect(found.candidates).toEqual(['github', 'stripe'])
    expect(found.check.detail).toContain('more than one provider fits')
    const result = verifyWebhook({ ...delivery('stripe', BODY), headers, provider: 'auto' }, NOW)
    expect(result).toMatchObject({ valid: false, provider: 'auto', reason: 'provider_not_detected', matched_secret_index: null })
    expect(result.raw_body_hints[0].summary).toBe('The sender was not recognised from the headers')
  })

  it('lets a telltale header settle a tie', () => {
    const headers = { ...delivery('stripe', BODY).headers, ...delivery('github', BODY).headers, 'X-GitHub-Event': 'push' }
    expect(detect(headers)).toMatchObject({ provider: 'github', candidates: ['github', 'stripe'] })
    expect(detect(headers).check.detail).toContain('also possible from the signature alone: stripe')
  })

  it('says nothing was recognised', () => {
    const found = detect({ 'Content-Type': 'application/json', 'X-Signature': 'abc' })
    expect(found.provider).toBeUndefined()
    expect(found.candidates).toEqual([])
    expect(found.check.detail).toContain('no provider\'s signature header or body shape')
  })
})

// The thirty providers before the long tail: their deliveries must be detected exactly as before, by no new candidate.
const FIRST_THIRTY = [
  'github', 'slack', 'stripe', 'shopify', 'generic-hmac', 'standard-webhooks', 'paddle', 'linear', 'zoom', 'bitbucket', 'jira',
  'razorpay', 'coinbase-commerce', 'typeform', 'calendly', 'mux', 'sentry', 'twitch', 'woocommerce', 'intercom', 'vercel',
  'gitlab', 'discord', 'sendgrid', 'twilio', 'square', 'hubspot', 'plaid', 'mailgun', 'adyen'
] as const

describe('detectProvider across the long tail', () => {
  it.each(FIRST_THIRTY.filter((id) => id !== 'generic-hmac'))('gives a %s delivery no candidate among the providers added since', (provider) => {
    for (const vector of replayTestVectors(PROVIDERS[provider])) {
      const found = detect(vector.headers, vector.payload)
      expect(found.provider).toBe(provider)
      expect(found.candidates.filter((id) => !(FIRST_THIRTY as readonly string[]).includes(id))).toEqual([])
    }
  })

  const added = PROVIDER_IDS.filter((id) => !(FIRST_THIRTY as readonly string[]).includes(id) && PROVIDERS[id].detection !== undefined)
  it.each(added)('recognises a %s delivery as its only candidate', (provider) => {
    for (const vector of replayTestVectors(PROVIDERS[provider])) {
      expect(detect(vector.headers, vector.payload).candidates).toEqual([provider])
    }
  })
})

describe('detectProvider with the body-shape providers', () => {
  it.each(['mailgun', 'adyen'] as const)('recognises %s by its body alone, and says so', (provider) => {
    const sent = delivery(provider, BODY)
    const found = detectProvider(new HeaderBag(sent.headers), sent.payload)
    expect(found).toMatchObject({ provider, candidates: [provider] })
    expect(found.check.detail).toBe(`the body shape (${PROVIDERS[provider].info.signed_content.split(';')[0]}) gives away ${PROVIDERS[provider].info.name}`)
    expect(verifyWebhook({ ...sent, provider: 'auto' }, NOW)).toMatchObject({ valid: true, provider })
  })

  it('recognises a legacy Mailgun form post by its fields', () => {
    const form = 'timestamp=1700000000&token=abc&signature=' + 'ab'.repeat(32) + '&event=delivered'
    expect(detect({ 'Content-Type': 'application/x-www-form-urlencoded' }, form).provider).toBe('mailgun')
  })

  it('refuses a Mailgun body beside another provider\'s signature header', () => {
    const sent = delivery('mailgun', BODY)
    const found = detectProvider(new HeaderBag(delivery('stripe', BODY).headers), sent.payload)
    expect(found.provider).toBeUndefined()
    expect(found.candidates).toEqual(['stripe', 'mailgun'])
  })

  it('does not take a body that merely mentions the shapes for them', () => {
    expect(detect({}, '{"note":"signature": {"}').candidates).toEqual([])
    expect(detect({}, '{"signature": {').candidates).toEqual([])
    expect(detect({}, '{"signature":{"signature":"ab"}}').candidates).toEqual([])
    expect(detect({}, 'notificationItems').candidates).toEqual([])
  })

  it('takes a body test that throws for a no', () => {
    const throwing: Provider = { ...PROVIDERS.github, detection: { headers: [], body: () => { throw new Error('unexpected body') } } }
    expect(detectProvider(new HeaderBag({}), BODY, [throwing]).candidates).toEqual([])
  })
})
