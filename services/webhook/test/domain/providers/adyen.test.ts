import { createHmac } from 'node:crypto'
import { PROVIDERS } from '../../../src/domain/providers/index.js'
import { hmacValidator as HmacValidator } from '@adyen/api-library'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { adyenItems, MAX_ITEMS } from '../../../src/domain/providers/adyen.js'
import type { VerifyRequest } from '../../../src/domain/verify.js'
import { replayTestVectors } from '../../../src/domain/replay-vectors.js'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { delivery, SECRETS } from '../../helpers/deliveries.js'
import { changeOneCharacter } from '../../helpers/provider-suite.js'
import { adyenSignature, NOW } from '../../helpers/sign.js'

const KEY = SECRETS.adyen
type Item = Record<string, unknown> & { additionalData?: Record<string, unknown> }
/** A notification item of these fields, signed by the documented construction unless a signature is given. */
function item (fields: Partial<Record<'pspReference' | 'originalReference' | 'merchantReference', string>> & { value?: number } = {}, key = KEY): Item {
  const values = { pspReference: '8815329842815468', merchantAccountCode: 'SuiteMerchantECOM', merchantReference: 'order-7421', ...fields }
  const amount = { value: fields.value ?? 2599, currency: 'EUR' }
  const signed = [values.pspReference, values.originalReference ?? '', values.merchantAccountCode, values.merchantReference, amount.value, amount.currency, 'CAPTURE', 'true']
  const { value: _value, ...rest } = values as typeof values & { value?: number }
  return { ...rest, amount, eventCode: 'CAPTURE', success: 'true', additionalData: { hmacSignature: adyenSignature(key, signed) } }
}
const body = (...items: Item[]): string => JSON.stringify({ live: 'false', notificationItems: items.map((entry) => ({ NotificationRequestItem: entry })) })
const request = (payload: string, secret = KEY): VerifyRequest => ({ provider: 'adyen', payload, secret, headers: { 'Content-Type': 'application/json' } })
const verify = (payload: string, secret = KEY) => verifyWebhook(request(payload, secret), NOW)

describe('adyen', () => {
  it('accepts a valid delivery, naming the body field that matched', () => {
    const result = verifyWebhook(delivery('adyen', '{"note":1}'), NOW)
    expect(result).toMatchObject({ valid: true, reason: 'valid', provider: 'adyen', replay_protected: false, raw_body_hints: [] })
    expect(result.matched_signature_header).toBe('additionalData.hmacSignature')
    expect(checkNamed(result, 'environment').detail).toContain('a test notification')
  })

  it('gives as its replay vector the published vector of Adyen\'s libraries, and refuses it changed', () => {
    const [vector] = replayTestVectors(PROVIDERS.adyen)
    const published = JSON.parse(vector.payload).notificationItems[0].NotificationRequestItem
    expect(vector.secret).toBe('DFB1EB5485895CFA84146406857104ABB4CBCABDC8AAF103A624C8F6A3EAAB00')
    expect(published.additionalData.hmacSignature).toBe('Ny9gS2veKo5E4w8/OL6xz1/wvT/hYkAXy1xNc/QvO4I=')
    expect(verify(vector.payload, vector.secret).valid).toBe(true)
    expect(verify(body({ ...published, success: 'false' }), vector.secret).reason).toBe('signature_mismatch')
  })

  it('rejects a wrong key, saying no variant matched', () => {
    const result = verify(body(item({}, SECRETS.adyen.replace('4478', '9999'))))
    expect(result).toMatchObject({ valid: false, reason: 'signature_mismatch', matched_signature_header: null })
    expect(checkNamed(result, 'near_miss_search').status).toBe('failed')
  })

  it('rejects one changed character of a signed field, and says which fields are not signed', () => {
    const signed = body(item())
    expect(verify(signed.replace('order-7421', 'order-7422')).reason).toBe('signature_mismatch')
    expect(verify(signed.replace('2599', '2598')).reason).toBe('signature_mismatch')
    expect(verify(signed.replace('"CAPTURE"', '"REFUND"')).reason).toBe('signature_mismatch')
    const unsigned = delivery('adyen', 'a reason')
    expect(verify(unsigned.payload.replace('a reason', 'another reason')).valid).toBe(true)
    expect(checkNamed(verify(signed), 'body_integrity').detail).toContain('additionalData, eventDate, reason')
  })

  it('verifies a body re-serialised with other spacing, since it signs fields and not bytes', () => {
    expect(verify(JSON.stringify(JSON.parse(body(item())), null, 2)).valid).toBe(true)
  })

  it('reads nothing from the headers: any names, any case, or none at all', () => {
    expect(verifyWebhook({ ...request(body(item())), headers: { 'CONTENT-TYPE': 'application/json' } }, NOW).valid).toBe(true)
    expect(verifyWebhook({ ...request(body(item())), headers: {} }, NOW).valid).toBe(true)
  })

  it('reports a body without notification items, and points Balance Platform webhooks at generic-hmac', () => {
    const result = verifyWebhook({ ...request('{"type":"balancePlatform.transfer.updated"}'), headers: { HmacSignature: 'abc=' } }, NOW)
    expect(result.reason).toBe('missing_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('"header_name": "HmacSignature"')
    expect(result.raw_body_hints[0].summary).toBe('Adyen\'s signature is inside each notification item, not in a header')
  })

  it('reports an item without hmacSignature, naming it', () => {
    const { additionalData: _unsigned, ...unsigned } = item()
    const result = verify(body(item(), unsigned))
    expect(result.reason).toBe('missing_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('notificationItems[1] has no additionalData.hmacSignature')
  })

  it('reports a signature that is not base64 of 32 bytes as malformed, and finds a hex one', () => {
    const signed = item()
    const hex = Buffer.from(signed.additionalData?.hmacSignature as string, 'base64').toString('hex')
    const result = verify(body({ ...signed, additionalData: { hmacSignature: hex } }))
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'near_miss_signature_sha256_hex').status).toBe('warning')
  })

  it('says there is no signed timestamp to protect against replays', () => {
    expect(checkNamed(verify(body(item())), 'timestamp').status).toBe('skipped')
  })

  it('accepts a batch only when every item matches', () => {
    expect(verify(body(item(), item({ pspReference: '8815329842815469' }))).valid).toBe(true)
    const forged = { ...item({ pspReference: '8815329842815469' }), merchantReference: 'order-0000' }
    const result = verify(body(item(), forged))
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'signature_header').detail).toContain('every item must match')
  })

  it('refuses an object in a signed field as malformed, whatever its members', () => {
    const result = verify(body({ ...item(), pspReference: { toString: 1 } }))
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('has an object where pspReference should be a string or number')
  })

  it('refuses more items than it verifies', () => {
    expect(verify(body(...Array.from({ length: MAX_ITEMS + 1 }, () => item()))).reason).toBe('missing_signature_header')
  })

  it('finds an HMAC whose signer left the empty originalReference out', () => {
    const signed = item()
    const dropped = adyenSignature(KEY, ['8815329842815468', 'SuiteMerchantECOM', 'order-7421', 2599, 'EUR', 'CAPTURE', 'true'])
    const result = verify(body({ ...signed, additionalData: { hmacSignature: dropped } }))
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_empty_fields_dropped').detail).toContain('left the empty fields out')
  })

  it('finds a signer that keyed the HMAC with the key\'s hex characters', () => {
    const signed = item()
    const fields = ['8815329842815468', '', 'SuiteMerchantECOM', 'order-7421', 2599, 'EUR', 'CAPTURE', 'true'].join(':')
    const textKeyed = createHmac('sha256', KEY).update(fields).digest('base64')
    const result = verify(body({ ...signed, additionalData: { hmacSignature: textKeyed } }))
    expect(checkNamed(result, 'near_miss_secret_utf8').detail).toContain('decodes the key from hex first')
  })

  it.each([
    ['a key that is not hex', 'my-adyen-hmac-key', 'not hex'],
    ['an API key', 'AQEyhmfxK4vOaR1Hw0m/n3Q5qf3Ve4pDAJZpV2tZ', 'Adyen API key']
  ])('recognises %s given as the secret', (_label, secret, finding) => {
    const result = verify(body(item()), secret)
    expect(result.valid).toBe(false)
    expect(checkNamed(result, 'secret_format').detail).toContain(finding)
  })

  it('finds the matching entry of a rotation', () => {
    const result = verifyWebhook({ ...request(body(item())), secret: undefined, secrets: [SECRETS.adyen.replace('4478', '0000'), KEY] }, NOW)
    expect(result).toMatchObject({ valid: true, matched_secret_index: 1 })
  })

  it('agrees with @adyen/api-library\'s hmacValidator on random items and keys, valid and tampered', () => {
    const validator = new HmacValidator()
    const hexKey = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('hex').toUpperCase())
    const text = fc.string({ unit: 'grapheme', maxLength: 40 })
    fc.assert(fc.property(hexKey, text, fc.option(text, { nil: undefined }), text, fc.nat({ max: 10_000_000 }), fc.nat(), (key, psp, original, reference, value, at) => {
      const fields = [psp, original ?? '', 'Merchant', reference, value, 'EUR', 'AUTHORISATION', 'true']
      const entry = {
        pspReference: psp,
        ...(original === undefined ? {} : { originalReference: original }),
        merchantAccountCode: 'Merchant',
        merchantReference: reference,
        amount: { value, currency: 'EUR' },
        eventCode: 'AUTHORISATION',
        success: 'true',
        additionalData: { hmacSignature: validator.calculateHmac(fields.join(':'), key) }
      }
      expect(validator.validateHMAC(entry as never, key)).toBe(true)
      expect(verify(body(entry), key).valid).toBe(true)
      const tampered = { ...entry, merchantReference: changeOneCharacter(`${reference}x`, at) }
      expect(verify(body(tampered), key).valid).toBe(validator.validateHMAC(tampered as never, key))
    }), { numRuns: 100 })
  })

  it('reads the signed fields as the SDK joins them', () => {
    const parsed = adyenItems(body(item({ originalReference: 'orig' })))
    expect(parsed).toMatchObject({ items: [{ fields: ['8815329842815468', 'orig', 'SuiteMerchantECOM', 'order-7421', '2599', 'EUR', 'CAPTURE', 'true'] }] })
    expect(adyenItems('{"notificationItems":[]}')).toEqual({ problem: 'the body has no notificationItems' })
    expect(adyenItems('{"notificationItems":[{}]}')).toEqual({ problem: 'notificationItems[0] has no NotificationRequestItem object' })
  })
})
