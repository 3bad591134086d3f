import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { hmacBase64, hmacHex, NOW } from '../../helpers/sign.js'

const spec: SuiteSpec = {
  provider: 'nuvemshop',
  secret: 'nuvemshop-app-client-secret',
  body: () => '{"store_id":123456,"event":"order/created","id":987654}',
  headers: (body, secret) => ({ 'x-linkedstore-hmac-sha256': hmacHex(secret, body) }),
  signatureHeader: 'x-linkedstore-hmac-sha256',
  timestamped: false
}

describe('nuvemshop', () => {
  providerBasics(spec)

  it('reads a base64 digest as malformed: Nuvemshop sends hex', () => {
    const signed = request(spec)
    const result = verifyWebhook({ ...signed, headers: { 'x-linkedstore-hmac-sha256': hmacBase64(spec.secret, signed.payload) } }, NOW)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('Nuvemshop (Tiendanube) sends hex')
  })
})
