import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { NOW } from '../../helpers/sign.js'

// @sanity/webhook's construction: "t=<ms>,v1=<base64url HMAC-SHA256 of '<ms>.<body>'>".
const v1 = (secret: string, millis: number, body: string): string => createHmac('sha256', secret).update(`${millis}.${body}`).digest('base64url')
const spec: SuiteSpec = {
  provider: 'sanity',
  secret: 'sanity-groq-webhook-secret',
  body: () => '{"_id":"resume","_type":"resume","_rev":"3W7Rhi8a7OMj8","name":"Espen"}',
  headers: (body, secret, timestamp) => ({ 'sanity-webhook-signature': `t=${timestamp * 1000},v1=${v1(secret, timestamp * 1000, body)}` }),
  signatureHeader: 'sanity-webhook-signature',
  timestamped: true
}

describe('sanity', () => {
  providerBasics(spec)

  it('reads a hex digest as malformed: Sanity writes base64url', () => {
    const signed = request(spec)
    const hex = createHmac('sha256', spec.secret).update(`${NOW * 1000}.${signed.payload}`).digest('hex')
    const result = verifyWebhook({ ...signed, headers: { 'sanity-webhook-signature': `t=${NOW * 1000},v1=${hex}` } }, NOW)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('43 base64url characters')
  })
})
