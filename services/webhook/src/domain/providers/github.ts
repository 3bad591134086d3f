import { HMAC_SHA256 } from '../algorithms.js'
import { decodeHex, digestsEqual, hmac } from '../digest.js'
import { defineProvider, anyFramework, bodyOnly, check, headerReason, readHeader, type ProviderContext, type SignatureRead } from '../provider.js'
import type { Check } from '../types.js'

const SIGNATURE = 'x-hub-signature-256'
const LEGACY = 'x-hub-signature'
const DELIVERY = 'x-github-delivery'
const SHA256_VALUE = /^sha256=([0-9a-fA-F]{64})$/

function read (ctx: ProviderContext): SignatureRead {
  const found = readHeader(ctx, SIGNATURE, 'X-Hub-Signature-256')
  if ('check' in found) {
    const legacyOnly = found.reason === 'missing' && ctx.headers.has(LEGACY)
    const detail = legacyOnly
      ? 'X-Hub-Signature-256 header is missing; only the legacy sha1 X-Hub-Signature is present, and it is not accepted ' +
        '(sha1 is never used as a fallback). GitHub sends X-Hub-Signature-256 with every delivery of a webhook that has a secret'
      : found.check.detail
    return { reason: headerReason(found.reason), checks: [{ ...found.check, detail }], candidates: [], loose: [], algorithm: HMAC_SHA256 }
  }
  const match = SHA256_VALUE.exec(found.value)
  if (match === null) {
    return {
      reason: 'malformed_signature_header',
      checks: [check('signature_header', 'failed', `X-Hub-Signature-256 is not of the form sha256=<64 hex digits>: ${describeProblem(found.value)}`)],
      header: SIGNATURE,
      candidates: [],
      loose: [found.value],
      algorithm: HMAC_SHA256,
      signed: bodyOnly
    }
  }
  const upper = /[A-F]/.test(match[1]) ? ' (uppercase hex digits, accepted: hex is compared case-insensitively; GitHub itself sends lowercase)' : ''
  return {
    checks: [check('signature_header', 'passed', `X-Hub-Signature-256 found: sha256=<64 hex digits>${upper}`)],
    header: SIGNATURE,
    candidates: [{ label: 'X-Hub-Signature-256', digest: decodeHex(match[1]) as Buffer }],
    loose: [],
    algorithm: HMAC_SHA256,
    signed: bodyOnly
  }
}

function describeProblem (value: string): string {
  if (value === '') return 'the value is empty'
  if (/^[0-9a-fA-F]{64}$/.test(value)) return 'the sha256= prefix is missing'
  if (value.startsWith('sha1=')) return 'it carries a sha1 value; GitHub puts sha1 in X-Hub-Signature and sha256 here'
  if (!value.startsWith('sha256=')) return 'it does not start with sha256='
  return 'the digest after sha256= is not 64 hex digits'
}

function legacyCheck (ctx: ProviderContext): Check | undefined {
  const legacy = ctx.headers.get(LEGACY)
  if (legacy === undefined) return undefined
  const digest = /^sha1=([0-9a-fA-F]{40})$/.exec(legacy)
  if (digest === null) return check('legacy_sha1_signature', 'warning', 'X-Hub-Signature is present but not of the form sha1=<40 hex digits>; it is ignored')
  const legacyDigest = decodeHex(digest[1]) as Buffer
  const matches = ctx.secrets.some((secret) => digestsEqual(legacyDigest, hmac('sha1', secret, ctx.payload)))
  return matches
    ? check('legacy_sha1_signature', ctx.headers.has(SIGNATURE) ? 'passed' : 'warning',
      'X-Hub-Signature (sha1) matches this payload and secret; it is informational only and never used as a fallback for X-Hub-Signature-256')
    : check('legacy_sha1_signature', 'failed', 'X-Hub-Signature (sha1) does not match this payload and secret either (informational only)')
}

export const github = defineProvider({
  id: 'github',
  replayProtected: false,
  name: 'GitHub',
  scheme: 'hmac-sha256-hex',
  signatureHeaders: ['X-Hub-Signature-256'],
  // Sent beside sha256, it names GitHub too when the sha256 header is what went missing.
  legacyHeaders: ['X-Hub-Signature'],
  timestampHeader: null,
  signedContent: 'the raw body; header value sha256=<lowercase hex HMAC-SHA256>; the legacy sha1 X-Hub-Signature is reported but never accepted',
  secretFormat: 'the webhook secret as configured on GitHub, used as UTF-8 bytes',
  algorithm: HMAC_SHA256,
  detection: { headers: ['x-hub-signature-256'], telltales: ['x-github-event', 'x-github-delivery', 'x-github-hook-id'] },
  read,
  // A webhook can be set to the form content type: payload=<url-encoded JSON>.
  formBodies: true,
  extraChecks (ctx) {
    const checks: Check[] = []
    const legacy = legacyCheck(ctx)
    if (legacy !== undefined) checks.push(legacy)
    checks.push(ctx.headers.has(DELIVERY)
      ? check('idempotency_key', 'passed', 'X-GitHub-Delivery is present: GitHub signs no timestamp, so deduplicate deliveries on this GUID')
      : check('idempotency_key', 'skipped', 'X-GitHub-Delivery is absent: GitHub signs no timestamp, so ' +
        'deduplicate deliveries on this GUID when you receive it'))
    return checks
  },
  sign: ({ body, secret }) => ({
    'X-Hub-Signature-256': `sha256=${hmac('sha256', secret, body).toString('hex')}`
  }),
  demos: [
    // GitHub's documented example.
    {
      payload: 'Hello, World!',
      secret: "It's a Secret to Everybody",
      headers: { 'X-GitHub-Event': 'ping', 'X-GitHub-Delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958' },
      example: { summary: 'GitHub: the example from the GitHub docs' }
    },
    {
      payload: '{"zen":"Keep it logically awesome.","hook_id":12345678}',
      secret: 'github-replay-vector-demo-secret',
      headers: { 'Content-Type': 'application/json', 'X-GitHub-Event': 'ping', 'X-GitHub-Delivery': '9f3a1c52-2f6b-4d1e-8c8f-0c9b5d7e1a24' },
      example: { name: 'github-json', summary: 'GitHub: a JSON ping', auto: 'provider auto: GitHub recognised from its headers' }
    }
  ],
  note: anyFramework('GitHub signs the body exactly as sent',
    'With the content type application/x-www-form-urlencoded the body is payload=<url-encoded JSON> and the ' +
      'signature covers that form body, not the JSON inside it; choose application/json in the webhook settings.'),
  missingHeaderNote: anyFramework('X-Hub-Signature-256 did not reach the verifier',
    'GitHub omits the signature headers when the webhook has no secret configured. A proxy or gateway may strip ' +
      'X-Hub-* headers; Django exposes the header as request.META["HTTP_X_HUB_SIGNATURE_256"].')
})
