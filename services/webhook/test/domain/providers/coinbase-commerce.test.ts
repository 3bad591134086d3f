import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { hmacHex, NOW } from '../../helpers/sign.js'

const spec: SuiteSpec = {
  provider: 'coinbase-commerce',
  secret: 'b2fe9bd4-5e8e-4c52-9bd6-shared',
  body: () => '{"id":1,"scheduled_for":"2023-11-14T22:13:20Z","event":{"id":"24934862-d980-46cb-9402-43c81b0cdba6","type":"charge:created"}}',
  headers: (body, secret) => ({ 'X-CC-Webhook-Signature': hmacHex(secret, body) }),
  signatureHeader: 'X-CC-Webhook-Signature',
  timestamped: false
}

describe('coinbase-commerce', () => {
  providerBasics(spec)

  it('points at the event id in the payload for deduplication', () => {
    expect(checkNamed(verifyWebhook(request(spec), NOW), 'idempotency_key').detail).toContain('event.id')
  })

  it('finds a body that was pretty-printed on the way', () => {
    const signed = request(spec)
    const result = verifyWebhook({ ...signed, payload: JSON.stringify(JSON.parse(signed.payload), null, 2) }, NOW)
    expect(checkNamed(result, 'near_miss_json_compact').status).toBe('warning')
  })
})
