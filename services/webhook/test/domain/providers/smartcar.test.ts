import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { NOW, hmacBase64, hmacHex } from '../../helpers/sign.js'

const spec: SuiteSpec = {
  provider: 'smartcar',
  secret: 'smartcar-amt-0123456789',
  body: () => '{"eventId":"e1","eventType":"VEHICLE_STATE","data":{"vehicle":{"id":"v1"}}}',
  headers: (body, secret) => ({ 'SC-Signature': hmacHex(secret, body) }),
  signatureHeader: 'SC-Signature',
  timestamped: false
}
const withSignature = (value: string) => {
  const signed = request(spec)
  return verifyWebhook({ ...signed, headers: { ...signed.headers, 'SC-Signature': value } }, NOW)
}

describe('smartcar', () => {
  providerBasics(spec)

  it('reads a base64 digest as malformed: Smartcar sends hex', () => {
    const result = withSignature(`${hmacBase64(spec.secret, spec.body(NOW))}`)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('the digest looks like base64; Smartcar sends hex')
  })

  it('accepts the digest under the header name in any case, and names the idempotency key', () => {
    const result = verifyWebhook(request(spec), NOW)
    expect(result.valid).toBe(true)
    expect(checkNamed(result, 'idempotency_key').status).toBe('skipped')
  })
})
