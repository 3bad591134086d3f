import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { githubSha1, githubSignature, NOW } from '../../helpers/sign.js'

// Meta's documented construction: X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the payload with the app secret>.
const spec: SuiteSpec = {
  provider: 'facebook',
  secret: 'meta-app-secret-0123456789abcdef',
  // Meta sends non-ASCII escaped, as here (\u00e9), and signs those bytes.
  body: () => '{"object":"page","entry":[{"id":"0","time":1700000000,"changes":[{"field":"feed","value":{"message":"caf\\u00e9"}}]}]}',
  headers: (body, secret) => ({ 'X-Hub-Signature-256': githubSignature(secret, body) }),
  signatureHeader: 'X-Hub-Signature-256',
  timestamped: false
}

describe('facebook', () => {
  providerBasics(spec)

  it('finds the escaped non-ASCII that a re-serialisation turned back into UTF-8', () => {
    const signed = request(spec)
    const result = verifyWebhook({ ...signed, payload: JSON.stringify(JSON.parse(signed.payload)) }, NOW)
    expect(result.reason).toBe('signature_mismatch')
    // Without a "/" in the payload, PHP's and Python's escapings give the same bytes: the first one tried is named.
    expect(result.checks.find((check) => check.name.startsWith('near_miss_json_escaped'))?.status).toBe('warning')
  })

  it('reads the legacy sha1= value as the wrong algorithm', () => {
    const signed = request(spec)
    const result = verifyWebhook({ ...signed, headers: { 'X-Hub-Signature-256': githubSha1(spec.secret, signed.payload) } }, NOW)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('it carries a sha1 value')
  })
})
