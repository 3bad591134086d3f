import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { NOW, hmacBase64, hmacHex } from '../../helpers/sign.js'

const spec: SuiteSpec = {
  provider: 'asana',
  secret: 'asana-x-hook-secret-1',
  body: () => '{"events":[{"action":"changed","resource":{"gid":"1201","resource_type":"task"}}]}',
  headers: (body, secret) => ({ 'X-Hook-Signature': hmacHex(secret, body) }),
  signatureHeader: 'X-Hook-Signature',
  timestamped: false
}
const withSignature = (value: string) => {
  const signed = request(spec)
  return verifyWebhook({ ...signed, headers: { ...signed.headers, 'X-Hook-Signature': value } }, NOW)
}

describe('asana', () => {
  providerBasics(spec)

  it('reads a base64 digest as malformed: Asana sends hex', () => {
    const result = withSignature(`${hmacBase64(spec.secret, spec.body(NOW))}`)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('the digest looks like base64; Asana sends hex')
  })

  it('accepts the digest under the header name in any case, and names the idempotency key', () => {
    const result = verifyWebhook(request(spec), NOW)
    expect(result.valid).toBe(true)
    expect(checkNamed(result, 'idempotency_key').status).toBe('skipped')
  })
})
