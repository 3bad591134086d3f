import { createHmac, generateKeyPairSync, sign } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { Webhook as SvixWebhook } from 'svix'
import { describe, expect, it } from 'vitest'
import { UnusableSecret } from '../../../src/domain/key-formats.js'
import { standardWebhooks } from '../../../src/domain/providers/standard-webhooks.js'
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

describe('standard-webhooks against standardwebhooks and svix, on the spellings they read differently', () => {
  const now = Math.floor(Date.now() / 1000)
  // 0xfb 0xff in the key put "+" and "/" in its base64, so that its URL-safe spelling differs
  const KEY = Buffer.concat([Buffer.from([0xfb, 0xff, 0xbf]), Buffer.from('a 32-byte key for the libraries')])
  const STANDARD = `whsec_${KEY.toString('base64')}`
  const libraries = [['standardwebhooks', Webhook], ['svix', SvixWebhook]] as const
  // What a library says of a delivery: false when it throws, the constructor included (a secret it cannot read).
  const librarySays = (Library: typeof Webhook | typeof SvixWebhook, secret: string, h: Record<string, string>, payload = BODY): boolean => {
    try {
      new Library(secret).verify(payload, h)
      return true
    } catch {
      return false
    }
  }
  const ours = (h: Record<string, string>, secret = STANDARD) =>
    verifyWebhook({ provider: 'standard-webhooks', payload: BODY, secret, headers: h, now_epoch_seconds: now }, 0)
  const mac = (timestamp: string) => `v1,${createHmac('sha256', KEY).update(`${ID}.${timestamp}.${BODY}`).digest('base64')}`
  const delivery = (timestamp: string, signature = mac(timestamp)) => ({ 'webhook-id': ID, 'webhook-timestamp': timestamp, 'webhook-signature': signature })

  it.each(libraries)('verifies what %s signs, and the library what this service signs', (_name, Library) => {
    const h = { 'webhook-id': ID, 'webhook-timestamp': String(now), 'webhook-signature': new Library(STANDARD).sign(ID, new Date(now * 1000), BODY) }
    expect(ours(h).valid).toBe(true)
    const signed = standardWebhooks.sign({ body: BODY, secret: STANDARD, timestamp: now, id: ID })
    expect(librarySays(Library, STANDARD, signed)).toBe(true)
  })

  // The header text was signed as sent here, where the libraries sign the number: "0<t>" signed as such verified.
  it.each(libraries)('refuses a timestamp with leading zeros whichever text is signed, as %s does for the text', (_name, Library) => {
    for (const zeros of ['0', '00']) {
      const asSent = delivery(`${zeros}${now}`)
      expect(librarySays(Library, STANDARD, asSent)).toBe(false)
      expect(ours(asSent)).toMatchObject({ valid: false, reason: 'invalid_timestamp' })
      // the library's reading (the number signed): a deliberate difference, as for "+<t>" (README, Decisions)
      const asParsed = delivery(`${zeros}${now}`, mac(String(now)))
      expect(librarySays(Library, STANDARD, asParsed)).toBe(true)
      expect(ours(asParsed)).toMatchObject({ valid: false, reason: 'invalid_timestamp' })
      expect(checkNamed(ours(asParsed), 'timestamp').detail).toContain('leading zero')
    }
  })

  // A 32-byte digest is 43 characters and "=": the last one carries 2 unused bits, so 4 spellings decode alike.
  it.each(libraries)('agrees with %s on every spelling of the last base64 character of a signature', (_name, Library) => {
    const signature = new Library(STANDARD).sign(ID, new Date(now * 1000), BODY)
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
    const at = signature.length - 2
    const spellings = [...alphabet].map((char) => signature.slice(0, at) + char + signature.slice(at + 1))
      .filter((spelling) => Buffer.from(spelling.slice(3), 'base64').equals(Buffer.from(signature.slice(3), 'base64')))
    expect(spellings).toHaveLength(4)
    for (const spelling of spellings) {
      const h = delivery(String(now), spelling)
      expect(ours(h).valid, spelling).toBe(librarySays(Library, STANDARD, h))
    }
    expect(spellings.filter((spelling) => ours(delivery(String(now), spelling)).valid)).toEqual([signature])
    // alone in its header, another spelling is no signature at all
    const other = spellings.find((spelling) => spelling !== signature) as string
    expect(ours(delivery(String(now), other)).reason).toBe('malformed_signature_header')
  })

  it.each(libraries)('agrees with %s on the spellings of the secret: unpadded, stray bits, URL-safe', (_name, Library) => {
    const h = delivery(String(now))
    const unpadded = STANDARD.replace(/=+$/, '')
    const urlSafe = `whsec_${KEY.toString('base64url')}`
    expect(urlSafe.slice('whsec_'.length)).toMatch(/[-_]/)
    // 34 bytes end in one byte: its last character carries 4 unused bits, which both decoders ignore in a key
    const last = STANDARD.length - 3
    const strayBits = STANDARD.slice(0, last) + String.fromCharCode(STANDARD.charCodeAt(last) + 1) + STANDARD.slice(last + 1)
    expect(Buffer.from(strayBits.slice('whsec_'.length), 'base64')).toEqual(KEY)
    for (const secret of [STANDARD, unpadded, strayBits, urlSafe]) expect(ours(h, secret).valid, secret).toBe(librarySays(Library, secret, h))
    expect([ours(h, unpadded).valid, ours(h, strayBits).valid, ours(h, urlSafe).valid]).toEqual([true, true, false])
  })

  // "AA" decodes to one zero byte, and HMAC pads its key with zeros: the key was the empty key, signed and verified here.
  it.each(libraries)('refuses a secret under 4 characters, as %s does, and never signs with it', (_name, Library) => {
    const tiny = 'whsec_AA'
    const h = delivery(String(now), `v1,${createHmac('sha256', Buffer.alloc(0)).update(`${ID}.${now}.${BODY}`).digest('base64')}`)
    expect(librarySays(Library, tiny, h)).toBe(false)
    expect(() => new Library(tiny)).toThrow('incorrect padding')
    const result = ours(h, tiny)
    expect(result.valid).toBe(false)
    expect(checkNamed(result, 'secret_format')).toMatchObject({ status: 'failed', detail: expect.stringContaining('not base64') })
    expect(() => standardWebhooks.sign({ body: BODY, secret: tiny, timestamp: now, id: ID })).toThrow(UnusableSecret)
  })

  it('says a URL-safe secret is in the wrong alphabet, and that the signature matches its bytes', () => {
    const result = ours(delivery(String(now)), `whsec_${KEY.toString('base64url')}`)
    expect(result).toMatchObject({ valid: false, reason: 'signature_mismatch' })
    expect(checkNamed(result, 'secret_format')).toMatchObject({ status: 'failed', detail: expect.stringContaining('URL-safe alphabet') })
    expect(checkNamed(result, 'near_miss_secret_url_safe_decoded').status).toBe('warning')
    // the same secret with a stray "=" is not URL-safe: no such diagnosis
    const stray = ours(delivery(String(now)), `${STANDARD}=`)
    expect(checkNamed(stray, 'secret_format').detail).not.toContain('URL-safe')
  })
})
