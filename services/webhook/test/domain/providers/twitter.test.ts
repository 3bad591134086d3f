import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { NOW, hmacBase64, hmacHex } from '../../helpers/sign.js'

const spec: SuiteSpec = {
  provider: 'twitter',
  secret: 'z3ZX4v7mAAUGykl3EcmkqbartmuW8VFOOzCloLx9Q45P0hLrFu',
  body: () => '{"for_user_id":"2244994945","direct_message_events":[{"type":"message_create","id":"1"}]}',
  headers: (body, secret) => ({ 'x-twitter-webhooks-signature': `sha256=${hmacBase64(secret, body)}` }),
  signatureHeader: 'x-twitter-webhooks-signature',
  timestamped: false
}
const withSignature = (value: string) => {
  const signed = request(spec)
  return verifyWebhook({ ...signed, headers: { ...signed.headers, 'x-twitter-webhooks-signature': value } }, NOW)
}

describe('twitter', () => {
  providerBasics(spec)

  it('reads a hex digest as malformed: X (Twitter) sends base64', () => {
    const result = withSignature(`sha256=${hmacHex(spec.secret, spec.body(NOW))}`)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('the digest looks like hex; X (Twitter) sends base64')
  })

  it('reads a value without its sha256= prefix as malformed, naming the prefix', () => {
    const result = withSignature(hmacBase64(spec.secret, spec.body(NOW)))
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('the sha256= prefix is missing')
  })
})
