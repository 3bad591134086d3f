import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { NOW, hmacBase64, hmacHex } from '../../helpers/sign.js'

const spec: SuiteSpec = {
  provider: 'xero',
  secret: 'OSd0eLlVIY9ZhViEqlDUh4+6n6M+Lo+eDaEJheJ6OCCgWwIz2D3JIAU6jPMipHRbgKTLz2uJ+xiACXGDBLrgdA==',
  body: () => '{"events":[],"firstEventSequence":0,"lastEventSequence":0,"entropy":"S0m3r4Nd0mt3xt"}',
  headers: (body, secret) => ({ 'x-xero-signature': hmacBase64(secret, body) }),
  signatureHeader: 'x-xero-signature',
  timestamped: false
}
const withSignature = (value: string) => {
  const signed = request(spec)
  return verifyWebhook({ ...signed, headers: { ...signed.headers, 'x-xero-signature': value } }, NOW)
}

describe('xero', () => {
  providerBasics(spec)

  it('reads a hex digest as malformed: Xero sends base64', () => {
    const result = withSignature(`${hmacHex(spec.secret, spec.body(NOW))}`)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('the digest looks like hex; Xero sends base64')
  })

  it('accepts the digest under the header name in any case, and names the idempotency key', () => {
    const result = verifyWebhook(request(spec), NOW)
    expect(result.valid).toBe(true)
    expect(checkNamed(result, 'idempotency_key').status).toBe('skipped')
  })
})
