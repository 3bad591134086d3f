import { anyFramework } from '../provider.js'
import { timestampHmacProvider } from './timestamp-hmac.js'

// https://www.airwallex.com/docs/developer-tools/webhooks/listen-for-webhook-events (verify signatures, code examples)
export const airwallex = timestampHmacProvider({
  id: 'airwallex',
  name: 'Airwallex',
  header: 'x-signature',
  framing: { prefix: '', encoding: 'hex' },
  timestampHeader: 'x-timestamp',
  timestampUnit: 'milliseconds',
  before: (timestamp) => timestamp,
  beforeText: '<x-timestamp>',
  secretFormat: 'the webhook\'s secret (Developer > Webhooks > the webhook), used as UTF-8 bytes; not the API key or client id',
  facts: 'x-timestamp is in milliseconds',
  idempotency: 'deduplicate deliveries on the event id in the payload',
  // x-signature and x-timestamp are sent by many senders (Tebex, ClickUp...): provider "auto" never guesses Airwallex.
  detectable: false,
  demo: {
    payload: '{"id":"evt_demo_replay_vector_0001","name":"payment_intent.succeeded","account_id":"acct_demo",' +
      '"data":{"object":{"id":"int_demo","amount":100,"currency":"USD","status":"SUCCEEDED"}},"created_at":"2023-11-14T22:13:20+0000"}',
    secret: 'airwallex-replay-vector-demo-webhook-secret',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Airwallex signs "<x-timestamp><body>" with the webhook secret as hex',
    'The millisecond timestamp is written directly before the raw body, with nothing between them.')
})
