import { decodeHex, digestsEqual, hmac } from '../digest.js'
import { check, readHeader, utf8Key, type Provider, type ProviderContext, type SignatureRead } from '../provider.js'
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
    return {
      reason: found.reason === 'missing' ? 'missing_signature_header' : 'malformed_signature_header',
      checks: [{ ...found.check, detail }],
      candidates: [],
      loose: []
    }
  }
  const match = SHA256_VALUE.exec(found.value)
  if (match === null) {
    return {
      reason: 'malformed_signature_header',
      checks: [check('signature_header', 'failed', `X-Hub-Signature-256 is not of the form sha256=<64 hex digits>: ${describeProblem(found.value)}`)],
      header: SIGNATURE,
      candidates: [],
      loose: [found.value],
      signedPrefix: ''
    }
  }
  const upper = /[A-F]/.test(match[1]) ? ' (uppercase hex digits, accepted: hex is compared case-insensitively; GitHub itself sends lowercase)' : ''
  return {
    checks: [check('signature_header', 'passed', `X-Hub-Signature-256 found: sha256=<64 hex digits>${upper}`)],
    header: SIGNATURE,
    candidates: [{ label: 'X-Hub-Signature-256', digest: decodeHex(match[1]) as Buffer }],
    loose: [],
    signedPrefix: ''
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
  const matches = digestsEqual(decodeHex(digest[1]) as Buffer, hmac('sha1', utf8Key(ctx.secret), ctx.payload))
  return matches
    ? check('legacy_sha1_signature', ctx.headers.has(SIGNATURE) ? 'passed' : 'warning',
      'X-Hub-Signature (sha1) matches this payload and secret; it is informational only and never used as a fallback for X-Hub-Signature-256')
    : check('legacy_sha1_signature', 'failed', 'X-Hub-Signature (sha1) does not match this payload and secret either (informational only)')
}

export const github: Provider = {
  id: 'github',
  replayProtected: false,
  info: {
    provider: 'github',
    name: 'GitHub',
    signature_scheme: 'hmac-sha256-hex',
    signature_headers: ['X-Hub-Signature-256'],
    timestamp_header: null,
    replay_protected: false,
    default_tolerance_seconds: null,
    signed_content: 'the raw body; header value sha256=<lowercase hex HMAC-SHA256>; the legacy sha1 X-Hub-Signature is reported but never accepted',
    secret_format: 'the webhook secret as configured on GitHub, used as UTF-8 bytes'
  },
  scheme: () => 'hmac-sha256-hex',
  read,
  key: utf8Key,
  extraChecks (ctx) {
    const checks: Check[] = []
    const legacy = legacyCheck(ctx)
    if (legacy !== undefined) checks.push(legacy)
    checks.push(ctx.headers.has(DELIVERY)
      ? check('idempotency_key', 'passed', 'X-GitHub-Delivery is present: GitHub signs no timestamp, so deduplicate deliveries on this GUID')
      : check('idempotency_key', 'skipped', 'X-GitHub-Delivery is absent: GitHub signs no timestamp, so deduplicate deliveries on this GUID when you receive it'))
    return checks
  },
  sign: ({ body, secret }) => ({
    'X-Hub-Signature-256': `sha256=${hmac('sha256', secret, body).toString('hex')}`
  })
}
