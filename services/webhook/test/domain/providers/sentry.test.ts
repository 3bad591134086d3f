import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { hmacHex, NOW } from '../../helpers/sign.js'

// As Sentry's serializer writes it: compact separators, non-ASCII escaped, "/" left alone.
const SENT = '{"action":"created","data":{"issue":{"id":"1","title":"Caf\\u00e9 \\u2026 crashed","culprit":"app/views.py"}},"installation":{"uuid":"7a48"}}'
const spec: SuiteSpec = {
  provider: 'sentry',
  secret: 'a8a1c3b0b1e24a2f9f1c0d6e5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f0e9d8c7b6a',
  body: () => SENT,
  headers: (body, secret) => ({ 'Sentry-Hook-Signature': hmacHex(secret, body), 'Sentry-Hook-Resource': 'issue', 'Request-ID': 'ac63e8f4' }),
  signatureHeader: 'Sentry-Hook-Signature',
  timestamped: false
}

describe('sentry', () => {
  providerBasics(spec)

  it('finds the documented JSON.stringify(req.body), which unescapes the non-ASCII characters Sentry escaped', () => {
    const result = verifyWebhook({ ...request(spec), payload: JSON.stringify(JSON.parse(SENT)) }, NOW)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_json_escaped_non_ascii').detail).toContain('Sentry does')
    expect(result.raw_body_hints.map((hint) => hint.summary)).toContain('Sentry escapes non-ASCII characters in its JSON')
  })

  it('recognises an auth token given as the secret', () => {
    const result = verifyWebhook({ ...request(spec), secret: 'sntrys_eyJpYXQiOjE3MDAwMDAwMDB9' }, NOW)
    expect(checkNamed(result, 'secret_format').detail).toContain('a Sentry organization auth token')
  })
})
