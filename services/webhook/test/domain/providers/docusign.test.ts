import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { NOW, hmacBase64, hmacHex } from '../../helpers/sign.js'

const spec: SuiteSpec = {
  provider: 'docusign',
  secret: 'docusign-connect-key',
  body: () => '{"event":"envelope-completed","data":{"envelopeId":"93be49ab-1111-2222-3333-cde2ef6d1d3b"}}',
  headers: (body, secret) => ({ 'X-DocuSign-Signature-1': hmacBase64(secret, body) }),
  signatureHeader: 'X-DocuSign-Signature-1',
  timestamped: false
}
const withSignature = (value: string) => {
  const signed = request(spec)
  return verifyWebhook({ ...signed, headers: { ...signed.headers, 'X-DocuSign-Signature-1': value } }, NOW)
}

describe('docusign', () => {
  providerBasics(spec)

  it('reads a hex digest as malformed: DocuSign Connect sends base64', () => {
    const result = withSignature(`${hmacHex(spec.secret, spec.body(NOW))}`)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('the digest looks like hex; DocuSign Connect sends base64')
  })

  it('accepts the digest under the header name in any case, and names the idempotency key', () => {
    const result = verifyWebhook(request(spec), NOW)
    expect(result.valid).toBe(true)
    expect(checkNamed(result, 'idempotency_key').status).toBe('skipped')
  })
})
