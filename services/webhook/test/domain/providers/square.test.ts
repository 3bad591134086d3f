import fc from 'fast-check'
import { WebhooksHelper } from 'square'
import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { changeOneCharacter, providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { NOW, squareSignature } from '../../helpers/sign.js'
import { createHmac } from 'node:crypto'

const KEY = 'asdf1234asdf1234asdf12'
const URL = 'https://example.com/webhooks/square'
const BODY = '{"merchant_id":"MLEFBHHSJGVHD","type":"payment.updated","event_id":"6a8f5f28-54a1-4eb0-a98a-3111513fd4fc","data":{"type":"payment","id":"KkAk"}}'
const HEADER = 'X-Square-HmacSha256-Signature'
const spec: SuiteSpec = {
  provider: 'square',
  secret: KEY,
  body: () => BODY,
  headers: (body, secret) => ({ [HEADER]: squareSignature(secret, URL, body) }),
  signatureHeader: HEADER,
  timestamped: false,
  url: URL
}
const verify = (url: string, signedUrl: string) =>
  verifyWebhook({ provider: 'square', payload: BODY, secret: KEY, url, headers: { [HEADER]: squareSignature(KEY, signedUrl, BODY) } }, NOW)

describe('square', () => {
  providerBasics(spec)

  it('agrees with the square SDK\'s WebhooksHelper.verifySignature on random valid and tampered deliveries', async () => {
    await fc.assert(fc.asyncProperty(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 }), fc.nat(), async (body, at) => {
      const signature = squareSignature(KEY, URL, body)
      const ours = (payload: string) => verifyWebhook({ provider: 'square', payload, secret: KEY, url: URL, headers: { [HEADER]: signature } }, NOW).valid
      const sdk = async (payload: string) => await WebhooksHelper.verifySignature({ requestBody: payload, signatureHeader: signature, signatureKey: KEY, notificationUrl: URL })
      expect(ours(body)).toBe(true)
      expect(await sdk(body)).toBe(true)
      const changed = changeOneCharacter(body, at)
      expect(ours(changed)).toBe(await sdk(changed))
    }), { numRuns: 60 })
  })

  it.each([
    ['an explicit :443 added on the way', 'https://example.com:443/webhooks/square', URL, 'url_default_port_removed'],
    ['the :443 of the subscription dropped', URL, 'https://example.com:443/webhooks/square', 'url_default_port_added'],
    ['an explicit :80 added on the way', 'http://example.com:80/webhooks/square', 'http://example.com/webhooks/square', 'url_default_port_removed'],
    ['http behind a TLS proxy', 'http://example.com/webhooks/square', URL, 'url_https'],
    ['https where the subscription says http', URL, 'http://example.com/webhooks/square', 'url_http'],
    ['a trailing slash added', `${URL}/`, URL, 'url_trailing_slash_removed'],
    ['a query added on the way', `${URL}?source=lb`, URL, 'url_query_dropped'],
    ['the query reordered', `${URL}?b=2&a=1`, `${URL}?a=1&b=2`, 'url_query_reordered']
  ])('finds %s, and agrees with the SDK that it is invalid', async (_label, given, signed, code) => {
    const result = verify(given, signed)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, `near_miss_${code}`).status).toBe('warning')
    const sdk = await WebhooksHelper.verifySignature({ requestBody: BODY, signatureHeader: squareSignature(KEY, signed, BODY), signatureKey: KEY, notificationUrl: given })
    expect(sdk).toBe(false)
  })

  it('reports the legacy HMAC-SHA1 header, never accepting it', () => {
    const sha1 = createHmac('sha1', KEY).update(URL + BODY).digest('base64')
    const result = verifyWebhook({ provider: 'square', payload: BODY, secret: KEY, url: URL, headers: { 'X-Square-Signature': sha1 } }, NOW)
    expect(result.reason).toBe('missing_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('only the legacy HMAC-SHA1')
    expect(checkNamed(result, 'legacy_signature').status).toBe('warning')
  })

  it('recognises an access token given as the signature key', () => {
    const result = verifyWebhook({ ...request(spec), secret: 'EAAAEexampleAccessToken' }, NOW)
    expect(checkNamed(result, 'secret_format').detail).toContain('a Square access token')
  })
})
