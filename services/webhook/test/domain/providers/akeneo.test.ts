import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { hmacHex, NOW } from '../../helpers/sign.js'

// Akeneo's documented construction: hex HMAC-SHA256 of "<X-Akeneo-Request-Timestamp>.<body>".
const spec: SuiteSpec = {
  provider: 'akeneo',
  secret: '3ha6eonoa9icsckw8kccos084w0c0000g08g40oo4kww0gc8w4',
  body: () => '{"events":[{"action":"product.created","event_id":"7abae2fe-759a-4fce-aa43-f413980671b3","data":{"resource":{"identifier":"tshirt"}}}]}',
  headers: (body, secret, timestamp) => ({
    'X-Akeneo-Request-Timestamp': String(timestamp), 'X-Akeneo-Request-Signature': hmacHex(secret, `${timestamp}.${body}`)
  }),
  signatureHeader: 'X-Akeneo-Request-Signature',
  timestamped: true
}

describe('akeneo', () => {
  providerBasics(spec)

  it('reports a missing timestamp header as missing_timestamp', () => {
    const signed = request(spec)
    const headers = { 'X-Akeneo-Request-Signature': signed.headers['X-Akeneo-Request-Signature'] }
    expect(verifyWebhook({ ...signed, headers }, NOW).reason).toBe('missing_timestamp')
  })

  it('refuses a signature of the timestamp and body joined without the dot', () => {
    const signed = request(spec)
    const headers = { ...signed.headers, 'X-Akeneo-Request-Signature': hmacHex(spec.secret, `${NOW}${signed.payload}`) }
    const result = verifyWebhook({ ...signed, headers }, NOW)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'signature').status).toBe('failed')
  })
})
