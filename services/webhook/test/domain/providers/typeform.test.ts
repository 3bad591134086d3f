import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { hmacBase64, hmacHex, NOW } from '../../helpers/sign.js'

const spec: SuiteSpec = {
  provider: 'typeform',
  secret: 'typeform-webhook-secret',
  body: () => '{"event_id":"LtWXD3crgy","event_type":"form_response","form_response":{"form_id":"lT4Z3j","answers":[{"type":"text","text":"Lorem"}]}}',
  headers: (body, secret) => ({ 'Typeform-Signature': `sha256=${hmacBase64(secret, body)}` }),
  signatureHeader: 'Typeform-Signature',
  timestamped: false
}
const withSignature = (value: string) => {
  const signed = request(spec)
  return verifyWebhook({ ...signed, headers: { 'Typeform-Signature': value } }, NOW)
}

describe('typeform', () => {
  providerBasics(spec)

  it('reads hex as malformed: Typeform sends base64', () => {
    const result = withSignature(`sha256=${hmacHex(spec.secret, spec.body(NOW))}`)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('the digest looks like hex; Typeform sends base64')
    expect(checkNamed(result, 'near_miss_signature_sha256_hex').status).toBe('warning')
  })

  it('reads base64 without padding as malformed, naming the padding', () => {
    const result = withSignature(`sha256=${hmacBase64(spec.secret, spec.body(NOW)).replace(/=+$/, '')}`)
    expect(checkNamed(result, 'signature_header').detail).toContain('the "=" padding is missing')
  })

  it('recognises a personal access token given as the secret', () => {
    const result = verifyWebhook({ ...request(spec), secret: 'tfp_4sYuWq3PcExample' }, NOW)
    expect(checkNamed(result, 'secret_format').detail).toContain('a Typeform personal access token')
  })
})
