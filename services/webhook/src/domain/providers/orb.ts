import { anyFramework } from '../provider.js'
import { timestampHmacProvider } from './timestamp-hmac.js'

// https://docs.withorb.com/guides/integrations-and-exports/webhooks (verifying signatures) and orb-billing's webhooks.verifySignature
export const orb = timestampHmacProvider({
  id: 'orb',
  name: 'Orb',
  header: 'X-Orb-Signature',
  framing: { prefix: 'v1=', encoding: 'hex' },
  timestampHeader: 'X-Orb-Timestamp',
  timestampUnit: 'iso-utc',
  before: (timestamp) => `v1:${timestamp}:`,
  beforeText: 'v1:<X-Orb-Timestamp>:',
  secretFormat: 'the webhook endpoint\'s signing secret (Orb > Developers > Webhooks), used as UTF-8 bytes; not the API key',
  facts: 'X-Orb-Timestamp is an ISO 8601 date without a zone, read as UTC as Orb\'s SDKs do, and signed as sent',
  idempotency: 'deduplicate deliveries on the event id in the payload',
  demo: {
    payload: '{"id": "DemoReplayVector01", "created_at": "2023-11-14T22:13:20+00:00", "type": "resource_event.test", ' +
      '"properties": {"message": "A demo webhook"}}',
    secret: 'orb-replay-vector-demo-signing-secret',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Orb signs "v1:<X-Orb-Timestamp>:<body>" with the endpoint\'s signing secret',
    'The timestamp header is signed exactly as sent (a date without a zone); the API key never matches.')
})
