import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { hmacHex, NOW } from '../../helpers/sign.js'

// LinkedIn's documented construction: hex HMAC-SHA256 of "hmacsha256=" + the JSON body, keyed with the client secret.
const spec: SuiteSpec = {
  provider: 'linkedin',
  secret: 'linkedin-app-client-secret',
  body: () => '{"type":"ORGANIZATION_SOCIAL_ACTION_NOTIFICATIONS","organizationalEntity":"urn:li:organization:1","lastModifiedAt":1700000000000}',
  headers: (body, secret) => ({ 'X-LI-Signature': hmacHex(secret, `hmacsha256=${body}`) }),
  signatureHeader: 'X-LI-Signature',
  timestamped: false
}

describe('linkedin', () => {
  providerBasics(spec)

  it('finds a signature of the body without the hmacsha256= prefix as a near miss', () => {
    const signed = request(spec)
    const result = verifyWebhook({ ...signed, headers: { 'X-LI-Signature': hmacHex(spec.secret, signed.payload) } }, NOW)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_body_only_signed').status).toBe('warning')
  })
})
