import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { NOW, stripeV1 } from '../../helpers/sign.js'

// Outpost's default templates: "t=<unix seconds>,v0=<hex HMAC-SHA256 of '<t>.<body>'>".
const spec: SuiteSpec = {
  provider: 'hookdeck-outpost',
  secret: 'outpost-destination-signing-secret',
  body: () => '{"id":"evt_1","topic":"user.created","data":{"user_id":"userid"}}',
  headers: (body, secret, timestamp) => ({
    'X-Outpost-Signature': `t=${timestamp},v0=${stripeV1(secret, timestamp, body)}`, 'X-Outpost-Timestamp': String(timestamp * 1000)
  }),
  signatureHeader: 'X-Outpost-Signature',
  timestamped: true
}

describe('hookdeck-outpost', () => {
  providerBasics(spec)

  it('reads a v1= entry as no signature: Outpost writes v0=', () => {
    const signed = request(spec)
    const headers = { ...signed.headers, 'X-Outpost-Signature': signed.headers['X-Outpost-Signature'].replace(',v0=', ',v1=') }
    const result = verifyWebhook({ ...signed, headers }, NOW)
    expect(result.reason).toBe('missing_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('no v0= signature')
  })
})
