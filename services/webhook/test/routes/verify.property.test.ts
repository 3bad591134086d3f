import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROVIDER_IDS } from '../../src/domain/providers/index.js'
import { MAX_EPOCH_SECONDS } from '../../src/routes/schema-types.js'
import { KEY, testApp } from '../helpers/app.js'

// Objects whose toString or valueOf is not a function: String() of them throws.
const hostileObject = fc.constantFrom({ toString: 1 }, { valueOf: null, toString: null })
const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ unit: 'binary' }), fc.double(), fc.constant(null), fc.boolean(), hostileObject)
const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 200 }), fc.json({ maxDepth: 3 }))
const hex = fc.stringMatching(/^[0-9a-fA-F]{0,130}$/)
const base64 = fc.uint8Array({ maxLength: 70 }).map((bytes) => Buffer.from(bytes).toString('base64'))
const bareHeaderValue = fc.oneof(
  text,
  hex.map((h) => `sha256=${h}`),
  hex.map((h) => `v0=${h}`),
  fc.tuple(fc.oneof(fc.integer(), fc.string()), hex, hex).map(([t, a, b]) => `t=${t},v1=${a},v0=${b}, v1=${b}`),
  fc.array(fc.tuple(fc.constantFrom('v1', 'v1a', 'v2', ''), base64), { maxLength: 4 }).map((list) => list.map(([v, s]) => `${v},${s}`).join(' ')),
  base64,
  fc.oneof(fc.integer(), fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n })).map(String)
)
// Values pasted with the quotes of a log line or a JSON dump.
const headerValue = fc.oneof(bareHeaderValue, bareHeaderValue.map((value) => `"${value}"`))
// Bodies lost or doubly encoded on the way, beside arbitrary text.
const payloadText = fc.oneof(text, fc.constantFrom('[object Object]', 'undefined', ''), text.map((body) => JSON.stringify(body)))
// Mailgun and Adyen sign inside the body: their shapes, with any value where a field should be.
const mailgunSignature = fc.record({ timestamp: anyValue, token: anyValue, signature: fc.oneof(hex, anyValue), 'parent-signature': fc.oneof(hex, anyValue) }, { requiredKeys: [] })
const mailgunBody = fc.oneof(
  mailgunSignature.map((signature) => JSON.stringify({ signature, 'event-data': { event: 'delivered' } })),
  fc.tuple(text, text, hex).map(([timestamp, token, signature]) => new URLSearchParams({ timestamp, token, signature }).toString())
)
const adyenItem = fc.record({
  pspReference: anyValue,
  originalReference: anyValue,
  merchantReference: anyValue,
  amount: fc.oneof(fc.record({ value: anyValue, currency: anyValue }, { requiredKeys: [] }), anyValue),
  eventCode: anyValue,
  success: fc.oneof(fc.constantFrom('true', 'false'), anyValue),
  additionalData: fc.oneof(fc.record({ hmacSignature: fc.oneof(base64, anyValue) }, { requiredKeys: [] }), anyValue)
}, { requiredKeys: [] })
const adyenBody = fc.array(fc.oneof(adyenItem.map((item) => ({ NotificationRequestItem: item })), anyValue), { maxLength: 60 })
  .map((items) => JSON.stringify({ live: 'false', notificationItems: items }))
const headerName = fc.oneof(
  fc.constantFrom('X-Twilio-Signature', 'X-Square-HmacSha256-Signature', 'X-HubSpot-Signature-v3', 'X-HubSpot-Request-Timestamp', 'X-Signature-Ed25519',
    'X-Signature-Timestamp', 'X-Twilio-Email-Event-Webhook-Signature', 'X-Twilio-Email-Event-Webhook-Timestamp', 'X-Timestamp', 'X-Id'),
  fc.constantFrom('X-Hub-Signature-256', 'x-hub-signature', 'X-Slack-Signature', 'X-Slack-Request-Timestamp', 'Stripe-Signature',
    'X-Shopify-Hmac-Sha256', 'shopify-hmac-sha256', 'webhook-id', 'webhook-timestamp', 'webhook-signature', 'svix-id', 'svix-timestamp',
    'svix-signature', 'X-Signature', 'x-SIGNATURE', 'HmacSignature'),
  fc.string({ maxLength: 30 })
)
const urls = fc.oneof(
  fc.constantFrom('https://example.com/hook', 'http://example.com:8080/a/?b=1&c=%3A2', 'https://[::1]:443/x?bodySHA256=00', 'https://user@h.example/p?q'),
  fc.webUrl({ withQueryParameters: true })
)
const publicKeys = fc.constantFrom(
  'whpk_PbrSrzELx2NYxEwpOyqphD4wenr6/ZLHDu28sstYpok=', '3dbad2af310bc76358c44c293b2aa9843e307a7afafd92c70eedbcb2cb58a689',
  '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIME/5AbStv8nxWcPcYpjLtPw9QrnqlXeHm5S1YIaV119\n-----END PRIVATE KEY-----\n', '{"kty":"EC","crv":"P-256","x":"1","y":"2"}', '{"d":"x"}'
)
const genericOptions = fc.record({
  header_name: fc.constantFrom('X-Signature', 'webhook-signature', 'Stripe-Signature'),
  encoding: fc.constantFrom('hex', 'base64'),
  prefix: fc.oneof(fc.constantFrom('sha256=', 'v1,', ''), fc.constant(null)),
  algorithm: fc.constantFrom('sha1', 'sha256', 'sha512'),
  key_encoding: fc.constantFrom('utf8', 'hex', 'base64'),
  signed_content: fc.constantFrom('{body}', '{timestamp}.{body}', '{id}.{timestamp}.{body}', 'v0:{timestamp}:{body}'),
  timestamp_header: fc.constantFrom('X-Timestamp', 'webhook-timestamp'),
  id_header: fc.constantFrom('X-Id', 'webhook-id'),
  timestamp_unit: fc.constantFrom('seconds', 'milliseconds')
}, { requiredKeys: ['header_name'] })
const request = fc.record({
  provider: fc.oneof(fc.constantFrom(...PROVIDER_IDS, 'auto'), anyValue),
  payload: fc.oneof(payloadText, mailgunBody, adyenBody, anyValue),
  headers: fc.oneof(fc.dictionary(headerName, fc.oneof(headerValue, anyValue), { maxKeys: 8 }), anyValue),
  secret: fc.oneof(text, fc.constantFrom('whsec_', 'whsec_!!!', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', '"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"', ' sk_test_x\n', "'xoxb-1'", 'xoxb-1'), publicKeys, anyValue),
  secrets: fc.oneof(fc.array(fc.oneof(text, publicKeys), { maxLength: 12 }), anyValue),
  url: fc.oneof(urls, text, anyValue),
  method: fc.oneof(fc.constantFrom('POST', 'GET', 'post', ''), anyValue),
  tolerance_seconds: fc.oneof(fc.integer({ min: -10, max: 100_000 }), anyValue),
  now_epoch_seconds: fc.oneof(fc.integer(), fc.maxSafeNat(), fc.constant(1e20), fc.constant(null), anyValue),
  generic: fc.oneof(
    fc.constant(null),
    fc.record({ header_name: fc.oneof(fc.constantFrom('X-Signature', 'x-signature'), fc.string()), encoding: fc.constantFrom('hex', 'base64', 'base32'), prefix: fc.oneof(fc.string({ maxLength: 10 }), fc.constant(null)) }, { requiredKeys: [] }),
    genericOptions,
    fc.record({ header_name: fc.constant('X'), signed_content: text, timestamp_unit: text, algorithm: text }, { requiredKeys: [] }),
    anyValue
  )
}, { requiredKeys: [] })

// Thousands of requests a test: a limit for a loaded 2-core CI machine, not a speed claim
describe('POST /v1/webhooks/verify with random input', { timeout: 120_000 }, () => {
  let app: FastifyInstance
  beforeAll(async () => { app = await testApp({ keys: `test-key:${Number.MAX_SAFE_INTEGER}` }) })
  afterAll(async () => { await app.close() })

  it('never answers 5xx to thousands of random request objects', async () => {
    await fc.assert(fc.asyncProperty(request, async (body) => {
      const res = await app.inject({ method: 'POST', url: '/v1/webhooks/verify', headers: KEY, payload: body })
      expect([200, 422]).toContain(res.statusCode)
      if (res.statusCode === 200) expect(typeof res.json().valid).toBe('boolean')
    }), { numRuns: 3000 })
  })

  it('answers 200 to every well-typed request with a body Mailgun or Adyen would sign, whatever its fields hold', async () => {
    const bodySigned = fc.record({
      provider: fc.constantFrom('mailgun', 'adyen', 'auto'),
      payload: fc.oneof(mailgunBody, adyenBody),
      headers: fc.dictionary(headerName, headerValue, { maxKeys: 3 }),
      // Headers of a URL-signing provider may be among them, and make an auto request need the URL.
      url: fc.constant('https://example.com/hook'),
      secret: fc.oneof(hex.filter((value) => value.length > 0), text.filter((value) => value.length > 0))
    })
    await fc.assert(fc.asyncProperty(bodySigned, async (body) => {
      const res = await app.inject({ method: 'POST', url: '/v1/webhooks/verify', headers: KEY, payload: body })
      expect(res.statusCode).toBe(200)
      expect(typeof res.json().valid).toBe('boolean')
    }), { numRuns: 500 })
  })

  it('answers 200 to every well-typed request, whatever its headers, payload and secret', async () => {
    const secret = fc.oneof(text, publicKeys, fc.constantFrom('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'whsec_!!', ' sk_live_x\n')).filter((value) => value.length > 0)
    const wellTyped = fc.tuple(fc.record({
      provider: fc.constantFrom(...PROVIDER_IDS, 'auto'),
      payload: payloadText,
      headers: fc.dictionary(headerName, headerValue, { maxKeys: 8 }),
      url: urls,
      method: fc.constantFrom('POST', 'GET', 'PUT'),
      tolerance_seconds: fc.integer({ min: 0, max: 86400 }),
      // any time the schema takes, up to 9999-12-31
      now_epoch_seconds: fc.oneof(fc.integer({ min: 0, max: MAX_EPOCH_SECONDS }), fc.constant(MAX_EPOCH_SECONDS), fc.constant(null)),
      generic: genericOptions.map((options) => ({ ...options, timestamp_header: options.timestamp_header ?? 'X-Timestamp', id_header: options.id_header ?? 'X-Id' }))
    }), fc.oneof(secret.map((value) => ({ secret: value })), fc.array(secret, { minLength: 1, maxLength: 10 }).map((values) => ({ secrets: values }))))
      .map(([body, secrets]) => ({ ...body, ...secrets }))
    await fc.assert(fc.asyncProperty(wellTyped, async (body) => {
      const res = await app.inject({ method: 'POST', url: '/v1/webhooks/verify', headers: KEY, payload: body })
      expect(res.statusCode).toBe(200)
      const result = res.json()
      if (body.provider !== 'auto') expect(result.provider).toBe(body.provider)
      expect(result.matched_secret_index === null || result.valid).toBe(true)
    }), { numRuns: 2000 })
  })

  it('never answers 5xx to malformed raw bodies', async () => {
    const raw = fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.json().map((json) => json.slice(0, Math.max(1, json.length - 1))), fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)))
    await fc.assert(fc.asyncProperty(raw, fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain'), async (body, contentType) => {
      const res = await app.inject({ method: 'POST', url: '/v1/webhooks/verify', headers: { ...KEY, 'content-type': contentType }, payload: body })
      expect(res.statusCode).toBeLessThan(500)
    }), { numRuns: 1500 })
  })
})
