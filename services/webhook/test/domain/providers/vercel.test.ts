import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { hmacHex, hmacSha1Hex, NOW } from '../../helpers/sign.js'

const spec: SuiteSpec = {
  provider: 'vercel',
  secret: 'Nv1y9bQk7h3Tqz0LwF2sXc5e',
  body: () => '{"id":"evt_1","type":"deployment.succeeded","createdAt":1700000000000,"payload":{"deployment":{"id":"dpl_1"}}}',
  headers: (body, secret) => ({ 'x-vercel-signature': hmacSha1Hex(secret, body) }),
  signatureHeader: 'x-vercel-signature',
  timestamped: false
}

describe('vercel', () => {
  providerBasics(spec)

  it('reads a sha256 digest as malformed and says that HMAC-SHA256 would match', () => {
    const signed = request(spec)
    const result = verifyWebhook({ ...signed, headers: { 'x-vercel-signature': hmacHex(spec.secret, signed.payload) } }, NOW)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('the digest is not 40 hex digits')
    expect(checkNamed(result, 'near_miss_signature_sha256_hex').detail).toContain('HMAC-SHA256')
  })
})
