import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { hmacHex, NOW, rfc3339, twitchSignature } from '../../helpers/sign.js'

const ID = 'befa7b53-d79d-478f-86b9-120f112b044e'
const spec: SuiteSpec = {
  provider: 'twitch',
  secret: 's3cre7-eventsub-secret',
  body: () => '{"subscription":{"id":"f1c2a387","type":"channel.follow","version":"2"},"event":{"user_id":"1337","user_login":"awesome_user"}}',
  headers: (body, secret, timestamp) => ({
    'Twitch-Eventsub-Message-Id': ID,
    'Twitch-Eventsub-Message-Timestamp': rfc3339(timestamp),
    'Twitch-Eventsub-Message-Type': 'notification',
    'Twitch-Eventsub-Message-Signature': twitchSignature(secret, ID, rfc3339(timestamp), body)
  }),
  signatureHeader: 'Twitch-Eventsub-Message-Signature',
  timestamped: true
}
const withHeaders = (headers: Record<string, string>) => {
  const signed = request(spec)
  return verifyWebhook({ ...signed, headers: { ...signed.headers, ...headers } }, NOW)
}

describe('twitch', () => {
  providerBasics(spec)

  it('signs the timestamp as sent, nanoseconds included, and compares it with the clock in seconds', () => {
    const result = verifyWebhook(request(spec), NOW)
    expect(checkNamed(result, 'timestamp').detail).toContain('parsed: 2023-11-14T22:13:20.634234626Z')
    expect(checkNamed(result, 'timestamp_tolerance').detail).toContain('the same second as now')
  })

  it('refuses a timestamp in Unix seconds, naming the format Twitch sends', () => {
    const result = withHeaders({ 'Twitch-Eventsub-Message-Timestamp': String(NOW) })
    expect(result.reason).toBe('invalid_timestamp')
    expect(checkNamed(result, 'timestamp').detail).toContain('RFC 3339')
  })

  it('reports a missing message id, which starts the signed content', () => {
    const signed = request(spec)
    const { 'Twitch-Eventsub-Message-Id': _id, ...headers } = signed.headers
    const result = verifyWebhook({ ...signed, headers }, NOW)
    expect(result.reason).toBe('missing_signature_header')
    expect(checkNamed(result, 'message_id').detail).toContain('starts the signed content')
  })

  it('finds a signature over the body alone', () => {
    const result = withHeaders({ 'Twitch-Eventsub-Message-Signature': `sha256=${hmacHex(spec.secret, spec.body(NOW))}` })
    expect(checkNamed(result, 'near_miss_body_only_signed').status).toBe('warning')
  })

  it('signs the timestamp with its offset as sent', () => {
    const time = '2023-11-14T23:13:20.5+01:00'
    const headers = { 'Twitch-Eventsub-Message-Timestamp': time, 'Twitch-Eventsub-Message-Signature': twitchSignature(spec.secret, ID, time, spec.body(NOW)) }
    expect(withHeaders(headers).valid).toBe(true)
  })
})
