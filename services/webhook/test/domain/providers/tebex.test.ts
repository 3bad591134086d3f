import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { hmacHex, NOW } from '../../helpers/sign.js'

// Tebex's documented construction: hash_hmac('sha256', hash('sha256', $body), $secret), hex.
const bodyHash = (body: string): string => createHash('sha256').update(body).digest('hex')
const spec: SuiteSpec = {
  provider: 'tebex',
  secret: 'tebex-webhook-secret-key',
  body: () => '{"id":"2c116b11-1110-91e0-b266-b792c8da5f11","type":"payment.completed","date":"2021-08-24T12:21:47+00:00","subject":{}}',
  headers: (body, secret) => ({ 'X-Signature': hmacHex(secret, bodyHash(body)) }),
  signatureHeader: 'X-Signature',
  timestamped: false
}

describe('tebex', () => {
  providerBasics(spec)

  it('refuses an HMAC of the body itself: Tebex signs the body\'s SHA-256', () => {
    const signed = request(spec)
    const result = verifyWebhook({ ...signed, headers: { 'X-Signature': hmacHex(spec.secret, signed.payload) } }, NOW)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'signature').status).toBe('failed')
  })

  it('still finds a trailing newline lost from the body, through its hash', () => {
    const signed = request(spec)
    const sent = `${signed.payload}\n`
    const result = verifyWebhook({ ...signed, headers: { 'X-Signature': hmacHex(spec.secret, bodyHash(sent)) } }, NOW)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_trailing_newline_added').status).toBe('warning')
  })
})
