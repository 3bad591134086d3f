import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

// https://picqer.com/en/api/webhooks
export const picqer = bodyHmacProvider({
  id: 'picqer',
  name: 'Picqer',
  header: 'X-Picqer-Signature',
  framing: { prefix: '', encoding: 'base64' },
  secretFormat: 'the secret given when the hook was created (POST /api/v1/hooks), used as UTF-8 bytes; not the API key',
  deliveryIds: [],
  idempotencyFallback: 'deduplicate deliveries on the idhook, event and event_triggered_at in the payload',
  demo: {
    payload: '{"idhook":1001,"name":"Demo hook","event":"orders.completed","event_triggered_at":"2023-11-14 22:13:20",' +
      '"data":{"idorder":2001,"orderid":"O2023-0001"}}',
    secret: 'picqer-replay-vector-demo-hook-secret',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Picqer signs the body with the hook\'s secret as base64',
    'The secret is the one set on the hook; hooks created without one are not signed at all.')
})
