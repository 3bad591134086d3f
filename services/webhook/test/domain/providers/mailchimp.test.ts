import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { NOW } from '../../helpers/sign.js'

// Mandrill's documented construction: base64(HMAC-SHA1(key, url + each POST key and value, keys sorted)).
const URL = 'https://example.com/mandrill/hook'
const EVENTS = '[{"event":"open","_id":"exampleaaaaaaaaaaaaaaaaaaaaaaaaa","ts":1365109999}]'
const mandrillSignature = (key: string, url: string, events: string): string => createHmac('sha1', key).update(`${url}mandrill_events${events}`).digest('base64')
const spec: SuiteSpec = {
  provider: 'mailchimp',
  secret: 'mandrill-webhook-auth-key',
  body: () => `mandrill_events=${encodeURIComponent(EVENTS)}`,
  headers: (_body, secret) => ({ 'X-Mandrill-Signature': mandrillSignature(secret, URL, EVENTS) }),
  signatureHeader: 'X-Mandrill-Signature',
  timestamped: false,
  url: URL
}

describe('mailchimp', () => {
  providerBasics(spec)

  it('signs the decoded parameter value, so the same events sent with spaces as + still verify', () => {
    const events = '[{"event":"send","msg":{"subject":"Hello world"}}]'
    const signed = request(spec)
    const payload = `mandrill_events=${encodeURIComponent(events).replace(/%20/g, '+')}`
    const result = verifyWebhook({ ...signed, payload, headers: { 'X-Mandrill-Signature': mandrillSignature(spec.secret, URL, events) } }, NOW)
    expect(result.valid).toBe(true)
  })

  it('names the URL the sender signed when another one is given', () => {
    const result = verifyWebhook({ ...request(spec), url: `${URL}/` }, NOW)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_url_trailing_slash_removed').status).toBe('warning')
  })
})
