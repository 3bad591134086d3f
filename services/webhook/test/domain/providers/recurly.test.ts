import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { NOW, stripeV1 } from '../../helpers/sign.js'

// Recurly's documented construction: "<ms>,<hex HMAC-SHA256 of '<ms>.<body>'>[,...]".
const spec: SuiteSpec = {
  provider: 'recurly',
  secret: 'recurly-endpoint-secret-key',
  body: () => '{"id":"rjdvlq2lm5pr","object_type":"account","site_id":"qlsvm4gc8m6z","event_type":"created","event_time":"2022-01-01T00:00:00Z"}',
  headers: (body, secret, timestamp) => ({ 'recurly-signature': `${timestamp * 1000},${stripeV1(secret, timestamp * 1000, body)}` }),
  signatureHeader: 'recurly-signature',
  timestamped: true
}

describe('recurly', () => {
  providerBasics(spec)

  it('accepts any signature of a rotation', () => {
    const signed = request(spec)
    const header = `${NOW * 1000},${stripeV1('old-key', NOW * 1000, signed.payload)},${stripeV1(spec.secret, NOW * 1000, signed.payload)}`
    const result = verifyWebhook({ ...signed, headers: { 'recurly-signature': header } }, NOW)
    expect(result.valid).toBe(true)
    expect(checkNamed(result, 'signature_header').detail).toContain('2 signatures')
  })

  it('reports a header with a timestamp and no signature as missing_signature_header', () => {
    const signed = request(spec)
    expect(verifyWebhook({ ...signed, headers: { 'recurly-signature': String(NOW * 1000) } }, NOW).reason).toBe('missing_signature_header')
  })
})
