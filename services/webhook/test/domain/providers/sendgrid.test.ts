import { EventWebhook } from '@sendgrid/eventwebhook'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { changeOneCharacter, providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { NOW, pairsBySecret, sendgridSignature, spkiBase64, TEST_KEYS } from '../../helpers/sign.js'

const PUBLIC_KEY = spkiBase64(TEST_KEYS.p256.publicKey)
const BODY = '[{"email":"example@test.com","timestamp":1700000000,"event":"delivered","sg_event_id":"ZGVsaXZlcmVk","sg_message_id":"14c5d75ce93.dfd.64b469"}]\r\n'
const pairFor = pairsBySecret('p256', PUBLIC_KEY)
const SIGNATURE = 'X-Twilio-Email-Event-Webhook-Signature'
const TIMESTAMP = 'X-Twilio-Email-Event-Webhook-Timestamp'
const spec: SuiteSpec = {
  provider: 'sendgrid',
  secret: PUBLIC_KEY,
  body: () => BODY,
  headers: (body, secret, timestamp) => ({ [SIGNATURE]: sendgridSignature(timestamp, body, pairFor(secret).privateKey), [TIMESTAMP]: String(timestamp) }),
  signatureHeader: SIGNATURE,
  timestamped: true
}

describe('sendgrid', () => {
  providerBasics(spec)

  it('agrees with @sendgrid/eventwebhook on random valid and tampered deliveries', () => {
    const eventWebhook = new EventWebhook()
    const key = eventWebhook.convertPublicKeyToECDSA(PUBLIC_KEY)
    fc.assert(fc.property(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 200 }), fc.nat(), (payload, at) => {
      const headers = spec.headers(payload, PUBLIC_KEY, NOW)
      const sdk = (body: string) => eventWebhook.verifySignature(key, body, headers[SIGNATURE], String(NOW))
      const ours = (body: string) => verifyWebhook({ provider: 'sendgrid', payload: body, secret: PUBLIC_KEY, headers, now_epoch_seconds: NOW }, NOW).valid
      expect(ours(payload)).toBe(true)
      expect(sdk(payload)).toBe(true)
      const changed = changeOneCharacter(payload, at)
      expect(ours(changed)).toBe(sdk(changed))
    }), { numRuns: 40 })
  })

  it('finds the final CRLF lost from the body', () => {
    const signed = request(spec)
    const result = verifyWebhook({ ...signed, payload: BODY.slice(0, -2) }, NOW)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_trailing_crlf_added').detail).toContain('final \\r\\n')
    expect(result.raw_body_hints[0].summary).toBe('The signature matches the payload followed by CRLF')
  })

  it('recognises an API key or a private key given as the secret', () => {
    const apiKey = verifyWebhook({ ...request(spec), secret: 'SG.abcdefghijklmnop.qrstuvwxyz0123456789' }, NOW)
    expect(checkNamed(apiKey, 'secret_format').detail).toContain('a SendGrid API key')
    expect(JSON.stringify(apiKey)).not.toContain('qrstuvwxyz')
    const der = TEST_KEYS.p256.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64')
    const privateKey = verifyWebhook({ ...request(spec), secret: der }, NOW)
    expect(checkNamed(privateKey, 'secret_format')).toMatchObject({ status: 'warning', detail: expect.stringContaining('PKCS #8') })
    expect(privateKey.valid).toBe(false)
  })

  it('refuses a signature that is not base64', () => {
    const headers = { ...request(spec).headers, [SIGNATURE]: 'not base64!' }
    expect(verifyWebhook({ ...request(spec), headers }, NOW).reason).toBe('malformed_signature_header')
  })
})
