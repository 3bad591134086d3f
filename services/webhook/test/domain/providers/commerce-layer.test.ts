import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { NOW, hmacBase64, hmacHex } from '../../helpers/sign.js'

const spec: SuiteSpec = {
  provider: 'commerce-layer',
  secret: 'commerce-layer-secret-1',
  body: () => '{"data":{"id":"wBXVhKzrnq","type":"orders","attributes":{"number":"2211"}}}',
  headers: (body, secret) => ({ 'X-CommerceLayer-Signature': hmacBase64(secret, body), 'X-CommerceLayer-Topic': 'orders.place' }),
  signatureHeader: 'X-CommerceLayer-Signature',
  timestamped: false
}
const withSignature = (value: string) => {
  const signed = request(spec)
  return verifyWebhook({ ...signed, headers: { ...signed.headers, 'X-CommerceLayer-Signature': value } }, NOW)
}

describe('commerce-layer', () => {
  providerBasics(spec)

  it('reads a hex digest as malformed: Commerce Layer sends base64', () => {
    const result = withSignature(`${hmacHex(spec.secret, spec.body(NOW))}`)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('the digest looks like hex; Commerce Layer sends base64')
  })

  it('accepts the digest under the header name in any case, and names the idempotency key', () => {
    const result = verifyWebhook(request(spec), NOW)
    expect(result.valid).toBe(true)
    expect(checkNamed(result, 'idempotency_key').status).toBe('skipped')
  })
})
