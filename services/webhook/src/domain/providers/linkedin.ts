import { HMAC_SHA256 } from '../algorithms.js'
import { mac } from '../digest.js'
import { anyFramework, defineProvider, prefixed } from '../provider.js'
import { idempotencyCheck } from './body-hmac.js'
import { readFramedHeader, type Framing } from './framing.js'

const SIGNATURE = 'X-LI-Signature'
const FRAMING: Framing = { prefix: '', encoding: 'hex' }
// LinkedIn signs the body behind this literal prefix; the header value itself is the bare hex digest.
const CONTENT_PREFIX = 'hmacsha256='

// https://learn.microsoft.com/en-us/linkedin/shared/api-guide/webhook-validation (verifying webhook events)
export const linkedin = defineProvider({
  id: 'linkedin',
  name: 'LinkedIn',
  scheme: 'hmac-sha256-hex',
  signatureHeaders: [SIGNATURE],
  timestampHeader: null,
  replayProtected: false,
  signedContent: `${CONTENT_PREFIX}<raw body>; header value <64 hex digits>; the GET challengeCode validation is not verified here`,
  secretFormat: 'the application\'s client secret (Developer Portal > Auth), used as UTF-8 bytes; not an access token',
  algorithm: HMAC_SHA256,
  detection: { headers: [SIGNATURE.toLowerCase()] },
  read: (ctx) => {
    const result = readFramedHeader(ctx, SIGNATURE, FRAMING, 'LinkedIn')
    return { ...result, signed: result.signed === undefined ? undefined : prefixed(CONTENT_PREFIX) }
  },
  extraChecks: (ctx) => [idempotencyCheck(ctx, 'LinkedIn', [], 'deduplicate deliveries on the notification id in the payload')],
  sign: ({ body, secret }) => ({ [SIGNATURE]: mac('sha256', secret, [CONTENT_PREFIX, body]).toString('hex') }),
  demos: [{
    payload: '{"type":"LEAD_ACTION","leadGenFormResponse":"urn:li:leadGenFormResponse:demo-0001","owner":' +
      '{"sponsoredAccount":"urn:li:sponsoredAccount:1000001"},"occurredAt":1700000000000}',
    secret: 'linkedin-replay-vector-demo-client-secret',
    headers: { 'Content-Type': 'application/json' }
  }],
  note: anyFramework('LinkedIn signs "hmacsha256=<body>" with the client secret as hex',
    'The literal hmacsha256= comes before the raw body in the signed content, not in the header value.')
})
