import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { NOW, hmacBase64, hmacHex } from '../../helpers/sign.js'

const spec: SuiteSpec = {
  provider: 'nylas',
  secret: 'nylas-webhook-secret-1',
  body: () => '{"specversion":"1.0","type":"message.created","id":"5b1d0c3b","data":{"object":{"id":"m1"}}}',
  headers: (body, secret) => ({ 'X-Nylas-Signature': hmacHex(secret, body) }),
  signatureHeader: 'X-Nylas-Signature',
  timestamped: false
}
const withSignature = (value: string) => {
  const signed = request(spec)
  return verifyWebhook({ ...signed, headers: { ...signed.headers, 'X-Nylas-Signature': value } }, NOW)
}

describe('nylas', () => {
  providerBasics(spec)

  it('reads a base64 digest as malformed: Nylas sends hex', () => {
    const result = withSignature(`${hmacBase64(spec.secret, spec.body(NOW))}`)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('the digest looks like base64; Nylas sends hex')
  })

  it('accepts the digest under the header name in any case, and names the idempotency key', () => {
    const result = verifyWebhook(request(spec), NOW)
    expect(result.valid).toBe(true)
    expect(checkNamed(result, 'idempotency_key').status).toBe('skipped')
  })
})
