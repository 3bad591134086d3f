import { anyFramework } from '../provider.js'
import { timestampHmacProvider } from './timestamp-hmac.js'

// https://dev.frontapp.com/docs/application-webhooks (verifying integrity)
export const front = timestampHmacProvider({
  id: 'front',
  name: 'Front (application webhooks)',
  header: 'X-Front-Signature',
  framing: { prefix: '', encoding: 'base64' },
  timestampHeader: 'X-Front-Request-Timestamp',
  timestampUnit: 'milliseconds',
  before: (timestamp) => `${timestamp}:`,
  beforeText: '<X-Front-Request-Timestamp>:',
  secretFormat: 'the app\'s signing key (Developers > the app > Basic information), used as UTF-8 bytes; not an API token. ' +
    'Rule webhooks sign the body alone with HMAC-SHA1 and the API secret: verify those with generic-hmac',
  facts: 'the timestamp is in milliseconds; the X-Front-Challenge of a configuration check is answered, not verified here',
  idempotency: 'deduplicate deliveries on the event id in the payload',
  demo: {
    payload: '{"type":"inbound_received","authorization":{"id":"cmp_demo"},"payload":{"id":"evt_demo_replay_0001",' +
      '"type":"inbound","emitted_at":1700000000.000,"conversation":{"id":"cnv_demo"}}}',
    secret: 'front-replay-vector-demo-signing-key',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Front signs "<X-Front-Request-Timestamp>:<body>" with the app\'s signing key as base64',
    'The millisecond timestamp and a colon come before the raw body; rule webhooks use HMAC-SHA1 of the body instead.')
})
