import { createHmac, generateKeyPairSync, sign } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { NOW, standardSignature } from '../../helpers/sign.js'

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
const ID = 'msg_2Lv8Zq1NrQe0s9xK'
const BODY = '{"type":"user.created","data":{"id":"user_29w83sxmDNGwOuEthce5gg56FcC","name":"Zoë 🚀"}}'
const headers = (timestamp: number, body = BODY, secret = SECRET, family = 'webhook') => ({
  [`${family}-id`]: ID,
  [`${family}-timestamp`]: String(timestamp),
  [`${family}-signature`]: standardSignature(secret, ID, timestamp, body)
})
const verify = (h: Record<string, string>, extra: { payload?: string, secret?: string, secrets?: string[], tolerance_seconds?: number } = {}) =>
  verifyWebhook({
    provider: 'standard-webhooks',
    payload: extra.payload ?? BODY,
    ...(extra.secrets === undefined ? { secret: extra.secret ?? SECRET } : { secrets: extra.secrets }),
    headers: h,
    tolerance_seconds: extra.tolerance_seconds
  }, NOW)

describe('standard-webhooks', () => {
  it('verifies the Standard Webhooks reference vector', () => {
    const result = verifyWebhook({
      provider: 'standard-webhooks',
      payload: '{"test": 2432232314}',
      secret: SECRET,
      headers: { 'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek', 'webhook-timestamp': '1614265330', 'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' },
      now_epoch_seconds: 1614265330
    }, NOW)
    expect(result).toMatchObject({ valid: true, signature_scheme: 'hmac-sha256-base64', replay_protected: true, matched_signature_header: 'webhook-signature' })
  })

  it('accepts the svix-* header names', () => {
    expect(verify(headers(NOW, BODY, SECRET, 'svix'))).toMatchObject({ valid: true, matched_signature_header: 'svix-signature' })
  })

  it('accepts the secret with or without whsec_', () => {
    expect(verify(headers(NOW), { secret: SECRET.slice('whsec_'.length) }).valid).toBe(true)
  })

  it('matches header names in any case', () => {
    const upper = Object.fromEntries(Object.entries(headers(NOW)).map(([name, value]) => [name.toUpperCase(), value]))
    expect(verify(upper).valid).toBe(true)
  })

  it('accepts any v1 entry, skipping v1a entries', () => {
    const h = headers(NOW)
    h['webhook-signature'] = `v1a,bm90IGFuIGVkMjU1MTkgc2lnbmF0dXJl v1,${Buffer.alloc(32).toString('base64')} ${h['webhook-signature']}`
    const result = verify(h)
    expect(result.valid).toBe(true)
    expect(checkNamed(result, 'signature').detail).toContain('v1 entry 3 of 3')
    expect(checkNamed(result, 'signature_header').detail).toContain('v1a (ed25519) skipped')
  })

  it('reports only v1a entries as missing an HMAC signature', () => {
    const h = { ...headers(NOW), 'webhook-signature': 'v1a,bm90IGFuIGVkMjU1MTkgc2lnbmF0dXJl' }
    expect(verify(h).reason).toBe('missing_signature_header')
  })

  it('rejects a wrong secret, a changed byte and a trailing newline', () => {
    expect(verify(headers(NOW, BODY, 'whsec_' + Buffer.from('another secret of 24 bytes!').toString('base64'))).reason).toBe('signature_mismatch')
    expect(verify(headers(NOW), { payload: BODY.replace('Zoë', 'Zoe') }).reason).toBe('signature_mismatch')
    const newline = verify(headers(NOW), { payload: `${BODY}\n` })
    expect(checkNamed(newline, 'near_miss_trailing_newline_removed').status).toBe('warning')
  })

  it('finds a payload in the other Unicode normal form', () => {
    const composed = BODY
    const decomposed = BODY.normalize('NFD')
    expect(decomposed).not.toBe(composed)
    const result = verify(headers(NOW, composed), { payload: decomposed })
    expect(checkNamed(result, 'near_miss_unicode_nfc').status).toBe('warning')
  })

  it.each([
    ['inside the tolerance', NOW - 200, true, 'valid'],
    ['exactly at the tolerance', NOW + 300, true, 'valid'],
    ['beyond the tolerance in the past', NOW - 301, false, 'timestamp_outside_tolerance'],
    ['beyond the tolerance in the future', NOW + 301, false, 'timestamp_outside_tolerance']
  ])('a timestamp %s', (_label, timestamp, valid, reason) => {
    expect(verify(headers(timestamp))).toMatchObject({ valid, reason })
  })

  it('reports missing id and timestamp headers', () => {
    const { 'webhook-id': _id, ...noId } = headers(NOW)
    expect(verify(noId).reason).toBe('missing_signature_header')
    expect(checkNamed(verify(noId), 'message_id').detail).toContain('starts the signed content')
    const { 'webhook-timestamp': _ts, ...noTimestamp } = headers(NOW)
    expect(verify(noTimestamp).reason).toBe('missing_timestamp')
  })

  it('fails a secret that is not base64 and finds a sender that used it verbatim', () => {
    const secret = 'whsec_not*base64*at*all'
    const mac = (key: string) => `v1,${createHmac('sha256', key).update(`${ID}.${NOW}.${BODY}`).digest('base64')}`
    const result = verify({ ...headers(NOW), 'webhook-signature': mac(secret) }, { secret })
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'secret_format').status).toBe('failed')
    expect(checkNamed(result, 'near_miss_secret_verbatim').status).toBe('warning')
  })
})

describe('standard-webhooks v1a (ed25519)', () => {
  const pair = generateKeyPairSync('ed25519')
  const raw = Buffer.from(pair.publicKey.export({ format: 'jwk' }).x as string, 'base64url')
  const PUBLIC = `whpk_${raw.toString('base64')}`
  // The specification's construction: Ed25519 over "<id>.<timestamp>.<body>", base64, after "v1a,".
  const v1a = (timestamp: number, body = BODY, key = pair.privateKey) => `v1a,${sign(null, Buffer.from(`${ID}.${timestamp}.${body}`), key).toString('base64')}`
  const asymmetric = (timestamp: number, signature = v1a(timestamp)) => ({ 'webhook-id': ID, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature })

  it('verifies a v1a signature with the whpk_ public key, skipping v1 entries', () => {
    const result = verify(asymmetric(NOW, `v1,${Buffer.alloc(32).toString('base64')} ${v1a(NOW)}`), { secret: PUBLIC })
    expect(result).toMatchObject({ valid: true, signature_scheme: 'ed25519-base64', matched_secret_index: 0 })
    expect(checkNamed(result, 'signature').detail).toContain('v1a entry 2 of 2 is a valid Ed25519 signature')
    expect(checkNamed(result, 'signature_header').detail).toContain('1 v1 (HMAC) skipped')
  })

  it('rejects another key, one changed byte and stale timestamps', () => {
    const other = generateKeyPairSync('ed25519').privateKey
    expect(verify(asymmetric(NOW, v1a(NOW, BODY, other)), { secret: PUBLIC }).reason).toBe('signature_mismatch')
    expect(verify(asymmetric(NOW), { secret: PUBLIC, payload: BODY.replace('Zoë', 'Zoe') }).reason).toBe('signature_mismatch')
    expect(verify(asymmetric(NOW - 301), { secret: PUBLIC }).reason).toBe('timestamp_outside_tolerance')
    expect(verify(asymmetric(NOW + 301), { secret: PUBLIC }).reason).toBe('timestamp_outside_tolerance')
  })

  it('reports a header with only v1 entries as missing a v1a signature', () => {
    expect(verify(headers(NOW), { secret: PUBLIC }).reason).toBe('missing_signature_header')
  })

  it('finds a trailing newline with the public key', () => {
    const result = verify(asymmetric(NOW), { secret: PUBLIC, payload: `${BODY}\n` })
    expect(checkNamed(result, 'near_miss_trailing_newline_removed').status).toBe('warning')
  })

  it('verifies through a rotation from the HMAC secret to a public key, whichever of the two is listed first', () => {
    const OLD = 'whsec_b2xkIHNlY3JldCBvZiB0aGUgc2VuZGVyIQ=='
    const signedV1a = verify(asymmetric(NOW), { secrets: [OLD, PUBLIC] })
    expect(signedV1a).toMatchObject({ valid: true, signature_scheme: 'ed25519-base64', matched_secret_index: 1 })
    const signedV1 = verify(headers(NOW), { secrets: [PUBLIC, SECRET] })
    expect(signedV1).toMatchObject({ valid: true, signature_scheme: 'hmac-sha256-base64', matched_secret_index: 1 })
    // a public key that did not sign fails as before
    expect(verify(asymmetric(NOW), { secrets: [OLD, `whpk_${Buffer.alloc(32, 7).toString('base64')}`] }).reason).toBe('signature_mismatch')
  })

  it('recognises the whsk_ signing key given as the secret, and never uses it', () => {
    const result = verify(asymmetric(NOW), { secret: `whsk_${Buffer.alloc(32, 1).toString('base64')}` })
    expect(result.valid).toBe(false)
    expect(checkNamed(result, 'secret_format')).toMatchObject({ status: 'warning', detail: expect.stringContaining('signing (private) key') })
  })
})
