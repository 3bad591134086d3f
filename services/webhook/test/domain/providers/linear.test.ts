import { describe, expect, it } from 'vitest'
import { PROVIDERS } from '../../../src/domain/providers/index.js'
import { bodyTimestamp } from '../../../src/domain/providers/linear.js'
import { signDelivery } from '../../../src/domain/sign.js'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { hmacHex, NOW } from '../../helpers/sign.js'

const SECRET = 'lin_wh_0123456789abcdefghijklmnopqrstuvwxyzABCD'
const body = (millis: number | string): string =>
  `{"action":"create","type":"Issue","data":{"id":"2174add1","title":"Fix the login"},"webhookTimestamp":${millis}}`
const spec: SuiteSpec = {
  provider: 'linear',
  secret: SECRET,
  body: (timestamp) => body(timestamp * 1000 + 417),
  headers: (payload, secret) => ({ 'Linear-Signature': hmacHex(secret, payload), 'Linear-Delivery': '234d1a4e-b617-4388-90fe-adc3633d6b72' }),
  signatureHeader: 'Linear-Signature',
  timestamped: true
}
const verify = (payload: string, headers: Record<string, string> = {}) => verifyWebhook({
  provider: 'linear', payload, secret: SECRET, headers: { 'Linear-Signature': hmacHex(SECRET, payload), ...headers }, now_epoch_seconds: NOW
}, NOW)

describe('linear', () => {
  providerBasics(spec)

  it('signs the payload as given with webhookTimestamp written first, so its layout survives signing', () => {
    const payload = '{\n  "type": "Issue",\n  "data": { "title": "Fix the login" }\n}'
    const signed = signDelivery(PROVIDERS.linear, { payload, secret: SECRET, timestamp: NOW }, NOW)
    expect(signed.payload).toBe(`{"webhookTimestamp":${NOW * 1000},\n  "type": "Issue",\n  "data": { "title": "Fix the login" }\n}`)
    expect(verify(signed.payload).valid).toBe(true)
    // A payload that already holds the field, or holds nothing else, is written again with the field set.
    expect(signDelivery(PROVIDERS.linear, { payload: '{"webhookTimestamp": 1}', secret: SECRET, timestamp: NOW }, NOW).payload)
      .toBe(`{"webhookTimestamp":${NOW * 1000}}`)
    expect(signDelivery(PROVIDERS.linear, { payload: ' { } ', secret: SECRET, timestamp: NOW }, NOW).payload).toBe(`{"webhookTimestamp":${NOW * 1000}}`)
  })

  it('reads webhookTimestamp as milliseconds', () => {
    const result = verify(body(NOW * 1000))
    expect(result.valid).toBe(true)
    expect(checkNamed(result, 'timestamp').detail).toContain(`${NOW * 1000} ms`)
  })

  it('judges freshness on the signed body, not on a fresh Linear-Timestamp header, and says so', () => {
    const stale = body((NOW - 3600) * 1000)
    const result = verify(stale, { 'Linear-Timestamp': String(NOW * 1000) })
    expect(result.reason).toBe('timestamp_outside_tolerance')
    expect(checkNamed(result, 'timestamp_source')).toMatchObject({ status: 'warning', detail: expect.stringContaining('only the body\'s field is signed') })
  })

  it('says nothing about the header when it agrees with the body', () => {
    const result = verify(body(NOW * 1000), { 'Linear-Timestamp': String(NOW * 1000) })
    expect(result.checks.map((check) => check.name)).not.toContain('timestamp_source')
  })

  it('refuses a body without webhookTimestamp even when the header has a time, the signature still checked', () => {
    const payload = '{"action":"create","type":"Issue","data":{"id":"2174add1"}}'
    const result = verify(payload, { 'Linear-Timestamp': String(NOW * 1000) })
    expect(result.reason).toBe('missing_timestamp')
    expect(checkNamed(result, 'timestamp').detail).toContain('Linear-Timestamp header is present but not signed')
    expect(checkNamed(result, 'signature').status).toBe('passed')
  })

  it('refuses a webhookTimestamp that is not a number', () => {
    expect(verify(body('"2023-11-14T22:13:20Z"')).reason).toBe('invalid_timestamp')
    expect(bodyTimestamp(body('1.5'))).toEqual({ problem: 'webhookTimestamp is not a whole non-negative number', missing: false })
    expect(bodyTimestamp('[1]')).toMatchObject({ missing: true })
    expect(bodyTimestamp('{"data":{"webhookTimestamp":1}}')).toMatchObject({ missing: true })
  })

  it('finds a body that was re-serialised with a pretty printer', () => {
    const sent = body(NOW * 1000)
    const result = verifyWebhook({ ...verifyRequest(sent), payload: JSON.stringify(JSON.parse(sent), null, 2) }, NOW)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_json_compact').status).toBe('warning')
  })

  it('recognises an API key given as the secret', () => {
    const result = verifyWebhook({ ...request(spec), secret: 'lin_api_0123456789abcdefghij' }, NOW)
    expect(checkNamed(result, 'secret_format').detail).toContain('a Linear API key')
  })
})

function verifyRequest (payload: string) {
  return { provider: 'linear' as const, payload, secret: SECRET, headers: { 'Linear-Signature': hmacHex(SECRET, payload) }, now_epoch_seconds: NOW }
}
