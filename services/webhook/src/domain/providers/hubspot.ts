import { createHash } from 'node:crypto'
import { HMAC_SHA256 } from '../algorithms.js'
import { decodeHex, digestsEqual, mac } from '../digest.js'
import { defineProvider, anyFramework, check, readHeader, type ContentVariant, type ProviderContext, type SignatureRead } from '../provider.js'
import type { Check } from '../types.js'
import { urlVariants } from '../url-variants.js'
import { readFramedHeader } from './framing.js'

const SIGNATURE = 'X-HubSpot-Signature-v3'
const TIMESTAMP = 'X-HubSpot-Request-Timestamp'
const LEGACY = 'x-hubspot-signature'

// The percent-encodings HubSpot's documentation decodes in the URI before signing, and only these.
const DECODED: Record<string, string> = {
  '%3A': ':', '%2F': '/', '%3F': '?', '%40': '@', '%21': '!', '%24': '$', '%27': '\'', '%28': '(', '%29': ')', '%2A': '*', '%2C': ',', '%3B': ';'
}

/** The request URI as HubSpot signs it: the listed percent-encodings decoded (hex digits in either case). */
const hubspotUri = (url: string): string =>
  url.replace(/%(3A|2F|3F|40|21|24|27|28|29|2A|2C|3B)/gi, (encoded) => DECODED[encoded.toUpperCase()])

function read (ctx: ProviderContext): SignatureRead {
  const result = readFramedHeader(ctx, SIGNATURE, { prefix: '', encoding: 'base64' }, 'HubSpot')
  const checks: Check[] = [...result.checks]
  if (result.reason === 'missing_signature_header' && ctx.headers.has(LEGACY)) {
    checks.splice(0, 1, check('signature_header', 'failed',
      `${SIGNATURE} header is missing; only the v1 or v2 X-HubSpot-Signature is present, and it is not accepted: it signs no timestamp (see legacy_signature)`))
  }
  const timestamp = readHeader(ctx, TIMESTAMP.toLowerCase(), TIMESTAMP, 'timestamp')
  if ('check' in timestamp) {
    checks.push({ ...timestamp.check, detail: `${timestamp.check.detail}; the timestamp ends the signed content` })
    result.reason ??= timestamp.reason === 'missing' ? 'missing_timestamp' : 'invalid_timestamp'
  }
  if (ctx.url === undefined) checks.push(check('signed_url', 'failed', 'HubSpot signs the request URI: pass it as url'))
  if ('check' in timestamp || ctx.url === undefined || result.signed === undefined) return { ...result, checks, signed: undefined }
  const uri = hubspotUri(ctx.url)
  checks.push(check('signed_url', 'passed', uri === ctx.url
    ? 'HubSpot signs the method, the URI, the raw body and the timestamp'
    : 'HubSpot signs the method, the URI with its percent-encoded :/?@!$\'()*,; decoded, the raw body and the timestamp'))
  return {
    ...result,
    checks,
    timestamp: timestamp.value,
    timestampLabel: TIMESTAMP,
    timestampUnit: 'milliseconds',
    signed: (body) => [`${ctx.method}${uri}`, body, timestamp.value]
  }
}

function contentVariants (ctx: ProviderContext, read: SignatureRead): ContentVariant[] {
  const url = ctx.url
  const timestamp = read.timestamp
  if (url === undefined || timestamp === undefined) return []
  const variants: ContentVariant[] = urlVariants(url).map((variant) => ({
    ...variant, cause: 'url', content: [`${ctx.method}${hubspotUri(variant.url)}`, ctx.payload, timestamp]
  }))
  if (hubspotUri(url) !== url) {
    variants.push({
      code: 'url_not_decoded',
      cause: 'url',
      finding: 'the URI with its percent-encodings left as they are',
      explanation: 'the signer did not decode %3A, %2F, %3F, %40, %21, %24, %27, %28, %29, %2A, %2C and %3B in the URI as HubSpot does ' +
        '(@hubspot/api-client signs the URL as given): if this came from HubSpot, the URL you passed is not the one it called',
      content: [`${ctx.method}${url}`, ctx.payload, timestamp]
    })
  }
  if (/^\d{13}$/.test(timestamp)) {
    variants.push({
      code: 'timestamp_seconds',
      cause: 'framing',
      finding: 'the timestamp in seconds instead of milliseconds',
      explanation: 'HubSpot signs X-HubSpot-Request-Timestamp in milliseconds exactly as sent; whatever signed this converted it to seconds',
      content: [`${ctx.method}${hubspotUri(url)}`, ctx.payload, String(Math.floor(Number(timestamp) / 1000))]
    })
  }
  return variants
}

/** v1 (secret + body) and v2 (secret + method + URI + body), SHA-256 hex, which HubSpot still sends beside v3. */
function legacyCheck (ctx: ProviderContext): Check[] {
  const legacy = ctx.headers.get(LEGACY)
  if (legacy === undefined) return []
  const version = ctx.headers.get('x-hubspot-signature-version') ?? 'v1'
  const digest = decodeHex(legacy)
  const source = (secret: string): string => version === 'v2' ? `${secret}${ctx.method}${ctx.url ?? ''}${ctx.payload}` : `${secret}${ctx.payload}`
  const matches = digest !== undefined && ctx.secrets.some((secret) => digestsEqual(digest, createHash('sha256').update(source(secret), 'utf8').digest()))
  return [matches
    ? check('legacy_signature', ctx.headers.has(SIGNATURE) ? 'passed' : 'warning',
      `X-HubSpot-Signature (${version}) matches; it signs no timestamp, so it is informational only`)
    : check('legacy_signature', 'failed', `X-HubSpot-Signature (${version}) does not match this request and secret either (informational only)`)]
}

export const hubspot = defineProvider({
  id: 'hubspot',
  replayProtected: true,
  name: 'HubSpot (signature v3)',
  scheme: 'hmac-sha256-base64',
  signatureHeaders: [SIGNATURE],
  timestampHeader: `${TIMESTAMP} (milliseconds)`,
  signedContent: '<method><request URI with %3A %2F %3F %40 %21 %24 %27 %28 %29 %2A %2C %3B decoded><raw body><X-HubSpot-Request-Timestamp>; ' +
    'header value base64(HMAC-SHA256); HubSpot rejects timestamps older than 5 minutes; v1 and v2 X-HubSpot-Signature are reported, never accepted',
  secretFormat: 'the app\'s Client secret (app settings > Auth), used as UTF-8 bytes; not a private app access token (pat-)',
  signsUrl: true,
  signsMethod: true,
  algorithm: HMAC_SHA256,
  detection: { headers: [SIGNATURE.toLowerCase()], telltales: [TIMESTAMP.toLowerCase()] },
  read,
  contentVariants,
  extraChecks: (ctx) => [
    ...legacyCheck(ctx),
    check('idempotency_key', 'skipped', 'deduplicate HubSpot deliveries on the eventId of each event in the payload')
  ],
  sign ({ body, secret, timestamp, url, method }) {
    const millis = String(timestamp * 1000)
    const content = [`${method ?? 'POST'}${hubspotUri(url ?? 'https://example.com/hubspot')}`, body, millis]
    return { [SIGNATURE]: mac('sha256', secret, content).toString('base64'), [TIMESTAMP]: millis }
  },
  demos: [{
    payload: '[{"eventId":1,"subscriptionId":12345,"portalId":62515,"appId":54321,"occurredAt":1700000000000,' +
      '"subscriptionType":"contact.creation","attemptNumber":0,"objectId":123,"changeFlag":"CREATED","changeSource":"CRM"}]',
    secret: 'hubspot-replay-vector-demo-client-secret',
    url: 'https://example.com/webhooks/hubspot?portal=62515',
    method: 'POST',
    headers: { 'Content-Type': 'application/json' }
  }],
  note: anyFramework('HubSpot signs the method, the URI, the raw body and the millisecond timestamp',
    'Pass url exactly as HubSpot called it (scheme, host, path and query) and method; the timestamp stays in milliseconds as sent.')
})
