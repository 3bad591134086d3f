import { HMAC_SHA256 } from '../algorithms.js'
import { hmac } from '../digest.js'
import { defineProvider, anyFramework, check, type ProviderContext, type SignatureRead } from '../provider.js'
import type { Check } from '../types.js'
import { jsonObject } from './body-fields.js'
import { readFramedHeader } from './framing.js'

const SIGNATURE = 'Linear-Signature'
// Sent beside the body, but not signed: @linear/sdk ignores it and trusts only the body's webhookTimestamp.
const HEADER_TIMESTAMP = 'linear-timestamp'
const FIELD = 'webhookTimestamp'

type BodyTimestamp = { millis: number } | { problem: string, missing: boolean }

/** The top-level webhookTimestamp (Unix milliseconds) of the signed JSON body. */
export function bodyTimestamp (payload: string): BodyTimestamp {
  let parsed: unknown
  try {
    parsed = /^\s*\{/.test(payload) ? JSON.parse(payload) : undefined
  } catch {
    parsed = undefined
  }
  if (parsed === undefined) return { problem: `the payload is not a JSON object, so it has no ${FIELD}`, missing: true }
  const value = (parsed as Record<string, unknown>)[FIELD]
  if (value === undefined || value === null) return { problem: `the payload has no top-level ${FIELD} field`, missing: true }
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    const problem = `${FIELD} is ${typeof value === 'number' ? 'not a whole non-negative number' : `a ${typeof value}, not a number`}`
    return { problem, missing: false }
  }
  return { millis: value }
}

function read (ctx: ProviderContext): SignatureRead {
  const result = readFramedHeader(ctx, SIGNATURE, { prefix: '', encoding: 'hex' }, 'Linear')
  const checks: Check[] = [...result.checks]
  const found = bodyTimestamp(ctx.payload)
  if ('problem' in found) {
    const header = ctx.headers.has(HEADER_TIMESTAMP)
      ? '; the Linear-Timestamp header is present but not signed, so it cannot stand in for the body\'s field'
      : ''
    checks.push(check('timestamp', 'failed', `${found.problem}: Linear signs the time as ${FIELD} (Unix milliseconds) in the body${header}`))
    result.reason ??= found.missing ? 'missing_timestamp' : 'invalid_timestamp'
    return { ...result, checks }
  }
  return {
    ...result,
    checks,
    timestamp: String(found.millis),
    timestampLabel: `${FIELD} in the body`,
    timestampUnit: 'milliseconds'
  }
}

/** The unsigned header against the signed field: a checker reading the header is checking something anyone can set. */
function headerTimestampCheck (ctx: ProviderContext): Check[] {
  const header = ctx.headers.get(HEADER_TIMESTAMP)
  if (header === undefined) return []
  const found = bodyTimestamp(ctx.payload)
  if ('problem' in found || header === String(found.millis)) return []
  return [check('timestamp_source', 'warning',
    `Linear-Timestamp (${/^\d{1,16}$/.test(header) ? `${header} ms` : 'not a number'}) differs from the signed ${FIELD} (${found.millis} ms): ` +
    'only the body\'s field is signed, so freshness is judged on it; code that checks the header accepts a replay with a fresh header')]
}

export const linear = defineProvider({
  id: 'linear',
  replayProtected: true,
  name: 'Linear',
  scheme: 'hmac-sha256-hex',
  signatureHeaders: [SIGNATURE],
  timestampHeader: `${FIELD} (in the JSON body, Unix milliseconds)`,
  signedContent: `the raw body; header value <hex HMAC-SHA256>; the signed time is the body's top-level ${FIELD} (milliseconds), ` +
    'not the unsigned Linear-Timestamp header; @linear/sdk rejects more than 60 s of skew (pass tolerance_seconds: 60 to do the same)',
  secretFormat: 'the webhook\'s signing secret (lin_wh_..., Settings > API > Webhooks), used as UTF-8 bytes; not an API key (lin_api_)',
  algorithm: HMAC_SHA256,
  detection: { headers: [SIGNATURE.toLowerCase()] },
  read,
  extraChecks: (ctx) => [
    ...headerTimestampCheck(ctx),
    ctx.headers.has('linear-delivery')
      ? check('idempotency_key', 'passed', 'Linear-Delivery is present: deduplicate deliveries on it')
      : check('idempotency_key', 'skipped', 'no Linear-Delivery header: deduplicate deliveries on it when you receive it')
  ],
  // Linear writes the delivery time into the body, which it then signs whole. The field goes in first, the rest kept
  // byte for byte, so that a receiver verifying a re-serialised copy still fails (conformance's pretty-printed event).
  signBody ({ body, timestamp }) {
    const json = jsonObject(body)
    if (json === undefined) return { problem: `Linear signs a JSON object body holding its ${FIELD}: the payload is not one` }
    const millis = timestamp * 1000
    if (FIELD in json || Object.keys(json).length === 0) return { body: JSON.stringify({ ...json, [FIELD]: millis }) }
    return { body: body.replace('{', `{"${FIELD}":${millis},`) }
  },
  sign: ({ body, secret, id }) => ({
    [SIGNATURE]: hmac('sha256', secret, body).toString('hex'),
    'Linear-Delivery': id,
    'Linear-Event': 'Issue'
  }),
  demos: [{
    payload: '{"action":"create","type":"Issue","data":{"id":"2174add1-f7c8-44e3-bbf3-2d60b5ea8bc9","title":"Demo issue"},' +
      '"url":"https://linear.app/demo/issue/DEM-1","createdAt":"2023-11-14T22:13:20.000Z","webhookTimestamp":1700000000000}',
    secret: 'lin_wh_replay_vector_demo_signing_secret',
    headers: { 'Content-Type': 'application/json' }
  }],
  note: anyFramework('Linear signs the body alone and puts the signed time inside it',
    'webhookTimestamp in the body is what proves freshness; the Linear-Timestamp header is not signed. Re-serialising the body changes the bytes.')
})
