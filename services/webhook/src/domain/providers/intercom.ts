import { HMAC_SHA1 } from '../algorithms.js'
import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

// Intercom still signs with HMAC-SHA1 in X-Hub-Signature (GitHub's legacy header name, with a sha1= value).
export const intercom = bodyHmacProvider({
  id: 'intercom',
  name: 'Intercom',
  header: 'X-Hub-Signature',
  framing: { prefix: 'sha1=', encoding: 'hex' },
  algorithm: HMAC_SHA1,
  secretFormat: 'the app\'s client secret (Developer Hub > your app > Basic information), used as UTF-8 bytes; not an access token',
  deliveryIds: [],
  idempotencyFallback: 'deduplicate deliveries on the notification id (id, notif_...) in the payload',
  facts: 'HMAC-SHA1, keyed with the app\'s client secret',
  demo: {
    payload: '{"type":"notification_event","app_id":"demo1234","data":{"type":"notification_event_data","item":{"type":"ping","message":"something"}},' +
      '"id":"notif_ccd8a4d2-a6b8-4a23-9c5e-3a7f1c2b1d00","topic":"ping","created_at":1700000000}',
    secret: 'intercom-replay-vector-demo-client-secret',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Intercom signs the body with HMAC-SHA1 and the app\'s client secret',
    'The key is the client secret of the app that owns the webhook subscription, not an access token; the digest is sha1, not sha256.')
})
