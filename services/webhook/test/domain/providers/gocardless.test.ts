import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { hmacHex, NOW, standardSignature } from '../../helpers/sign.js'

const spec: SuiteSpec = {
  provider: 'gocardless',
  secret: 'gocardless-webhook-endpoint-secret',
  body: () => '{"events":[{"id":"EV123","created_at":"2014-08-04T12:00:00.000Z","action":"confirmed","resource_type":"payments","links":{"payment":"PM123"}}]}',
  headers: (body, secret) => ({ 'Webhook-Signature': hmacHex(secret, body) }),
  signatureHeader: 'Webhook-Signature',
  timestamped: false
}

describe('gocardless', () => {
  providerBasics(spec)

  it('reads a Standard Webhooks v1, list as malformed: GoCardless sends a bare hex digest', () => {
    const signed = request(spec)
    const headers = { 'Webhook-Signature': standardSignature('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_1', NOW, signed.payload) }
    const result = verifyWebhook({ ...signed, headers }, NOW)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('GoCardless sends the bare digest')
  })
})
