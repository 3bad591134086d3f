import { hmacAlgorithm } from '../algorithms.js'
import { decodeHex, digestsEqual, hmac } from '../digest.js'
import type { KeyFormat } from '../key-formats.js'
import {
  defineProvider, anyFramework, check, headerReason, prefixed, readHeader, type Candidate, type ProviderContext, type SignatureRead
} from '../provider.js'
import { whsecVariants } from '../secret-variants.js'
import type { Check } from '../types.js'

const SIGNATURE = 'stripe-signature'
const stripeKey: KeyFormat = (secret) => ({ key: Buffer.from(secret, 'utf8'), use: 'used verbatim as the key, whsec_ included' })
const ALGORITHM = hmacAlgorithm('sha256', stripeKey)

interface StripeHeader {
  timestamps: string[]
  v1: string[]
  v0: string[]
  /** Entries such as ` v1=...`: Stripe's libraries split on `,` and `=` without trimming, so they ignore these. */
  spaced: Array<{ key: string, value: string }>
  unknownSchemes: number
  broken: number
}

function parseStripeHeader (value: string): StripeHeader {
  const parsed: StripeHeader = { timestamps: [], v1: [], v0: [], spaced: [], unknownSchemes: 0, broken: 0 }
  for (const item of value.split(',')) {
    const at = item.indexOf('=')
    if (at < 0) { parsed.broken++; continue }
    const key = item.slice(0, at)
    const entry = item.slice(at + 1)
    if (key === 't') parsed.timestamps.push(entry)
    else if (key === 'v1') parsed.v1.push(entry)
    else if (key === 'v0') parsed.v0.push(entry)
    else if (['t', 'v1', 'v0'].includes(key.trim())) parsed.spaced.push({ key: key.trim(), value: entry.trim() })
    else parsed.unknownSchemes++
  }
  return parsed
}

function read (ctx: ProviderContext): SignatureRead {
  const found = readHeader(ctx, SIGNATURE, 'Stripe-Signature')
  if ('check' in found) {
    return { reason: headerReason(found.reason), checks: [found.check], candidates: [], loose: [], algorithm: ALGORITHM }
  }
  const parsed = parseStripeHeader(found.value)
  const spacedV1 = parsed.spaced.filter((entry) => entry.key === 'v1').map((entry) => entry.value)
  const candidates: Candidate[] = []
  const loose: string[] = [...spacedV1]
  parsed.v1.forEach((entry, index) => {
    const digest = decodeHex(entry)
    if (digest?.length === 32) candidates.push({ label: `v1 entry ${index + 1} of ${parsed.v1.length}`, digest })
    else loose.push(entry)
  })
  const result: SignatureRead = { checks: [], header: SIGNATURE, candidates, loose, ignored: parsed.v0, algorithm: ALGORITHM }

  const notes = [
    `${parsed.v1.length} v1 entr${parsed.v1.length === 1 ? 'y' : 'ies'}`,
    parsed.v0.length > 0 ? `${parsed.v0.length} v0 ignored (only v1 counts)` : '',
    parsed.unknownSchemes > 0 ? `${parsed.unknownSchemes} other scheme(s) ignored` : '',
    parsed.spaced.length > 0
      ? `${parsed.spaced.length} entr${parsed.spaced.length === 1 ? 'y' : 'ies'} with ` +
      'whitespace around the name, ignored as Stripe\'s libraries do (they do not trim; Stripe never sends ' +
      'spaces)'
      : '',
    parsed.broken > 0 ? `${parsed.broken} item(s) without "=" ignored` : ''
  ].filter((note) => note !== '').join(', ')

  if (parsed.v1.length === 0) {
    result.reason = spacedV1.length > 0 ? 'malformed_signature_header' : 'missing_signature_header'
    result.checks.push(check('signature_header', 'failed', `Stripe-Signature has no v1 signature (${notes})`))
  } else if (candidates.length === 0) {
    result.reason = 'malformed_signature_header'
    result.checks.push(check('signature_header', 'failed', `Stripe-Signature found, but no v1 entry is 64 hex digits (${notes})`))
  } else {
    result.checks.push(check('signature_header', 'passed', `Stripe-Signature found: ${notes}`))
  }

  const distinct = new Set(parsed.timestamps)
  if (distinct.size === 1) {
    result.timestamp = parsed.timestamps[0]
    result.timestampLabel = 'the t= entry of Stripe-Signature'
    result.signed = prefixed(`${result.timestamp}.`)
  } else if (distinct.size > 1) {
    result.reason ??= 'invalid_timestamp'
    result.checks.push(check('timestamp', 'failed', 'Stripe-Signature has several different t= entries'))
  } else {
    result.reason ??= 'missing_timestamp'
    const spaced = parsed.spaced.some((entry) => entry.key === 't') ? ' (a t entry has whitespace around its name, which Stripe\'s libraries ignore)' : ''
    result.checks.push(check('timestamp', 'failed', `Stripe-Signature has no t= entry${spaced}`))
  }
  return result
}

function v0Check (ctx: ProviderContext, read: SignatureRead): Check | undefined {
  const v0 = read.ignored ?? []
  if (v0.length === 0) return undefined
  const t = read.timestamp
  const digests = v0.map(decodeHex).filter((digest) => digest !== undefined)
  const matches = t !== undefined && ctx.secrets.some((secret) => {
    const expected = hmac('sha256', secret, ctx.payload, `${t}.`)
    return digests.some((digest) => digestsEqual(digest, expected))
  })
  return matches
    ? check('v0_signature', 'warning', 'a v0 entry matches this payload and secret, but Stripe accepts only v1 (downgrade protection); it is not used')
    : check('v0_signature', 'skipped', 'v0 entries are ignored: Stripe verifies v1 only, and test-mode events carry a v0 that is not signed with your secret')
}

export const stripe = defineProvider({
  id: 'stripe',
  replayProtected: true,
  name: 'Stripe',
  scheme: 'hmac-sha256-hex',
  signatureHeaders: ['Stripe-Signature'],
  timestampHeader: 'Stripe-Signature (t=)',
  signedContent: '<t>.<raw body>; header value t=<unix seconds>,v1=<hex HMAC-SHA256>[,v1=...]; any v1 entry may match, v0 is ignored',
  secretFormat: 'the endpoint signing secret exactly as shown (whsec_ included), used as UTF-8 bytes; not an API key (sk_, pk_, rk_)',
  algorithm: ALGORITHM,
  detection: { headers: [SIGNATURE] },
  read,
  extraChecks (ctx, read) {
    const v0 = v0Check(ctx, read)
    return [
      ...(v0 === undefined ? [] : [v0]),
      check('idempotency_key', 'skipped', 'Stripe puts the event id (evt_...) in the payload: deduplicate deliveries on it')
    ]
  },
  sign: ({ body, secret, timestamp }) => ({
    'Stripe-Signature': `t=${timestamp},v1=${hmac('sha256', secret, body, `${timestamp}.`).toString('hex')}`
  }),
  whsecSecrets: true,
  secretVariants: (secret) => secret.startsWith('whsec_')
    ? whsecVariants(secret, 'Stripe uses the whole string, whsec_ included, as the key; whatever signed this dropped the prefix')
    : [{
        code: 'secret_with_whsec',
        finding: 'the secret with the whsec_ prefix',
        explanation: 'Stripe\'s key is the whole endpoint secret, whsec_ included: pass it in full',
        key: Buffer.from(`whsec_${secret}`, 'utf8')
      }],
  secretFindings: (secret) => secret.startsWith('whsec_')
    ? []
    : ['Stripe endpoint secrets start with whsec_, and ' +
    'the whole string, prefix included, is the key'],
  demos: [{
    payload: JSON.stringify({
      id: 'evt_demo_replay_vector',
      object: 'event',
      api_version: '2025-08-27',
      created: 1700000000,
      data: { object: { id: 'pi_demo', object: 'payment_intent', amount: 2000, currency: 'usd' } },
      type: 'payment_intent.succeeded'
    }, null, 2),
    secret: 'whsec_replay_vector_demo_secret',
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    example: { summary: 'Stripe: t=...,v1=... over "<t>.<body>"', rotation: true, reserialised: true }
  }],
  note: anyFramework('Stripe sends pretty-printed JSON and one secret per endpoint and mode',
    'A compact JSON.stringify(req.body) never matches. stripe listen prints its own whsec_ secret, different from ' +
      'the Dashboard endpoint secret, and test and live mode endpoints have different secrets.')
})
