import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

export const coinbaseCommerce = bodyHmacProvider({
  id: 'coinbase-commerce',
  name: 'Coinbase Commerce',
  header: 'X-CC-Webhook-Signature',
  framing: { prefix: '', encoding: 'hex' },
  secretFormat: 'the shared secret of the webhook subscription (Settings > Webhook subscriptions), used as UTF-8 bytes; not the API key',
  deliveryIds: [],
  idempotencyFallback: 'deduplicate deliveries on the event id (event.id) in the payload',
  demo: {
    payload: '{"id":1,"scheduled_for":"2023-11-14T22:13:20Z","event":{"id":"24934862-d980-46cb-9402-43c81b0cdba6",' +
      '"type":"charge:confirmed","api_version":"2018-03-22","data":{"code":"DEMO1234"}}}',
    secret: 'coinbase-replay-vector-demo-secret',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Coinbase Commerce signs the body with the webhook shared secret',
    'The shared secret is under Settings > Webhook subscriptions; the API key is another credential.')
})
