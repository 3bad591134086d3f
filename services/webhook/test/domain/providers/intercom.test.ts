import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { githubSha1, githubSignature, NOW } from '../../helpers/sign.js'

const spec: SuiteSpec = {
  provider: 'intercom',
  secret: 'intercom-app-client-secret',
  body: () => '{"type":"notification_event","topic":"conversation.user.created","id":"notif_1","data":{"item":{"type":"conversation"}}}',
  headers: (body, secret) => ({ 'X-Hub-Signature': githubSha1(secret, body) }),
  signatureHeader: 'X-Hub-Signature',
  timestamped: false
}

describe('intercom', () => {
  providerBasics(spec)

  it('names HMAC-SHA1 as the scheme', () => {
    const result = verifyWebhook(request(spec), NOW)
    expect(result.signature_scheme).toBe('hmac-sha1-hex')
    expect(checkNamed(result, 'signature').detail).toContain('HMAC-SHA1')
  })

  it('reads a sha256 value as malformed, naming the algorithm Intercom uses', () => {
    const signed = request(spec)
    const result = verifyWebhook({ ...signed, headers: { 'X-Hub-Signature': githubSignature(spec.secret, signed.payload) } }, NOW)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('it carries a sha256 value; Intercom signs with sha1')
    expect(checkNamed(result, 'near_miss_signature_sha256_hex').status).toBe('warning')
  })

  it('finds a body that lost its trailing newline', () => {
    const signed = request({ ...spec, body: () => `${spec.body(NOW)}\n` })
    expect(checkNamed(verifyWebhook({ ...signed, payload: spec.body(NOW) }, NOW), 'near_miss_trailing_newline_added').status).toBe('warning')
  })
})
