import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { isoSeconds } from '../../helpers/deliveries.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { hmacBase64, hmacHex, NOW } from '../../helpers/sign.js'

// Zendesk's documented construction: base64(HMACSHA256(TIMESTAMP + BODY)), the timestamp an ISO 8601 date.
const spec: SuiteSpec = {
  provider: 'zendesk',
  secret: 'dGhpc19zZWNyZXRfaXNfZm9yX3Rlc3Rpbmdfb25seQ',
  body: () => '{"type":"zen:event-type:ticket.created","account_id":12514403,"id":"cbe4028c","detail":{"id":"35436"}}',
  headers: (body, secret, timestamp) => ({
    'X-Zendesk-Webhook-Signature-Timestamp': isoSeconds(timestamp),
    'X-Zendesk-Webhook-Signature': hmacBase64(secret, isoSeconds(timestamp) + body)
  }),
  signatureHeader: 'X-Zendesk-Webhook-Signature',
  timestamped: true
}

describe('zendesk', () => {
  providerBasics(spec)

  it('reports a missing timestamp header as missing_timestamp', () => {
    const signed = request(spec)
    const result = verifyWebhook({ ...signed, headers: { 'X-Zendesk-Webhook-Signature': signed.headers['X-Zendesk-Webhook-Signature'] } }, NOW)
    expect(result.reason).toBe('missing_timestamp')
  })

  it('signs the timestamp as sent: the same instant written with milliseconds does not match', () => {
    const signed = request(spec)
    const headers = { ...signed.headers, 'X-Zendesk-Webhook-Signature-Timestamp': new Date(NOW * 1000).toISOString() }
    expect(verifyWebhook({ ...signed, headers }, NOW).reason).toBe('signature_mismatch')
  })

  it('reads a hex digest as malformed: Zendesk sends base64', () => {
    const signed = request(spec)
    const headers = { ...signed.headers, 'X-Zendesk-Webhook-Signature': hmacHex(spec.secret, isoSeconds(NOW) + signed.payload) }
    const result = verifyWebhook({ ...signed, headers }, NOW)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('Zendesk sends base64')
  })
})
