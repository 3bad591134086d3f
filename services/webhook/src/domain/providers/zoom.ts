import { HMAC_SHA256 } from '../algorithms.js'
import { hmac } from '../digest.js'
import { defineProvider, anyFramework, check, type ProviderContext, type SignatureRead } from '../provider.js'
import type { Framing } from './framing.js'
import { readTimestampedHeader } from './timestamp-hmac.js'

const SIGNATURE = 'x-zm-signature'
const TIMESTAMP = 'x-zm-request-timestamp'
const FRAMING: Framing = { prefix: 'v0=', encoding: 'hex' }

const read = (ctx: ProviderContext): SignatureRead => readTimestampedHeader(ctx, {
  header: SIGNATURE, framing: FRAMING, name: 'Zoom', timestampHeader: TIMESTAMP, before: (timestamp) => `v0:${timestamp}:`
})

export const zoom = defineProvider({
  id: 'zoom',
  replayProtected: true,
  name: 'Zoom',
  scheme: 'hmac-sha256-hex',
  signatureHeaders: [SIGNATURE],
  timestampHeader: TIMESTAMP,
  signedContent: 'v0:<x-zm-request-timestamp>:<raw body>; header value v0=<hex HMAC-SHA256>; ' +
    'the endpoint.url_validation challenge is answered with an HMAC of its plainToken, not verified here',
  secretFormat: 'the app\'s Secret Token (Features > Access > Secret Token), used as UTF-8 bytes; ' +
    'not the deprecated Verification Token, the client secret or an access token',
  algorithm: HMAC_SHA256,
  detection: { headers: [SIGNATURE], telltales: [TIMESTAMP] },
  read,
  extraChecks: (ctx) => [check('idempotency_key', 'skipped', ctx.headers.has('x-zm-trackingid')
    ? 'x-zm-trackingid names this delivery; the payload\'s event and event_ts identify the event to deduplicate on'
    : 'deduplicate deliveries on the payload\'s event and event_ts')],
  sign: ({ body, secret, timestamp }) => ({
    [TIMESTAMP]: String(timestamp),
    [SIGNATURE]: `v0=${hmac('sha256', secret, body, `v0:${timestamp}:`).toString('hex')}`
  }),
  demos: [{
    payload: '{"event":"meeting.started","payload":{"account_id":"demo_account","object":{"id":"85692289530","topic":"Demo ' +
      'meeting"}},"event_ts":1700000000000}',
    secret: 'zoom_replay_vector_demo_token',
    headers: { 'Content-Type': 'application/json' }
  }],
  note: anyFramework('Zoom signs "v0:<x-zm-request-timestamp>:<body>" with the app\'s Secret Token',
    'The Secret Token is on the app\'s Feature page; the deprecated Verification Token and the OAuth client secret never match.')
})
