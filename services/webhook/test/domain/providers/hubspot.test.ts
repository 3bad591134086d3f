import { Signature } from '@hubspot/api-client'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { changeOneCharacter, providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { hubspotSignature, NOW } from '../../helpers/sign.js'
import { createHash } from 'node:crypto'

const SECRET = 'hubspot-app-client-secret-0123'
const URL = 'https://example.com/webhooks/hubspot?portal=62515'
const BODY = '[{"eventId":1,"subscriptionId":12345,"portalId":62515,"occurredAt":1700000000000,"subscriptionType":"contact.creation","objectId":123}]'
const SIGNATURE = 'X-HubSpot-Signature-v3'
const TIMESTAMP = 'X-HubSpot-Request-Timestamp'
const spec: SuiteSpec = {
  provider: 'hubspot',
  secret: SECRET,
  body: () => BODY,
  headers: (body, secret, timestamp) => ({ [SIGNATURE]: hubspotSignature(secret, 'POST', URL, body, String(timestamp * 1000)), [TIMESTAMP]: String(timestamp * 1000) }),
  signatureHeader: SIGNATURE,
  timestamped: true,
  url: URL
}
const millis = String(NOW * 1000)
const verify = (url: string, signedUri: string, extra: { method?: string, timestamp?: string, signedTimestamp?: string } = {}) => verifyWebhook({
  provider: 'hubspot',
  payload: BODY,
  secret: SECRET,
  url,
  ...(extra.method === undefined ? {} : { method: extra.method }),
  headers: { [SIGNATURE]: hubspotSignature(SECRET, extra.method ?? 'POST', signedUri, BODY, extra.signedTimestamp ?? millis), [TIMESTAMP]: extra.timestamp ?? millis }
}, NOW)

describe('hubspot', () => {
  providerBasics(spec)

  it('reads a method given in lower case as the upper-case method HubSpot signs', () => {
    expect(verify(URL, URL, { method: 'GET' }).valid).toBe(true)
    const lower = verifyWebhook({
      provider: 'hubspot',
      payload: BODY,
      secret: SECRET,
      url: URL,
      method: 'get',
      headers: {
        [SIGNATURE]: hubspotSignature(SECRET, 'GET', URL, BODY, millis), [TIMESTAMP]: millis
      }
    }, NOW)
    expect([lower.valid, lower.reason]).toEqual([true, 'valid'])
  })

  it('agrees with @hubspot/api-client\'s Signature.isValid (v3) on random valid and tampered deliveries', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 }), fc.constantFrom('POST', 'GET'), fc.nat(), (body, method, at) => {
      const timestamp = Date.now()
      const signature = hubspotSignature(SECRET, method, URL, body, String(timestamp))
      const headers = { [SIGNATURE]: signature, [TIMESTAMP]: String(timestamp) }
      const ours = (payload: string) =>
        verifyWebhook({ provider: 'hubspot', payload, secret: SECRET, url: URL, method, headers, now_epoch_seconds: Math.floor(timestamp / 1000) }, 0).valid
      const sdk = (payload: string) => Signature.isValid({ signatureVersion: 'v3', signature, method, clientSecret: SECRET, requestBody: payload, url: URL, timestamp })
      expect(ours(body)).toBe(true)
      expect(sdk(body)).toBe(true)
      const changed = changeOneCharacter(body, at)
      expect(ours(changed)).toBe(sdk(changed))
    }), { numRuns: 60 })
  })

  it('signs the URI with HubSpot\'s percent-encodings decoded, and finds a signer that did not decode them', () => {
    const encoded = 'https://example.com/webhooks/hubspot?return=https%3A%2F%2Fapp.example.com%2Fdone&tag=%28a%29'
    const decoded = 'https://example.com/webhooks/hubspot?return=https://app.example.com/done&tag=(a)'
    expect(verify(encoded, decoded).valid).toBe(true)
    const raw = verify(encoded, encoded)
    expect(raw.reason).toBe('signature_mismatch')
    expect(checkNamed(raw, 'near_miss_url_not_decoded').detail).toContain('@hubspot/api-client signs the URL as given')
  })

  it('finds a timestamp converted to seconds by the signer', () => {
    const result = verify(URL, URL, { signedTimestamp: String(NOW) })
    expect(checkNamed(result, 'near_miss_timestamp_seconds').status).toBe('warning')
  })

  it('reads the timestamp as milliseconds and says when it looks like seconds', () => {
    const seconds = verify(URL, URL, { timestamp: String(NOW), signedTimestamp: String(NOW) })
    expect(checkNamed(seconds, 'timestamp')).toMatchObject({ status: 'warning', detail: expect.stringContaining('looks like seconds') })
  })

  it('signs the method', () => {
    expect(verify(URL, URL, { method: 'PUT' }).valid).toBe(true)
    expect(verifyWebhook({ ...request(spec), method: 'PUT' }, NOW).reason).toBe('signature_mismatch')
  })

  it.each([
    ['http behind a TLS proxy', 'http://example.com/webhooks/hubspot?portal=62515', 'url_https'],
    ['an explicit :443 added', 'https://example.com:443/webhooks/hubspot?portal=62515', 'url_default_port_removed'],
    ['a trailing slash added', 'https://example.com/webhooks/hubspot/?portal=62515', 'url_trailing_slash_removed']
  ])('finds %s', (_label, given, code) => {
    expect(checkNamed(verify(given, URL), `near_miss_${code}`).status).toBe('warning')
  })

  it('reports a delivery with only the v1 signature, which signs no timestamp', () => {
    const v1 = createHash('sha256').update(SECRET + BODY).digest('hex')
    const result = verifyWebhook({ provider: 'hubspot', payload: BODY, secret: SECRET, url: URL, headers: { 'X-HubSpot-Signature': v1, 'X-HubSpot-Signature-Version': 'v1' } }, NOW)
    expect(result.reason).toBe('missing_signature_header')
    expect(checkNamed(result, 'legacy_signature').status).toBe('warning')
  })
})
