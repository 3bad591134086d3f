import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { hmacHex, NOW } from '../../helpers/sign.js'

const spec: SuiteSpec = {
  provider: 'razorpay',
  secret: 'razorpay_webhook_secret_9f8e',
  body: () => '{"entity":"event","event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_29QQoUBi66xm2f","amount":50000}}}}',
  headers: (body, secret) => ({ 'X-Razorpay-Signature': hmacHex(secret, body), 'X-Razorpay-Event-Id': 'EvtA1b2C3' }),
  signatureHeader: 'X-Razorpay-Signature',
  timestamped: false
}

describe('razorpay', () => {
  providerBasics(spec)

  it('reads a sha256= prefix as malformed: Razorpay sends the bare digest', () => {
    const signed = request(spec)
    const result = verifyWebhook({ ...signed, headers: { 'X-Razorpay-Signature': `sha256=${hmacHex(spec.secret, signed.payload)}` } }, NOW)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('it starts with "sha256="; Razorpay sends the bare digest')
  })

  it('accepts uppercase hex', () => {
    const signed = request(spec)
    expect(verifyWebhook({ ...signed, headers: { 'X-Razorpay-Signature': hmacHex(spec.secret, signed.payload).toUpperCase() } }, NOW).valid).toBe(true)
  })

  it('recognises an API key id given as the secret', () => {
    const result = verifyWebhook({ ...request(spec), secret: 'rzp_test_1DP5mmOlF5G5ag' }, NOW)
    expect(result.raw_body_hints[0].detail).toContain('a Razorpay test API key id')
  })
})
