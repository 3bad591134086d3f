import { anyFramework } from '../provider.js'
import { timestampHmacProvider } from './timestamp-hmac.js'

// https://api.akeneo.com/events-documentation/security.html
export const akeneo = timestampHmacProvider({
  id: 'akeneo',
  name: 'Akeneo PIM (Events API)',
  header: 'X-Akeneo-Request-Signature',
  framing: { prefix: '', encoding: 'hex' },
  timestampHeader: 'X-Akeneo-Request-Timestamp',
  before: (timestamp) => `${timestamp}.`,
  beforeText: '<X-Akeneo-Request-Timestamp>.',
  secretFormat: 'the secret of the Events API subscription (the connected app\'s secret), used as UTF-8 bytes; not the API client secret',
  facts: 'Events API deliveries (deprecated by Akeneo in favour of the Event Platform)',
  idempotency: 'deduplicate on each event\'s event_id in the payload\'s events array',
  demo: {
    payload: '{"events":[{"action":"product.created","event_id":"7abae2fe-759a-4fce-aa43-f413980671b3",' +
      '"event_datetime":"2023-11-14T22:13:20+00:00","author":"demo","author_type":"api","pim_source":"demo-pim",' +
      '"data":{"resource":{"identifier":"demo-product"}}}]}',
    secret: 'akeneo-replay-vector-demo-subscription-secret',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Akeneo signs "<timestamp>.<body>" with the subscription secret as hex',
    'The timestamp header and a dot come before the raw body; the secret is the Events API subscription\'s.')
})
