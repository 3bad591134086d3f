import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

// https://developers.asana.com/docs/webhooks-guide (security) and https://developers.asana.com/reference/createwebhook
export const asana = bodyHmacProvider({
  id: 'asana',
  name: 'Asana',
  header: 'X-Hook-Signature',
  framing: { prefix: '', encoding: 'hex' },
  secretFormat: 'the X-Hook-Secret value of the handshake that created the webhook, used as UTF-8 bytes; not a personal access token',
  deliveryIds: [],
  idempotencyFallback: 'deduplicate on the events\' resource gid, action and created_at in the payload',
  facts: 'the handshake itself (X-Hook-Secret, no signature) is not verified here',
  demo: {
    payload: '{"events":[{"user":{"gid":"1200000000000001","resource_type":"user"},"created_at":"2023-11-14T22:13:20.000Z",' +
      '"action":"changed","resource":{"gid":"1200000000000002","resource_type":"task"}}]}',
    secret: 'asana-replay-vector-demo-hook-secret',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Asana signs the body with the X-Hook-Secret of the handshake as hex',
    'Store the X-Hook-Secret sent when the webhook was established: it is the key of every later X-Hook-Signature.')
})
