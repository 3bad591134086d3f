import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, type SuiteSpec } from '../../helpers/provider-suite.js'
import { hmacHex, NOW, zoomSignature } from '../../helpers/sign.js'

const SECRET = 'Hv1bSwI7ToKPdEEvSyRkMw'
const BODY = '{"event":"meeting.started","payload":{"account_id":"AAAAAABBBB","object":{"id":"1234567890","topic":"Standup"}},"event_ts":1700000000000}'
const spec: SuiteSpec = {
  provider: 'zoom',
  secret: SECRET,
  body: () => BODY,
  headers: (body, secret, timestamp) => ({ 'x-zm-request-timestamp': String(timestamp), 'x-zm-signature': zoomSignature(secret, timestamp, body) }),
  signatureHeader: 'x-zm-signature',
  timestamped: true
}
const verify = (headers: Record<string, string>) => verifyWebhook({ provider: 'zoom', payload: BODY, secret: SECRET, headers, now_epoch_seconds: NOW }, NOW)

describe('zoom', () => {
  providerBasics(spec)

  it('reports a missing x-zm-request-timestamp, which the signed content starts with', () => {
    const result = verify({ 'x-zm-signature': zoomSignature(SECRET, NOW, BODY) })
    expect(result.reason).toBe('missing_timestamp')
    expect(checkNamed(result, 'signature').status).toBe('skipped')
  })

  it('reads a value without v0= as malformed and says the digest is right', () => {
    const result = verify({ 'x-zm-request-timestamp': String(NOW), 'x-zm-signature': zoomSignature(SECRET, NOW, BODY).slice(3) })
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('the v0= prefix is missing')
    expect(checkNamed(result, 'near_miss_signature_sha256_hex').status).toBe('warning')
  })

  it('finds a signature over the body alone', () => {
    const result = verify({ 'x-zm-request-timestamp': String(NOW), 'x-zm-signature': `v0=${hmacHex(SECRET, BODY)}` })
    expect(checkNamed(result, 'near_miss_body_only_signed').status).toBe('warning')
  })

  it('reports a millisecond timestamp', () => {
    const result = verify({ 'x-zm-request-timestamp': String(NOW * 1000), 'x-zm-signature': zoomSignature(SECRET, NOW * 1000, BODY) })
    expect(result.reason).toBe('timestamp_outside_tolerance')
    expect(checkNamed(result, 'timestamp').detail).toContain('milliseconds')
  })
})
