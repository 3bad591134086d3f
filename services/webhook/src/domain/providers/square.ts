import { HMAC_SHA256 } from '../algorithms.js'
import { decodeBase64, digestsEqual, mac } from '../digest.js'
import { defineProvider, anyFramework, check, type ContentVariant, type ProviderContext, type SignatureRead } from '../provider.js'
import type { Check } from '../types.js'
import { urlVariants } from '../url-variants.js'
import { readFramedHeader } from './framing.js'

const SIGNATURE = 'X-Square-HmacSha256-Signature'
const LEGACY = 'x-square-signature'

function read (ctx: ProviderContext): SignatureRead {
  const result = readFramedHeader(ctx, SIGNATURE, { prefix: '', encoding: 'base64' }, 'Square')
  if (result.reason === 'missing_signature_header' && ctx.headers.has(LEGACY)) {
    result.checks = [check('signature_header', 'failed',
      `${SIGNATURE} header is missing; only the legacy HMAC-SHA1 X-Square-Signature is present, and it is not accepted (see legacy_signature)`)]
  }
  if (ctx.url === undefined) {
    return { ...result, signed: undefined, checks: [...result.checks, check('signed_url', 'failed', 'Square signs the notification URL: pass it as url')] }
  }
  const url = ctx.url
  return {
    ...result,
    checks: [...result.checks, check('signed_url', 'passed', 'Square signs the notification URL followed by the raw body')],
    signed: result.signed === undefined ? undefined : (body) => [url, body]
  }
}

function contentVariants (ctx: ProviderContext): ContentVariant[] {
  return urlVariants(ctx.url ?? '').map((variant) => ({ ...variant, cause: 'url', content: [variant.url, ctx.payload] }))
}

/** The SHA-1 signature Square still sends beside the SHA-256 one: reported, never accepted. */
function legacyCheck (ctx: ProviderContext): Check[] {
  const legacy = ctx.headers.get(LEGACY)
  if (legacy === undefined || ctx.url === undefined) return []
  const digest = decodeBase64(legacy)
  const matches = digest !== undefined && ctx.secrets.some((secret) => digestsEqual(digest, mac('sha1', secret, [ctx.url as string, ctx.payload])))
  return [matches
    ? check('legacy_signature', ctx.headers.has(SIGNATURE) ? 'passed' : 'warning',
      'X-Square-Signature (HMAC-SHA1) matches; it is informational only and never used in place of the SHA-256 signature')
    : check('legacy_signature', 'failed', 'X-Square-Signature (HMAC-SHA1) does not match this URL, payload and key either (informational only)')]
}

export const square = defineProvider({
  id: 'square',
  replayProtected: false,
  name: 'Square',
  scheme: 'hmac-sha256-base64',
  signatureHeaders: [SIGNATURE],
  timestampHeader: null,
  signedContent: '<notification URL><raw body>; header value base64(HMAC-SHA256); the URL must be exactly the one of the subscription ' +
    '(the SDK compares no other spelling); the legacy HMAC-SHA1 X-Square-Signature is reported but never accepted',
  secretFormat: 'the Signature Key of the webhook subscription (Developer Console > Webhooks), used as UTF-8 bytes; not an access token (EAAA)',
  signsUrl: true,
  algorithm: HMAC_SHA256,
  detection: { headers: [SIGNATURE.toLowerCase(), LEGACY] },
  read,
  contentVariants,
  extraChecks: (ctx) => [
    ...legacyCheck(ctx),
    check('idempotency_key', 'skipped', 'Square signs no timestamp: deduplicate deliveries on the event_id in the payload')
  ],
  sign: ({ body, secret, url }) => {
    const target = url ?? 'https://example.com/square'
    return {
      [SIGNATURE]: mac('sha256', secret, [target, body]).toString('base64'),
      'X-Square-Signature': mac('sha1', secret, [target, body]).toString('base64')
    }
  },
  demos: [{
    payload: '{"merchant_id":"MLEFBHHSJGVHD","type":"payment.updated","event_id":"6a8f5f28-54a1-4eb0-a98a-3111513fd4fc",' +
      '"created_at":"2023-11-14T22:13:20Z","data":{"type":"payment","id":"KkAkhdMsgzn59SM8A89WgKwekxLZY"}}',
    secret: 'square-replay-vector-demo-signature-key',
    url: 'https://example.com/webhooks/square',
    headers: { 'Content-Type': 'application/json' }
  }],
  note: anyFramework('Square signs the notification URL and the raw body',
    'Pass url exactly as entered in the webhook subscription (scheme, host, port, path and query): ' +
      'behind a proxy, the URL the application rebuilds often differs.')
})
