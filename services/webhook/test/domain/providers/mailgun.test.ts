import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { mailgunFields } from '../../../src/domain/providers/mailgun.js'
import type { VerifyRequest } from '../../../src/domain/verify.js'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { delivery, MAILGUN_TOKEN, SECRETS } from '../../helpers/deliveries.js'
import { changeOneCharacter, toleranceEdges } from '../../helpers/provider-suite.js'
import { mailgunSignature, NOW } from '../../helpers/sign.js'

const KEY = SECRETS.mailgun
const EVENT = '{"event":"delivered","id":"CPgfbmQMTCKtHW6uIWtuVe","recipient":"alice@example.com"}'
const sent = (timestamp = NOW, secret = KEY): VerifyRequest => delivery('mailgun', EVENT, timestamp, secret)
/** A JSON delivery whose signature object is given field by field. */
const withSignature = (signature: Record<string, unknown>): VerifyRequest =>
  ({ ...sent(), payload: JSON.stringify({ signature, 'event-data': JSON.parse(EVENT) }) })
const verify = (request: VerifyRequest) => verifyWebhook(request, NOW)

describe('mailgun', () => {
  it('accepts a valid delivery, naming the body field that matched', () => {
    const result = verify(sent())
    expect(result).toMatchObject({ valid: true, reason: 'valid', provider: 'mailgun', replay_protected: true, raw_body_hints: [] })
    expect(result.matched_signature_header).toBe('signature.signature')
    expect(checkNamed(result, 'idempotency_key').detail).toContain('signature.token')
  })

  it('rejects a wrong secret, saying no variant matched', () => {
    const result = verify({ ...sent(NOW, `${KEY}-other`), secret: KEY })
    expect(result).toMatchObject({ valid: false, reason: 'signature_mismatch', matched_signature_header: null })
    expect(checkNamed(result, 'near_miss_search').status).toBe('failed')
  })

  it('rejects one changed character of the signed token or timestamp', () => {
    const request = sent()
    expect(verify({ ...request, payload: request.payload.replace(MAILGUN_TOKEN, changeOneCharacter(MAILGUN_TOKEN, 7)) }).reason).toBe('signature_mismatch')
    const signature = mailgunSignature(KEY, String(NOW), MAILGUN_TOKEN)
    expect(verify(withSignature({ timestamp: String(NOW - 1), token: MAILGUN_TOKEN, signature })).reason).toBe('signature_mismatch')
  })

  it('accepts a changed event-data, which Mailgun does not sign, and says so on every delivery', () => {
    const request = sent()
    const result = verify({ ...request, payload: request.payload.replace('alice@', 'mallory@') })
    expect(result.valid).toBe(true)
    expect(checkNamed(result, 'body_integrity')).toMatchObject({ status: 'warning', detail: expect.stringContaining('not event-data') })
  })

  it('reads nothing from the headers: any names, any case, or none at all', () => {
    expect(verify({ ...sent(), headers: { 'CONTENT-TYPE': 'application/json' } }).valid).toBe(true)
    expect(verify({ ...sent(), headers: {} }).valid).toBe(true)
  })

  it('reports a body without the signature object, telling where Mailgun puts it', () => {
    const result = verify({ ...sent(), payload: EVENT })
    expect(result.reason).toBe('missing_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('a signature object with timestamp, token and signature in the JSON body')
    expect(result.raw_body_hints[0].summary).toBe('Mailgun\'s signature is inside the body, not in a header')
  })

  it('says what to pass for a multipart route post', () => {
    const result = verify({ ...sent(), payload: '--boundary\r\nContent-Disposition: form-data; name="token"\r\n\r\nabc\r\n--boundary--' })
    expect(checkNamed(result, 'signature_header').detail).toContain('timestamp=...&token=...&signature=...')
  })

  it('reports a missing token as a missing signature part, and a missing timestamp as missing_timestamp', () => {
    const signature = mailgunSignature(KEY, String(NOW), MAILGUN_TOKEN)
    expect(verify(withSignature({ timestamp: String(NOW), signature })).reason).toBe('missing_signature_header')
    const result = verify(withSignature({ token: MAILGUN_TOKEN, signature }))
    expect(result.reason).toBe('missing_timestamp')
    expect(checkNamed(result, 'timestamp').detail).toContain('signature.timestamp is missing')
  })

  it('reports a signature that is not 64 hex characters as malformed, and finds a base64 one', () => {
    const signature = Buffer.from(mailgunSignature(KEY, String(NOW), MAILGUN_TOKEN), 'hex').toString('base64')
    const result = verify(withSignature({ timestamp: String(NOW), token: MAILGUN_TOKEN, signature }))
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'near_miss_signature_sha256_base64').status).toBe('warning')
  })

  toleranceEdges(sent)

  it('reads a timestamp sent as a JSON number as the same seconds', () => {
    expect(verify(withSignature({ timestamp: NOW, token: MAILGUN_TOKEN, signature: mailgunSignature(KEY, String(NOW), MAILGUN_TOKEN) })).valid).toBe(true)
  })

  it('finds the token and the timestamp joined the other way round', () => {
    const signature = mailgunSignature(KEY, MAILGUN_TOKEN, String(NOW)) // token first: the wrong order
    const result = verify(withSignature({ timestamp: String(NOW), token: MAILGUN_TOKEN, signature }))
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_token_before_timestamp').detail).toContain('Mailgun signs the timestamp then the token')
    expect(result.raw_body_hints[0].summary).toBe('The signature matches the token followed by the timestamp')
  })

  it('gives no raw-body framework advice, since the body\'s bytes are not signed', () => {
    const result = verify({ ...sent(NOW, `${KEY}-other`), secret: KEY })
    expect(result.raw_body_hints.map((hint) => hint.framework)).toEqual(['any', 'any'])
    expect(result.raw_body_hints[1].summary).toContain('not the body\'s bytes')
  })

  it('verifies a legacy webhook or route posting form fields', () => {
    const signature = mailgunSignature(KEY, String(NOW), MAILGUN_TOKEN)
    const payload = `domain=mg.example.com&timestamp=${NOW}&token=${MAILGUN_TOKEN}&signature=${signature}&event=delivered`
    const result = verify({ ...sent(), payload })
    expect(result).toMatchObject({ valid: true, matched_signature_header: 'signature' })
  })

  it('accepts the primary account\'s parent-signature of a subaccount\'s event, and only with its key', () => {
    const parent = 'mailgun-primary-account-signing-key'
    const body = { timestamp: String(NOW), token: MAILGUN_TOKEN, signature: mailgunSignature(KEY, String(NOW), MAILGUN_TOKEN) }
    const request = withSignature({ ...body, 'parent-signature': mailgunSignature(parent, String(NOW), MAILGUN_TOKEN) })
    expect(verify({ ...request, secret: parent })).toMatchObject({ valid: true, matched_signature_header: 'signature.signature' })
    expect(checkNamed(verify({ ...request, secret: parent }), 'signature').detail).toContain('signature.parent-signature')
    expect(verify({ ...request, secret: 'another-key' }).valid).toBe(false)
  })

  it('finds the matching entry of a rotation, one MAC per secret', () => {
    const result = verify({ ...sent(), secret: undefined, secrets: ['old-key', 'older-key', KEY] })
    expect(result).toMatchObject({ valid: true, matched_secret_index: 2 })
  })

  it.each([
    ['a private API key', '0123456789abcdef0123456789abcdef-0123abcd-4567ef01', 'Mailgun private API key'],
    ['the public validation key', 'pubkey-0123456789abcdef0123456789abcdef', 'public validation key']
  ])('recognises %s given as the secret', (_label, secret, finding) => {
    const result = verify({ ...sent(), secret })
    expect(result.valid).toBe(false)
    expect(checkNamed(result, 'secret_format').detail).toContain(finding)
  })

  it('agrees with the documented construction on random tokens, timestamps and keys, valid and tampered', () => {
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 60 }), fc.integer({ min: NOW - 200, max: NOW + 200 }), fc.string({ minLength: 1 }),
      fc.nat(), (token, timestamp, key, at) => {
        const signature = { timestamp: String(timestamp), token, signature: mailgunSignature(key, String(timestamp), token) }
        const payload = JSON.stringify({ signature, 'event-data': { id: token } })
        expect(verify({ ...sent(), payload, secret: key }).valid).toBe(true)
        const tampered = JSON.stringify({ signature: { ...signature, token: changeOneCharacter(token, at) }, 'event-data': {} })
        expect(verify({ ...sent(), payload: tampered, secret: key }).reason).toBe('signature_mismatch')
      }), { numRuns: 100 })
  })

  it('parses only the top-level signature object', () => {
    expect(mailgunFields('{"event-data":{"signature":{"token":"t"}}}')).toBeUndefined()
    expect(mailgunFields('[1]')).toBeUndefined()
    expect(mailgunFields('event=delivered')).toBeUndefined()
  })
})
