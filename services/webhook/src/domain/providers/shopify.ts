import { HMAC_SHA256 } from '../algorithms.js'
import { decodeBase64, hmac } from '../digest.js'
import { defineProvider, anyFramework, bodyOnly, check, headerReason, readHeader, type ProviderContext, type SignatureRead } from '../provider.js'
import type { Check } from '../types.js'

const CLASSIC = 'x-shopify-hmac-sha256'
// Newer "Events" deliveries drop the X- prefix from every header.
const EVENTS = 'shopify-hmac-sha256'
// @shopify/shopify-api still rejects a delivery without these after the HMAC passed.
const REQUIRED = ['topic', 'shop-domain', 'api-version', 'webhook-id']

function read (ctx: ProviderContext): SignatureRead {
  const name = ctx.headers.has(CLASSIC) || !ctx.headers.has(EVENTS) ? CLASSIC : EVENTS
  const display = name === CLASSIC ? 'X-Shopify-Hmac-Sha256' : 'Shopify-Hmac-Sha256'
  const found = readHeader(ctx, name, display)
  if ('check' in found) {
    return { reason: headerReason(found.reason), checks: [found.check], candidates: [], loose: [], algorithm: HMAC_SHA256 }
  }
  const digest = decodeBase64(found.value)
  if (digest?.length !== 32) {
    return {
      reason: 'malformed_signature_header',
      checks: [check('signature_header', 'failed', `${display} is not a base64 HMAC-SHA256 (44 characters ending in "="): ${describeProblem(found.value)}`)],
      header: name,
      candidates: [],
      loose: [found.value],
      algorithm: HMAC_SHA256,
      signed: bodyOnly
    }
  }
  return {
    checks: [check('signature_header', 'passed', `${display} found: base64 HMAC-SHA256`)],
    header: name,
    candidates: [{ label: display, digest }],
    loose: [],
    algorithm: HMAC_SHA256,
    signed: bodyOnly
  }
}

function describeProblem (value: string): string {
  if (value === '') return 'the value is empty'
  if (/^[0-9a-fA-F]{64}$/.test(value)) return 'it looks like hex; Shopify sends base64'
  if (/^[A-Za-z0-9+/]{43}$/.test(value)) return 'the "=" padding is missing'
  if (/[-_]/.test(value)) return 'it uses the URL-safe base64 alphabet; Shopify sends standard base64'
  return 'it is not a base64-encoded 32-byte digest'
}

function requiredHeadersCheck (ctx: ProviderContext): Check {
  const prefix = ctx.headers.has(CLASSIC) || !ctx.headers.has(EVENTS) ? 'x-shopify-' : 'shopify-'
  const missing = REQUIRED.filter((name) => !ctx.headers.has(prefix + name)).map((name) => prefix + name)
  return missing.length === 0
    ? check('shopify_headers', 'passed', 'Topic, Shop-Domain, API-Version and Webhook-Id headers are present, as @shopify/shopify-api requires')
    : check('shopify_headers', 'warning', `missing ${missing.join(', ')}: the signature does not cover them, but ` +
      '@shopify/shopify-api rejects a delivery without them')
}

export const shopify = defineProvider({
  id: 'shopify',
  replayProtected: false,
  name: 'Shopify',
  scheme: 'hmac-sha256-base64',
  signatureHeaders: ['X-Shopify-Hmac-Sha256', 'Shopify-Hmac-Sha256'],
  timestampHeader: null,
  signedContent: 'the raw body; header value base64(HMAC-SHA256)',
  secretFormat: "the app's client secret (API secret key), or the key shown under Settings > Notifications for " +
    'webhooks created in the store admin; not an access token (shpat_)',
  algorithm: HMAC_SHA256,
  detection: { headers: [CLASSIC, EVENTS], telltales: ['x-shopify-topic', 'x-shopify-shop-domain', 'shopify-topic', 'shopify-shop-domain'] },
  read,
  extraChecks (ctx) {
    const id = ctx.headers.has('x-shopify-webhook-id') || ctx.headers.has('shopify-webhook-id')
    return [
      requiredHeadersCheck(ctx),
      id
        ? check('idempotency_key', 'passed', 'Webhook-Id is present: Shopify signs no timestamp, so deduplicate deliveries on it (or on Event-Id)')
        : check('idempotency_key', 'skipped', 'no Webhook-Id header: Shopify signs no timestamp, so deduplicate ' +
          'deliveries on X-Shopify-Webhook-Id when you receive it')
    ]
  },
  sign: ({ body, secret, id }) => ({
    'X-Shopify-Hmac-Sha256': hmac('sha256', secret, body).toString('base64'),
    'X-Shopify-Topic': 'orders/create',
    'X-Shopify-Shop-Domain': 'example-shop.myshopify.com',
    'X-Shopify-API-Version': '2025-07',
    'X-Shopify-Webhook-Id': id
  }),
  demos: [{
    // Shopify escapes "/" in its bodies; the vector keeps that, so re-serialising it would break it as in production.
    payload: '{"id":820982911946154508,"email":"jon@example.com","admin_graphql_api_id":"gid:\\/\\/shopify\\/Order\\/820982911946154508"}',
    secret: 'shopify-replay-vector-demo-secret',
    headers: { 'Content-Type': 'application/json' },
    example: { summary: 'Shopify: base64 X-Shopify-Hmac-Sha256' },
    id: 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043'
  }],
  note: anyFramework('Shopify escapes "/" as "\\/" and "&" as "\\u0026"',
    'JSON.parse followed by JSON.stringify removes those escapes and breaks the HMAC. Webhooks created in the ' +
      'store admin (Settings > Notifications) are signed with the key shown there, not with the app\'s client ' +
      'secret.')
})
