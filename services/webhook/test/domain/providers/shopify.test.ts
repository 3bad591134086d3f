import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { hmacHex, NOW, shopifySignature } from '../../helpers/sign.js'

const SECRET = 'shopify-app-client-secret'
// Shopify escapes "/" and "&" in its bodies.
const BODY = '{"id":5146921762969,"note":"fish \\u0026 chips","admin_graphql_api_id":"gid:\\/\\/shopify\\/Order\\/5146921762969"}'
const FULL_HEADERS = { 'X-Shopify-Topic': 'orders/create', 'X-Shopify-Shop-Domain': 'a.myshopify.com', 'X-Shopify-API-Version': '2025-07', 'X-Shopify-Webhook-Id': 'b54557e4' }
const verify = (headers: Record<string, string>, payload = BODY, secret = SECRET) =>
  verifyWebhook({ provider: 'shopify', payload, secret, headers }, NOW)

describe('shopify', () => {
  it('accepts a valid base64 signature', () => {
    const result = verify({ ...FULL_HEADERS, 'X-Shopify-Hmac-Sha256': shopifySignature(SECRET, BODY) })
    expect(result).toMatchObject({ valid: true, signature_scheme: 'hmac-sha256-base64', replay_protected: false, matched_signature_header: 'x-shopify-hmac-sha256' })
    expect(checkNamed(result, 'shopify_headers').status).toBe('passed')
    expect(checkNamed(result, 'idempotency_key').status).toBe('passed')
  })

  it.each(['X-Shopify-Hmac-SHA256', 'x-shopify-hmac-sha256', 'shopify-hmac-sha256'])('reads the header %s', (name) => {
    expect(verify({ [name]: shopifySignature(SECRET, BODY) }).valid).toBe(true)
  })

  it('warns when the headers @shopify/shopify-api requires are missing, without changing the verdict', () => {
    const result = verify({ 'X-Shopify-Hmac-Sha256': shopifySignature(SECRET, BODY) })
    expect(result.valid).toBe(true)
    expect(checkNamed(result, 'shopify_headers').status).toBe('warning')
  })

  it('rejects a wrong secret and a changed byte', () => {
    expect(verify({ 'X-Shopify-Hmac-Sha256': shopifySignature('other', BODY) }).reason).toBe('signature_mismatch')
    expect(verify({ 'X-Shopify-Hmac-Sha256': shopifySignature(SECRET, BODY) }, BODY.replace('fish', 'fist')).reason).toBe('signature_mismatch')
  })

  it('finds a body whose escapes were lost by JSON.parse and JSON.stringify', () => {
    const result = verify({ 'X-Shopify-Hmac-Sha256': shopifySignature(SECRET, BODY) }, JSON.stringify(JSON.parse(BODY)))
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_json_escaped_html').status).toBe('warning')
    expect(result.raw_body_hints.some((hint) => hint.summary.includes('escapes'))).toBe(true)
  })

  it('finds a trailing newline', () => {
    const result = verify({ 'X-Shopify-Hmac-Sha256': shopifySignature(SECRET, BODY) }, `${BODY}\n`)
    expect(checkNamed(result, 'near_miss_trailing_newline_removed').status).toBe('warning')
  })

  it('treats a hex value as malformed and says it is the right digest in the wrong encoding', () => {
    const result = verify({ 'X-Shopify-Hmac-Sha256': hmacHex(SECRET, BODY) })
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('looks like hex')
    expect(checkNamed(result, 'near_miss_signature_sha256_hex').status).toBe('warning')
  })

  it('treats stripped base64 padding as malformed and finds the digest', () => {
    const result = verify({ 'X-Shopify-Hmac-Sha256': shopifySignature(SECRET, BODY).replace(/=+$/, '') })
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'near_miss_signature_sha256_unpadded').status).toBe('warning')
  })

  it('recognises an Admin API access token passed as the secret', () => {
    const result = verify({ 'X-Shopify-Hmac-Sha256': shopifySignature(SECRET, BODY) }, BODY, 'shpat_0123456789abcdef')
    expect(checkNamed(result, 'secret_format').detail).toContain('Shopify Admin API access token')
  })
})
