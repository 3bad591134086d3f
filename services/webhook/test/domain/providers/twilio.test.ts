import { createHash } from 'node:crypto'
import fc from 'fast-check'
import twilioSdk from 'twilio'
import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { changeOneCharacter, providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { NOW, twilioSignature } from '../../helpers/sign.js'

const TOKEN = '9c1e0f4b7a2d48e3b5c6a7f8e9d0c1b2'
const URL = 'https://example.com/webhooks/sms?tenant=7&mode=live'
const FORM = 'MessageSid=SM1234567890abcdef&From=%2B15005550006&To=%2B15005550009&Body=Hello+world%21+%F0%9F%9A%80&NumMedia=0'
const spec: SuiteSpec = {
  provider: 'twilio',
  secret: TOKEN,
  body: () => FORM,
  headers: (body, secret) => ({ 'X-Twilio-Signature': twilioSignature(secret, URL, body) }),
  signatureHeader: 'X-Twilio-Signature',
  timestamped: false,
  url: URL
}
const verify = (url: string, signedUrl: string, body = FORM) =>
  verifyWebhook({ provider: 'twilio', payload: body, secret: TOKEN, url, headers: { 'X-Twilio-Signature': twilioSignature(TOKEN, signedUrl, body) } }, NOW)
const jsonUrl = (base: string, body: string) => `${base}${base.includes('?') ? '&' : '?'}bodySHA256=${createHash('sha256').update(body).digest('hex')}`

describe('twilio', () => {
  providerBasics(spec)

  it('verifies Twilio\'s documented example', () => {
    const payload = 'CallSid=CA1234567890ABCDE&Caller=%2B12349013030&Digits=1234&From=%2B12349013030&To=%2B18005551212'
    const headers = { 'X-Twilio-Signature': '0/KCTR6DLpKmkAf8muzZqo1nDgQ=' }
    expect(verifyWebhook({ provider: 'twilio', payload, secret: '12345', url: 'https://mycompany.com/myapp.php?foo=1&bar=2', headers }, NOW).valid).toBe(true)
  })

  it('agrees with twilio\'s validateRequest on random form posts, valid and tampered', () => {
    const params = fc.dictionary(fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,11}$/), fc.string({ unit: 'grapheme', maxLength: 40 }), { minKeys: 1, maxKeys: 8 })
    fc.assert(fc.property(params, fc.nat(), (values, at) => {
      const body = new URLSearchParams(values).toString()
      const signature = twilioSignature(TOKEN, URL, body)
      const ours = (form: string) => verifyWebhook({ provider: 'twilio', payload: form, secret: TOKEN, url: URL, headers: { 'X-Twilio-Signature': signature } }, NOW).valid
      const sdk = (form: string) => twilioSdk.validateRequest(TOKEN, signature, URL, Object.fromEntries(new URLSearchParams(form)))
      expect(ours(body)).toBe(true)
      expect(sdk(body)).toBe(true)
      const names = Object.keys(values)
      const tampered = new URLSearchParams({ ...values, [names[at % names.length]]: `${values[names[at % names.length]]}x` }).toString()
      expect(ours(tampered)).toBe(sdk(tampered))
      expect(ours(tampered)).toBe(false)
    }), { numRuns: 100 })
  })

  it('agrees with validateRequestWithBody on random JSON bodies bound by bodySHA256', () => {
    fc.assert(fc.property(fc.json({ maxDepth: 2 }), fc.nat(), (body, at) => {
      const url = jsonUrl(URL, body)
      const signature = twilioSignature(TOKEN, url, '')
      const ours = (payload: string) => verifyWebhook({ provider: 'twilio', payload, secret: TOKEN, url, headers: { 'X-Twilio-Signature': signature } }, NOW).valid
      const sdk = (payload: string) => twilioSdk.validateRequestWithBody(TOKEN, signature, url, payload)
      expect(ours(body)).toBe(true)
      expect(sdk(body)).toBe(true)
      const changed = changeOneCharacter(body, at)
      expect(ours(changed)).toBe(sdk(changed))
    }), { numRuns: 100 })
  })

  it('accepts the URL with or without its default port, as twilio-node does, and says which', () => {
    const withPort = verify('https://example.com/webhooks/sms?tenant=7&mode=live', 'https://example.com:443/webhooks/sms?tenant=7&mode=live')
    expect(withPort.valid).toBe(twilioSdk.validateRequest(TOKEN, twilioSignature(TOKEN, 'https://example.com:443/webhooks/sms?tenant=7&mode=live', FORM), URL, Object.fromEntries(new URLSearchParams(FORM))))
    expect(withPort.valid).toBe(true)
    expect(checkNamed(withPort, 'signature').detail).toContain('default port toggled')
  })

  it('says the body of a JSON delivery changed, though the URL signature matches', () => {
    const body = '{"EventType":"onMessageAdded"}'
    const url = jsonUrl(URL, body)
    const result = verifyWebhook({ provider: 'twilio', payload: `${body}\n`, secret: TOKEN, url, headers: { 'X-Twilio-Signature': twilioSignature(TOKEN, url, '') } }, NOW)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'signature').detail).toContain('differs from the bodySHA256 query parameter')
    expect(checkNamed(result, 'near_miss_trailing_newline_removed').status).toBe('warning')
  })

  it.each([
    ['http behind a TLS proxy', 'http://example.com/webhooks/sms?tenant=7&mode=live', URL, 'url_https'],
    ['a trailing slash dropped', 'https://example.com/webhooks/sms?tenant=7&mode=live', 'https://example.com/webhooks/sms/?tenant=7&mode=live', 'url_trailing_slash_added'],
    ['a trailing slash added', 'https://example.com/webhooks/sms/?tenant=7&mode=live', URL, 'url_trailing_slash_removed'],
    ['the query reordered', 'https://example.com/webhooks/sms?mode=live&tenant=7', URL, 'url_query_reordered'],
    ['the query added on the way', URL, 'https://example.com/webhooks/sms', 'url_query_dropped']
  ])('finds %s', (_label, given, signed, code) => {
    const result = verify(given, signed)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, `near_miss_${code}`).status).toBe('warning')
    expect(result.raw_body_hints.map((hint) => hint.framework)).toContain('Express (behind a proxy)')
  })

  it('finds the bodySHA256 parameter lost from the URL of a JSON delivery', () => {
    const body = '{"EventType":"onMessageAdded"}'
    const result = verifyWebhook({ provider: 'twilio', payload: body, secret: TOKEN, url: URL, headers: { 'X-Twilio-Signature': twilioSignature(TOKEN, jsonUrl(URL, body), '') } }, NOW)
    expect(checkNamed(result, 'near_miss_url_query_dropped').detail).toContain('bodySHA256')
  })

  it('finds form parameters re-serialised as JSON', () => {
    const json = JSON.stringify(Object.fromEntries(new URLSearchParams(FORM)))
    const result = verify(URL, URL, FORM)
    expect(result.valid).toBe(true)
    const reserialised = verifyWebhook({ ...request(spec), payload: json }, NOW)
    expect(checkNamed(reserialised, 'near_miss_form_params_from_json').status).toBe('warning')
    expect(reserialised.raw_body_hints.map((hint) => hint.framework)).toContain('Express (form bodies)')
  })

  it('recognises the Account SID given instead of the Auth Token', () => {
    const result = verifyWebhook({ ...request(spec), secret: `AC${'0'.repeat(32)}` }, NOW)
    expect(checkNamed(result, 'secret_format').detail).toContain('a Twilio Account SID')
  })
})
