import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { hmacHex, NOW } from '../../helpers/sign.js'

// Customer.io's documented construction: hex HMAC-SHA256 of "v0:<X-CIO-Timestamp>:<body>".
const spec: SuiteSpec = {
  provider: 'customer-io',
  secret: 'cio-reporting-webhook-signing-key',
  body: () => '{"event_id":"01E4C4CT6YDC7Y5M7FE1GWWPQJ","object_type":"email","metric":"sent","data":{"customer_id":"42"}}',
  headers: (body, secret, timestamp) => ({ 'X-CIO-Timestamp': String(timestamp), 'X-CIO-Signature': hmacHex(secret, `v0:${timestamp}:${body}`) }),
  signatureHeader: 'X-CIO-Signature',
  timestamped: true
}

describe('customer-io', () => {
  providerBasics(spec)

  it('finds a signature of the body alone as a near miss, not a match', () => {
    const signed = request(spec)
    const result = verifyWebhook({ ...signed, headers: { ...signed.headers, 'X-CIO-Signature': hmacHex(spec.secret, signed.payload) } }, NOW)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_body_only_signed').status).toBe('warning')
  })

  it('reads a v0= prefix as malformed: Customer.io sends the bare digest', () => {
    const signed = request(spec)
    const result = verifyWebhook({ ...signed, headers: { ...signed.headers, 'X-CIO-Signature': `v0=${signed.headers['X-CIO-Signature']}` } }, NOW)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('Customer.io sends the bare digest')
  })
})
