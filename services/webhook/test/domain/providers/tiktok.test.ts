import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { NOW, stripeV1 } from '../../helpers/sign.js'

// TikTok's documented construction: t=<unix>,s=<hex HMAC-SHA256 of "<t>.<body>">, keyed with the client secret.
const spec: SuiteSpec = {
  provider: 'tiktok',
  secret: 'tiktok-app-client-secret',
  body: () => '{"client_key":"bwo2m45353a6k85","event":"authorization.removed","create_time":1615338610,"user_openid":"act.example"}',
  headers: (body, secret, timestamp) => ({ 'TikTok-Signature': `t=${timestamp},s=${stripeV1(secret, timestamp, body)}` }),
  signatureHeader: 'TikTok-Signature',
  timestamped: true
}

describe('tiktok', () => {
  providerBasics(spec)

  it('reads a v1= entry as no signature: TikTok writes s=', () => {
    const signed = request(spec)
    const result = verifyWebhook({ ...signed, headers: { 'TikTok-Signature': signed.headers['TikTok-Signature'].replace(',s=', ',v1=') } }, NOW)
    expect(result.reason).toBe('missing_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('no s= signature')
  })
})
