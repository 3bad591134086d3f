import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { NOW, stripeV1 } from '../../helpers/sign.js'

// WorkOS's construction (its SDKs' computeSignature): "t=<ms>, v1=<hex HMAC-SHA256 of '<ms>.<body>'>".
const spec: SuiteSpec = {
  provider: 'workos',
  secret: 'workos-endpoint-secret-0123',
  body: () => '{"id":"wh_123","event":"dsync.user.created","data":{"id":"directory_user_01FAEAJCR3ZBZ30D8BD1924TVG","state":"active"}}',
  headers: (body, secret, timestamp) => ({ 'WorkOS-Signature': `t=${timestamp * 1000}, v1=${stripeV1(secret, timestamp * 1000, body)}` }),
  signatureHeader: 'WorkOS-Signature',
  timestamped: true
}

describe('workos', () => {
  providerBasics(spec)

  it('accepts the list without the space after the comma too, as the SDKs do', () => {
    const signed = request(spec)
    const result = verifyWebhook({ ...signed, headers: { 'WorkOS-Signature': signed.headers['WorkOS-Signature'].replace(', ', ',') } }, NOW)
    expect(result.valid).toBe(true)
  })

  it('applies the SDKs\' 180 s when asked', () => {
    expect(verifyWebhook({ ...request(spec, NOW - 181), tolerance_seconds: 180 }, NOW).reason).toBe('timestamp_outside_tolerance')
    expect(checkNamed(verifyWebhook(request(spec, NOW - 181), NOW), 'timestamp_tolerance').status).toBe('passed')
  })
})
