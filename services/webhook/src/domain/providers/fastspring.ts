import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

// https://developer.fastspring.com/docs/message-security
export const fastspring = bodyHmacProvider({
  id: 'fastspring',
  name: 'FastSpring',
  header: 'X-FS-Signature',
  framing: { prefix: '', encoding: 'base64' },
  secretFormat: 'the webhook\'s HMAC SHA256 Secret (Developer Tools > Webhooks), used as UTF-8 bytes; not the API credentials',
  deliveryIds: [],
  idempotencyFallback: 'deduplicate on each event\'s id in the payload\'s events array (one POST carries several events)',
  facts: 'one signature covers every event of the batch',
  demo: {
    payload: '{"events":[{"id":"demo-event-0001","processed":false,"created":1700000000000,"type":"order.completed",' +
      '"live":false,"data":{"order":"demo-order","reference":"DEMO231114-0001-00001"}}]}',
    secret: 'fastspring-replay-vector-demo-hmac-secret',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('FastSpring signs the whole body (every event of the batch) as base64',
    'The key is the HMAC SHA256 Secret typed on the webhook; verify once over the raw body, then iterate its events.')
})
