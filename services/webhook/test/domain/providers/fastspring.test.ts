import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { NOW, hmacBase64, hmacHex } from '../../helpers/sign.js'

const spec: SuiteSpec = {
  provider: 'fastspring',
  secret: 'fastspring-hmac-secret-1',
  body: () => '{"events":[{"id":"ev1","type":"order.completed","live":false,"data":{"order":"o1"}}]}',
  headers: (body, secret) => ({ 'X-FS-Signature': hmacBase64(secret, body) }),
  signatureHeader: 'X-FS-Signature',
  timestamped: false
}
const withSignature = (value: string) => {
  const signed = request(spec)
  return verifyWebhook({ ...signed, headers: { ...signed.headers, 'X-FS-Signature': value } }, NOW)
}

describe('fastspring', () => {
  providerBasics(spec)

  it('reads a hex digest as malformed: FastSpring sends base64', () => {
    const result = withSignature(`${hmacHex(spec.secret, spec.body(NOW))}`)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('the digest looks like hex; FastSpring sends base64')
  })

  it('accepts the digest under the header name in any case, and names the idempotency key', () => {
    const result = verifyWebhook(request(spec), NOW)
    expect(result.valid).toBe(true)
    expect(checkNamed(result, 'idempotency_key').status).toBe('skipped')
  })
})
