import { HMAC_SHA256 } from '../algorithms.js'
import { hmac } from '../digest.js'
import { defineProvider, anyFramework, check, prefixed, readHeader, type ProviderContext, type SignatureRead } from '../provider.js'
import type { Check } from '../types.js'
import { readFramedHeader, type Framing } from './framing.js'

const SIGNATURE = 'Twitch-Eventsub-Message-Signature'
const ID = 'Twitch-Eventsub-Message-Id'
const TIMESTAMP = 'Twitch-Eventsub-Message-Timestamp'
const FRAMING: Framing = { prefix: 'sha256=', encoding: 'hex' }

function read (ctx: ProviderContext): SignatureRead {
  const result = readFramedHeader(ctx, SIGNATURE, FRAMING, 'Twitch')
  const checks: Check[] = [...result.checks]
  const id = readHeader(ctx, ID.toLowerCase(), ID, 'message_id')
  const timestamp = readHeader(ctx, TIMESTAMP.toLowerCase(), TIMESTAMP, 'timestamp')
  if ('check' in id) {
    checks.push({ ...id.check, detail: `${id.check.detail}; the message id starts the signed content` })
    result.reason ??= id.reason === 'missing' ? 'missing_signature_header' : 'malformed_signature_header'
  } else {
    checks.push(check('message_id', 'passed', `${ID} found: it is signed, and it is the idempotency key (Twitch resends a message with the same id)`))
  }
  if ('check' in timestamp) {
    checks.push(timestamp.check)
    result.reason ??= timestamp.reason === 'missing' ? 'missing_timestamp' : 'invalid_timestamp'
    return { ...result, checks, signed: undefined }
  }
  return {
    ...result,
    checks,
    // Signed as sent, nanoseconds included; the clock comparison reads it as an RFC 3339 date.
    timestamp: timestamp.value,
    timestampLabel: TIMESTAMP,
    timestampUnit: 'rfc3339',
    signed: result.signed === undefined || 'check' in id ? undefined : prefixed(`${id.value}${timestamp.value}`)
  }
}

export const twitch = defineProvider({
  id: 'twitch',
  replayProtected: true,
  name: 'Twitch EventSub',
  scheme: 'hmac-sha256-hex',
  signatureHeaders: [SIGNATURE],
  timestampHeader: TIMESTAMP,
  signedContent: `<${ID}><${TIMESTAMP}><raw body>, concatenated as sent (the timestamp in RFC 3339); header value sha256=<hex HMAC-SHA256>; ` +
    'Twitch\'s documentation rejects messages older than 10 minutes (pass tolerance_seconds: 600 to do the same)',
  secretFormat: 'the secret given when the EventSub subscription was created (10 to 100 ASCII characters), used as UTF-8 bytes; ' +
    'not the app\'s client secret or an access token',
  algorithm: HMAC_SHA256,
  detection: { headers: [SIGNATURE.toLowerCase()] },
  read,
  sign ({ body, secret, timestamp, id }) {
    const time = `${new Date(timestamp * 1000).toISOString().slice(0, 19)}.123456789Z`
    return {
      [ID]: id,
      [TIMESTAMP]: time,
      'Twitch-Eventsub-Message-Type': 'notification',
      [SIGNATURE]: `sha256=${hmac('sha256', secret, body, `${id}${time}`).toString('hex')}`
    }
  },
  demos: [{
    payload: '{"subscription":{"id":"f1c2a387-161a-49f9-a165-0f21d7a4e1c4","type":"channel.follow","version":"2","status":"enabled"},' +
      '"event":{"user_id":"1337","user_login":"awesome_user","broadcaster_user_id":"12826"}}',
    secret: 'twitch-replay-vector-demo-secret',
    headers: { 'Content-Type': 'application/json' },
    id: 'e76c6bd4-55c9-4987-8304-da1588d8988b'
  }],
  note: anyFramework('Twitch signs "<message id><timestamp><body>" concatenated',
    'Pass Twitch-Eventsub-Message-Id and Twitch-Eventsub-Message-Timestamp exactly as received; the timestamp stays in RFC 3339 with its nanoseconds.')
})
