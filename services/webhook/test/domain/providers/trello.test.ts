import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { NOW } from '../../helpers/sign.js'

// Trello's documented construction: base64(HMAC-SHA1(secret, body + callbackURL)).
const URL = 'https://example.com/trello/callback?board=1'
const trelloSignature = (secret: string, body: string, url = URL): string => createHmac('sha1', secret).update(body + url).digest('base64')
const spec: SuiteSpec = {
  provider: 'trello',
  secret: 'trello-application-oauth-secret',
  body: () => '{"action":{"id":"51f9424bcd6e040f3c002412","type":"createCard"},"model":{"id":"4d5ea62fd76aa1136000000c","name":"Board"}}',
  headers: (body, secret) => ({ 'X-Trello-Webhook': trelloSignature(secret, body) }),
  signatureHeader: 'X-Trello-Webhook',
  timestamped: false,
  url: URL
}

describe('trello', () => {
  providerBasics(spec)

  it('needs the callbackURL, and names the URL that was signed instead of the one given', () => {
    const signed = request(spec)
    const result = verifyWebhook({ ...signed, url: URL.replace('https:', 'http:') }, NOW)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_url_https').status).toBe('warning')
  })

  it('refuses a signature of the body alone', () => {
    const signed = request(spec)
    const headers = { 'X-Trello-Webhook': createHmac('sha1', spec.secret).update(signed.payload).digest('base64') }
    expect(verifyWebhook({ ...signed, headers }, NOW).reason).toBe('signature_mismatch')
  })
})
