import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { NOW, timestampedList } from '../../helpers/sign.js'

const spec: SuiteSpec = {
  provider: 'calendly',
  secret: 'calendly-webhook-signing-key',
  body: () => '{"created_at":"2023-11-14T22:13:20.000000Z","event":"invitee.created","payload":{"email":"ana@example.com","name":"Ana"}}',
  headers: (body, secret, timestamp) => ({ 'Calendly-Webhook-Signature': timestampedList(secret, timestamp, body) }),
  signatureHeader: 'Calendly-Webhook-Signature',
  timestamped: true
}

describe('calendly', () => {
  providerBasics(spec)

  it('applies Calendly\'s documented 3 minutes when asked', () => {
    expect(verifyWebhook({ ...request(spec, NOW - 181), tolerance_seconds: 180 }, NOW).reason).toBe('timestamp_outside_tolerance')
  })

  it('ignores items with spaces around their keys, as an exact split does', () => {
    const signed = request(spec)
    const spaced = signed.headers['Calendly-Webhook-Signature'].replace(',v1=', ', v1=')
    const result = verifyWebhook({ ...signed, headers: { 'Calendly-Webhook-Signature': spaced } }, NOW)
    expect(result.reason).toBe('missing_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('1 other item ignored')
  })

  it('recognises a personal access token given as the secret', () => {
    const result = verifyWebhook({ ...request(spec), secret: 'eyJraWQiOiIxY2UxZTEzNjE3ZGNmNzY2YjNjZWJjY2Y4ZGM1YmFmYThhNjVlNjg0' }, NOW)
    expect(checkNamed(result, 'secret_format').detail).toContain('a JSON Web Token')
  })
})
