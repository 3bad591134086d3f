import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { hmacHex, NOW } from '../../helpers/sign.js'

// Airwallex's documented construction: hex HMAC-SHA256 of the x-timestamp (milliseconds) followed by the body.
const spec: SuiteSpec = {
  provider: 'airwallex',
  secret: 'whsec_airwallex_endpoint_secret',
  body: () => '{"id":"evt_hkdmr8l2ng","name":"payment_intent.succeeded","data":{"object":{"id":"int_hkdm","amount":100}}}',
  headers: (body, secret, timestamp) => ({ 'x-timestamp': String(timestamp * 1000), 'x-signature': hmacHex(secret, `${timestamp * 1000}${body}`) }),
  signatureHeader: 'x-signature',
  timestamped: true
}

describe('airwallex', () => {
  providerBasics(spec)

  it('reads x-timestamp as milliseconds', () => {
    const result = verifyWebhook(request(spec, NOW - 120), NOW)
    expect(result.valid).toBe(true)
    expect(checkNamed(result, 'timestamp_tolerance').status).toBe('passed')
  })

  it('refuses a signature made over the timestamp in seconds', () => {
    const signed = request(spec)
    const headers = { 'x-timestamp': String(NOW * 1000), 'x-signature': hmacHex(spec.secret, `${NOW}${signed.payload}`) }
    expect(verifyWebhook({ ...signed, headers }, NOW).reason).toBe('signature_mismatch')
  })
})
