import { anyFramework } from '../provider.js'
import { timestampHmacProvider } from './timestamp-hmac.js'

// https://docs.customer.io/api/webhooks/ (securing reporting webhooks)
export const customerIo = timestampHmacProvider({
  id: 'customer-io',
  name: 'Customer.io',
  header: 'X-CIO-Signature',
  framing: { prefix: '', encoding: 'hex' },
  timestampHeader: 'X-CIO-Timestamp',
  before: (timestamp) => `v0:${timestamp}:`,
  beforeText: 'v0:<X-CIO-Timestamp>:',
  secretFormat: 'the reporting webhook\'s signing key (Data & Integrations > Reporting Webhooks), used as UTF-8 bytes; ' +
    'not a Track or App API key',
  facts: 'Reporting Webhooks only',
  idempotency: 'deduplicate deliveries on the event_id in the payload',
  demo: {
    payload: '{"event_id":"01DEMOEVENT0000000000000000","object_type":"email","metric":"delivered","timestamp":1700000000,' +
      '"data":{"customer_id":"demo-customer","delivery_id":"demo-delivery"}}',
    secret: 'customer-io-replay-vector-demo-signing-key',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Customer.io signs "v0:<timestamp>:<body>" with the reporting webhook\'s signing key as hex',
    'The signing key is on the reporting webhook\'s page; the Track and App API keys never match.')
})
