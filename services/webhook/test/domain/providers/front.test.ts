import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { hmacBase64, NOW } from '../../helpers/sign.js'

// Front's documented construction: base64(HMAC-SHA256(signing key, "<X-Front-Request-Timestamp>:<body>")), ms timestamp.
const spec: SuiteSpec = {
  provider: 'front',
  secret: 'front-app-signing-key',
  body: () => '{"type":"sync","authorization":{"id":"cmp_abc"}}',
  headers: (body, secret, timestamp) => ({
    'X-Front-Request-Timestamp': String(timestamp * 1000), 'X-Front-Signature': hmacBase64(secret, `${timestamp * 1000}:${body}`)
  }),
  signatureHeader: 'X-Front-Signature',
  timestamped: true
}

describe('front', () => {
  providerBasics(spec)

  it('refuses a rule webhook\'s HMAC-SHA1 of the body as the wrong scheme', () => {
    const signed = request(spec)
    const result = verifyWebhook({ ...signed, headers: { ...signed.headers, 'X-Front-Signature': hmacBase64(spec.secret, signed.payload) } }, NOW)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_body_only_signed').status).toBe('warning')
  })
})
