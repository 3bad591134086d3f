import { describe, expect, it } from 'vitest'
import { PROVIDERS } from '../../../src/domain/providers/index.js'
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

// gocardless-nodejs's webhooks test: its fixture body, compacted as the test sends it, and endpoint secret.
const PUBLISHED = {
  secret: 'ED7D658C-D8EB-4941-948B-3973214F2D49',
  signature: '2693754819d3e32d7e8fcb13c729631f316c6de8dc1cf634d6527f1c07276e7e'
}

describe('gocardless', () => {
  providerBasics(spec)

  it('verifies the published vector of gocardless-nodejs (its demo), and refuses it with one byte changed', () => {
    const [demo] = PROVIDERS.gocardless.demos
    const published = { provider: 'gocardless' as const, payload: demo.payload, secret: PUBLISHED.secret, headers: { 'Webhook-Signature': PUBLISHED.signature } }
    expect(demo.secret).toBe(PUBLISHED.secret)
    expect(verifyWebhook(published, NOW)).toMatchObject({ valid: true, reason: 'valid' })
    expect(verifyWebhook({ ...published, payload: demo.payload.replace('EV00BD05S5VM2T', 'EV00BD05S5VM2U') }, NOW).valid).toBe(false)
    expect(verifyWebhook({ ...published, payload: JSON.stringify(JSON.parse(demo.payload), null, 2) }, NOW).valid).toBe(false)
  })

  it('reads a Standard Webhooks v1, list as malformed: GoCardless sends a bare hex digest', () => {
    const signed = request(spec)
    const headers = { 'Webhook-Signature': standardSignature('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_1', NOW, signed.payload) }
    const result = verifyWebhook({ ...signed, headers }, NOW)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('GoCardless sends the bare digest')
  })
})
