import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { hmacBase64, NOW } from '../../helpers/sign.js'

const spec: SuiteSpec = {
  provider: 'woocommerce',
  secret: 'wc-webhook-secret-#1',
  body: () => '{"id":727,"status":"processing","currency":"EUR","total":"29.35","billing":{"city":"Köln"}}',
  headers: (body, secret) => ({ 'X-WC-Webhook-Signature': hmacBase64(secret, body), 'X-WC-Webhook-Delivery-ID': '2f1e' }),
  signatureHeader: 'X-WC-Webhook-Signature',
  timestamped: false
}

describe('woocommerce', () => {
  providerBasics(spec)

  it('names X-WC-Webhook-Delivery-ID as the idempotency key', () => {
    expect(checkNamed(verifyWebhook(request(spec), NOW), 'idempotency_key').status).toBe('passed')
  })

  it('finds PHP-style escapes of non-ASCII and slashes lost on re-serialisation', () => {
    const sent = '{"id":727,"billing":{"city":"K\\u00f6ln"},"_links":{"self":[{"href":"https:\\/\\/shop.example\\/wp-json"}]}}'
    const result = verifyWebhook({ ...request({ ...spec, body: () => sent }), payload: JSON.stringify(JSON.parse(sent)) }, NOW)
    expect(checkNamed(result, 'near_miss_json_escaped_unicode').status).toBe('warning')
  })

  it('recognises REST API keys given as the secret', () => {
    expect(checkNamed(verifyWebhook({ ...request(spec), secret: 'ck_1a2b3c' }, NOW), 'secret_format').detail).toContain('consumer key')
    expect(checkNamed(verifyWebhook({ ...request(spec), secret: 'cs_1a2b3c' }, NOW), 'secret_format').detail).toContain('consumer secret')
  })
})
