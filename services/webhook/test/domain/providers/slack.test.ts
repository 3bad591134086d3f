import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { NOW, slackSignature } from '../../helpers/sign.js'

const SECRET = '0123456789abcdef0123456789abcdef'
const BODY = 'token=abc&team_id=T1&command=%2Fdeploy&text=ship+it&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2F1'
const signed = (timestamp: number | string, body = BODY, secret = SECRET) => ({
  'X-Slack-Request-Timestamp': String(timestamp),
  'X-Slack-Signature': slackSignature(secret, timestamp, body)
})
const verify = (headers: Record<string, string>, extra: { payload?: string, secret?: string, tolerance_seconds?: number, now_epoch_seconds?: number } = {}) =>
  verifyWebhook({ provider: 'slack', payload: extra.payload ?? BODY, secret: extra.secret ?? SECRET, headers, tolerance_seconds: extra.tolerance_seconds, now_epoch_seconds: extra.now_epoch_seconds }, NOW)

describe('slack', () => {
  it("verifies Slack's documented signing example at its own time", () => {
    const body = 'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c'
    const result = verifyWebhook({
      provider: 'slack',
      payload: body,
      secret: '8f742231b10e8888abcd99yyyzzz85a5',
      headers: { 'X-Slack-Request-Timestamp': '1531420618', 'X-Slack-Signature': 'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503' },
      now_epoch_seconds: 1531420618
    }, NOW)
    expect(result).toMatchObject({ valid: true, reason: 'valid', replay_protected: true, matched_signature_header: 'x-slack-signature' })
  })

  it('accepts a fresh valid signature, header names in any case', () => {
    expect(verify(signed(NOW)).valid).toBe(true)
    expect(verify({ 'x-slack-request-timestamp': String(NOW), 'X-SLACK-SIGNATURE': slackSignature(SECRET, NOW, BODY) }).valid).toBe(true)
  })

  it('rejects a wrong secret and a changed byte', () => {
    expect(verify(signed(NOW, BODY, 'ffffffffffffffffffffffffffffffff')).reason).toBe('signature_mismatch')
    expect(verify(signed(NOW), { payload: BODY.replace('ship', 'shop') }).reason).toBe('signature_mismatch')
  })

  it('finds a trailing newline', () => {
    const result = verify(signed(NOW), { payload: `${BODY}\n` })
    expect(checkNamed(result, 'near_miss_trailing_newline_removed').status).toBe('warning')
  })

  it('finds a form body re-encoded with %20 instead of +', () => {
    const result = verify(signed(NOW), { payload: BODY.replace('ship+it', 'ship%20it') })
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_form_space_plus').status).toBe('warning')
    expect(result.raw_body_hints.map((hint) => hint.framework)).toContain('Express (form bodies)')
  })

  it.each([
    ['299 s in the past', NOW - 299, true],
    ['exactly 300 s in the past', NOW - 300, true],
    ['301 s in the past', NOW - 301, false],
    ['299 s in the future', NOW + 299, true],
    ['exactly 300 s in the future', NOW + 300, true],
    ['301 s in the future', NOW + 301, false]
  ])('with the default tolerance, a timestamp %s is valid: %s', (_label, timestamp, valid) => {
    const result = verify(signed(timestamp))
    expect(result.valid).toBe(valid)
    expect(result.reason).toBe(valid ? 'valid' : 'timestamp_outside_tolerance')
    expect(checkNamed(result, 'signature').status).toBe('passed')
    expect(result.matched_signature_header).toBe('x-slack-signature')
  })

  it('reports the skew in seconds', () => {
    expect(checkNamed(verify(signed(NOW - 42)), 'timestamp_tolerance').detail).toContain('42 s in the past')
    expect(checkNamed(verify(signed(NOW + 7200)), 'timestamp_tolerance').detail).toContain('7200 s in the future (about 2 hours)')
  })

  it('with tolerance 0 accepts only the same second', () => {
    expect(verify(signed(NOW), { tolerance_seconds: 0 }).valid).toBe(true)
    expect(verify(signed(NOW - 1), { tolerance_seconds: 0 }).reason).toBe('timestamp_outside_tolerance')
    expect(verify(signed(NOW + 1), { tolerance_seconds: 0 }).reason).toBe('timestamp_outside_tolerance')
  })

  it('uses now_epoch_seconds instead of the clock', () => {
    expect(verify(signed(1531420618), { now_epoch_seconds: 1531420618 + 10 }).valid).toBe(true)
  })

  it('reports a missing timestamp', () => {
    const result = verify({ 'X-Slack-Signature': slackSignature(SECRET, NOW, BODY) })
    expect(result.reason).toBe('missing_timestamp')
    expect(checkNamed(result, 'timestamp').status).toBe('failed')
    expect(checkNamed(result, 'signature').status).toBe('skipped')
  })

  it('reports a timestamp that is not an integer', () => {
    const result = verify(signed('1531420618.5'))
    expect(result.reason).toBe('invalid_timestamp')
    expect(checkNamed(result, 'timestamp').detail).toContain('fractional part')
  })

  it('recognises a millisecond timestamp', () => {
    const result = verify(signed(NOW * 1000))
    expect(result.reason).toBe('timestamp_outside_tolerance')
    expect(checkNamed(result, 'timestamp')).toMatchObject({ status: 'warning' })
    expect(checkNamed(result, 'timestamp').detail).toContain('milliseconds')
  })

  it('reports an unknown signature version as malformed', () => {
    const headers = { ...signed(NOW), 'X-Slack-Signature': signed(NOW)['X-Slack-Signature'].replace('v0=', 'v1=') }
    const result = verify(headers)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('unknown signature version')
  })

  it('recognises a bot token passed instead of the signing secret', () => {
    const result = verify(signed(NOW), { secret: 'xoxb-1234-5678-abcdefghijkl' })
    expect(checkNamed(result, 'secret_format').status).toBe('warning')
    expect(checkNamed(result, 'secret_format').detail).toContain('Slack bot token')
    expect(checkNamed(result, 'secret_format').detail).not.toContain('abcdefghijkl')
  })
})
