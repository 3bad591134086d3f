import { createHash } from 'node:crypto'
import { HMAC_SHA256 } from '../algorithms.js'
import { mac } from '../digest.js'
import { anyFramework, defineProvider, type SignedContent } from '../provider.js'
import { idempotencyCheck } from './body-hmac.js'
import { readFramedHeader, type Framing } from './framing.js'

const SIGNATURE = 'X-Signature'
const FRAMING: Framing = { prefix: '', encoding: 'hex' }

// Tebex signs the hex SHA-256 of the body, not the body: a body variant is hashed the same way before its MAC.
const bodyHashHex: SignedContent = (body) => [createHash('sha256').update(body).digest('hex')]

// https://docs.tebex.io/developers/webhooks/overview (verifying webhook authenticity)
export const tebex = defineProvider({
  id: 'tebex',
  name: 'Tebex',
  scheme: 'hmac-sha256-hex',
  signatureHeaders: [SIGNATURE],
  timestampHeader: null,
  replayProtected: false,
  signedContent: 'the lowercase hex SHA-256 of the raw body (not the body itself); header value <64 hex digits>',
  secretFormat: 'the webhook secret key (Developers > Webhooks), used as UTF-8 bytes; not the store\'s public or private API key',
  algorithm: HMAC_SHA256,
  // No detection: X-Signature is sent by many senders (Airwallex, ClickUp...), so provider "auto" never guesses Tebex.
  read: (ctx) => ({ ...readFramedHeader(ctx, SIGNATURE, FRAMING, 'Tebex'), signed: bodyHashHex }),
  extraChecks: (ctx) => [idempotencyCheck(ctx, 'Tebex', [], 'deduplicate deliveries on the id in the payload')],
  sign: ({ body, secret }) => ({ [SIGNATURE]: mac('sha256', secret, bodyHashHex(body)).toString('hex') }),
  demos: [{
    payload: '{"id":"7a9a5b4e-demo-0001-replay-vector","type":"payment.completed","date":"2023-11-14T22:13:20+00:00",' +
      '"subject":{"transaction_id":"tbx-demo-0001","status":{"id":1,"description":"Complete"}}}',
    secret: 'tebex-replay-vector-demo-webhook-secret',
    headers: { 'Content-Type': 'application/json' }
  }],
  note: anyFramework('Tebex signs the hex SHA-256 of the body, not the body',
    'Hash the raw body with SHA-256 first, then HMAC that hex text with the webhook secret; an HMAC of the body itself never matches.')
})
